import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { clearFieldData, sendQueuedFieldActions } from "../../field";

/**
 * Signs out on the server, then deletes this phone's copy of a landscaper's day (issue 37). What the phone
 * still holds is sent first; without a network the sign-out itself fails, so nothing kept is lost.
 */
export async function signOut(): Promise<unknown> {
  await sendQueuedFieldActions().catch(() => null);
  const answer = await apiFetch("/api/auth/sign-out", { method: "POST", json: {} });
  await clearFieldData();
  return answer;
}

/** Signs out on the server and loads the home page afresh. */
export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      // A full load of the home page: nothing of the previous user's data stays in memory, and no
      // guarded screen gets to react to the session turning null (it would send the user to its login).
      window.location.assign("/");
    },
  });
}
