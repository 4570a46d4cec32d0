import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ForgotPasswordInput, ResetPasswordInput } from "../../../../shared/accounts";
import { apiFetch } from "../../../lib/api-client";

/** Always answers 200 whether or not the email has an account (429 when asked too often). */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ ok: true; message: string }> {
  return apiFetch("/api/auth/request-password-reset", { method: "POST", json: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** Sets a new password with the emailed token; 400 when the link is invalid, used or expired. */
export function resetPassword(input: ResetPasswordInput): Promise<{ ok: true }> {
  return apiFetch("/api/auth/reset-password", { method: "POST", json: input });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // The server revokes every session of the account on reset, this tab's included.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["session"] }),
  });
}
