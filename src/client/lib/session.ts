import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SessionResponse, SessionUser } from "../../shared/session";
import { apiFetch } from "./api-client";

export function getSession(): Promise<SessionResponse> {
  return apiFetch<SessionResponse>("/api/session");
}

export const sessionQueryOptions = queryOptions({
  queryKey: ["session"],
  queryFn: getSession,
  staleTime: 60_000,
});

/** Who is signed in, from the server's session endpoint; null for a visitor. */
export function useSession(): { user: SessionUser | null; isPending: boolean; isError: boolean } {
  const query = useQuery(sessionQueryOptions);
  return { user: query.data?.user ?? null, isPending: query.isPending, isError: query.isError };
}
