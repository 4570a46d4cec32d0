import type { ClientLoaderFunctionArgs } from "react-router";
import { restoreFieldSnapshot } from "../features/field";
import { queryClient } from "../lib/query-client";
import { AreaLayout, AreaPending } from "./area-layout";
import { loadArea } from "./load-area";

/**
 * Without a network the landscaper's screens open from what the phone kept of their day (issue 37): the
 * session, profile and today's and tomorrow's visits, read into the query cache before the guard runs.
 */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  if (navigator.onLine === false) await restoreFieldSnapshot(queryClient);
  const loaded = await loadArea("landscaper", request);
  // A signal too weak to load the account: the phone's copy, if it has one, rather than a dead end.
  if (loaded.trouble && (await restoreFieldSnapshot(queryClient))) return loadArea("landscaper", request);
  return loaded;
}
export const HydrateFallback = () => <AreaPending area="landscaper" />;
export default function LandscaperArea() {
  return <AreaLayout area="landscaper" />;
}
