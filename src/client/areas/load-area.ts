import { type ClientLoaderFunctionArgs, redirect } from "react-router";
import { queryClient } from "../lib/query-client";
import { sessionQueryOptions } from "../lib/session";
import { withTimeout } from "../lib/timeout";
import { ACCOUNT_LOAD_TIMEOUT_MS, type Area, decideAccess } from "./access";

/** What an area's loader hands its layout: whether the account failed to load in time. */
export interface AreaLoaderData {
  trouble: boolean;
}

/**
 * Every guarded layout route's clientLoader: the session from the query cache (fetched once, shared with
 * every screen), then `decideAccess`. A redirect happens before the screen renders; an account that does not
 * load within 3 seconds (or fails) lets the layout show the spec's trouble text.
 */
export async function loadArea(area: Area, request: Request): Promise<AreaLoaderData> {
  const session = await withTimeout(
    queryClient.ensureQueryData(sessionQueryOptions).catch((): "failed" => "failed"),
    ACCOUNT_LOAD_TIMEOUT_MS,
    () => "timed-out" as const,
  );
  if (session === "failed" || session === "timed-out") return { trouble: true };
  const url = new URL(request.url);
  const decision = decideAccess(area, session.user, `${url.pathname}${url.search}`);
  if (decision.kind === "redirect") throw redirect(decision.to);
  return { trouble: false };
}

/** An area layout route's clientLoader. */
export function areaLoader(area: Area) {
  return ({ request }: ClientLoaderFunctionArgs): Promise<AreaLoaderData> => loadArea(area, request);
}
