import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

export function signOut(): Promise<unknown> {
  return apiFetch("/api/auth/sign-out", { method: "POST", json: {} });
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
