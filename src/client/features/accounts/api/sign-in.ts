import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignInInput } from "../../../../shared/accounts";
import type { SessionResponse } from "../../../../shared/session";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { rememberSignedInUser } from "../../../lib/session-cache";

export function signInWithEmail(input: SignInInput): Promise<SessionResponse> {
  return apiFetch<SessionResponse>("/api/auth/sign-in/email", { method: "POST", json: input });
}

/**
 * Signs in and puts the returned user in the ["session"] query, so every screen sees it at once.
 * Resolves with that user, for the caller to pick where to go.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      const data = await signInWithEmail(input);
      return rememberSignedInUser(queryClient, data.user);
    },
    onError: (error) => {
      // The admin portal refused a non-admin and revoked the session it had just opened.
      if (error instanceof ApiError && error.code === "admin_access_required") {
        queryClient.setQueryData<SessionResponse>(["session"], { user: null });
      }
    },
  });
}
