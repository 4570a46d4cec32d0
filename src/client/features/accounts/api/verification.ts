import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OkMessageAnswer } from "../../../../shared/answers";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryOptions } from "../../../lib/session";

export function verifyEmail(token: string): Promise<OkMessageAnswer> {
  return apiFetch<OkMessageAnswer>("/api/auth/verify-email", { method: "POST", json: { token } });
}

export function resendVerificationEmail(): Promise<OkMessageAnswer> {
  return apiFetch<OkMessageAnswer>("/api/auth/send-verification-email", { method: "POST", json: {} });
}

/** Confirms the address; the session is read again so the banner and the rights that depend on it update. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
  });
}

export function useResendVerificationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerificationEmail,
    // 409 means it was confirmed meanwhile (in another tab): the fresh session hides the banner.
    onError: () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
  });
}
