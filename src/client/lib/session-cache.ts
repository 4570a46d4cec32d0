import type { QueryClient } from "@tanstack/react-query";
import type { SessionResponse, SessionUser } from "../../shared/session";
import { sessionQueryOptions } from "./session";

/**
 * After a sign-in or sign-up: store the new user as the session and drop other cached data (which may
 * belong to whoever used this tab before). Without a user in the answer, ask the server again.
 */
export async function rememberSignedInUser(
  queryClient: QueryClient,
  user: SessionUser | null | undefined,
): Promise<SessionUser | null> {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "session", type: "inactive" });
  if (user) {
    queryClient.setQueryData<SessionResponse>(sessionQueryOptions.queryKey, { user });
    return user;
  }
  const fresh = await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
  return fresh.user;
}
