import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageAnswer } from "../../../../shared/answers";
import type { LandscaperAssignment } from "../../../../shared/nothing-waits";
import { apiFetch } from "../../../lib/api-client";
import { jobListKeys } from "../../../lib/query-keys";

/* Our team's assignments waiting for this pro's answer (issue 38). */

const assignmentsKey = ["landscaper", "assignments"] as const;

export function useAssignments(enabled: boolean) {
  return useQuery({
    queryKey: assignmentsKey,
    queryFn: () => apiFetch<{ assignments: LandscaperAssignment[] }>("/api/landscaper/assignments"),
    enabled,
    refetchInterval: 60_000,
  });
}

/** Confirm or decline: either way the list and the queue (a confirmed visit joins it) are read again. */
export function useAnswerAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm, reason }: { id: string; confirm: boolean; reason?: string }) =>
      apiFetch<MessageAnswer>(
        `/api/landscaper/assignments/${encodeURIComponent(id)}/${confirm ? "confirm" : "decline"}`,
        { method: "POST", json: confirm ? {} : { reason: reason ?? "" } },
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: assignmentsKey });
      await queryClient.invalidateQueries({ queryKey: jobListKeys.landscaper });
    },
  });
}
