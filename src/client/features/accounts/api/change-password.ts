import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { changePasswordSchema } from "../../../../shared/accounts";
import { apiFetch } from "../../../lib/api-client";

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** For a signed-in user; 400 "Your current password is not correct." when the current one is wrong. */
export function changePassword(input: ChangePasswordInput): Promise<{ ok: true }> {
  return apiFetch("/api/auth/change-password", { method: "POST", json: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
