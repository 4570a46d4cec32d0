import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignUpInput } from "../../../../shared/accounts";
import type { SessionResponse } from "../../../../shared/session";
import { apiFetch } from "../../../lib/api-client";
import { rememberSignedInUser } from "../../../lib/session-cache";

export function signUpWithEmail(input: SignUpInput): Promise<SessionResponse> {
  return apiFetch<SessionResponse>("/api/auth/sign-up/email", { method: "POST", json: input });
}

/** Creates the account; the server signs the new user in, so the session query is updated too. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      const data = await signUpWithEmail(input);
      return rememberSignedInUser(queryClient, data.user);
    },
  });
}
