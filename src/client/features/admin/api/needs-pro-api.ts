import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageAnswer } from "../../../../shared/answers";
import type {
  AssignCandidate,
  AssignProInput,
  NeedsProAnswer,
  TellCustomerInput,
} from "../../../../shared/nothing-waits";
import { apiFetch } from "../../../lib/api-client";
import { adminKey } from "./admin-api";

/* Nothing waits silently (issue 38): the Needs a pro queue, its candidates, and our team's two actions. */

const needsProKey = [...adminKey, "needs-a-pro"] as const;

export const needsProQueryOptions = queryOptions({
  queryKey: needsProKey,
  queryFn: () => apiFetch<NeedsProAnswer>("/api/admin/needs-a-pro"),
});

export function useNeedsPro() {
  return useQuery(needsProQueryOptions);
}

/** The pros free for one request; read when its Assign dialog opens. */
export function useAssignCandidates(jobId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...needsProKey, jobId, "pros"],
    queryFn: () =>
      apiFetch<{ pros: AssignCandidate[] }>(`/api/admin/needs-a-pro/${encodeURIComponent(jobId)}/pros`),
    enabled,
  });
}

export function useAssignPro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, ...body }: AssignProInput & { jobId: string }) =>
      apiFetch<MessageAnswer>(`/api/admin/needs-a-pro/${encodeURIComponent(jobId)}/assign`, {
        method: "POST",
        json: body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

export function useTellCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, ...body }: TellCustomerInput & { jobId: string }) =>
      apiFetch<MessageAnswer>(`/api/admin/needs-a-pro/${encodeURIComponent(jobId)}/tell-customer`, {
        method: "POST",
        json: body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
