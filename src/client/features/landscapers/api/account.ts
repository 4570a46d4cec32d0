import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { updateProfileSchema } from "../../../../shared/accounts";
import type { OkAnswer } from "../../../../shared/answers";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryOptions } from "../../../lib/session";

export type UpdateNameInput = z.input<typeof updateProfileSchema>;

/** PATCH /api/accounts/profile: the account's display name; the session is refetched to show it. */
export function useUpdateAccountName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateNameInput) =>
      apiFetch<OkAnswer>("/api/accounts/profile", { method: "PATCH", json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
  });
}
