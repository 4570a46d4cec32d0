import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OkMessageAnswer } from "../../../../shared/answers";
import type { JobActionAnswer, LandscaperJobsAnswer } from "../../../../shared/jobs";
import { apiFetch } from "../../../lib/api-client";
import { jobListKeys } from "../../../lib/query-keys";

export type QueueStats = LandscaperJobsAnswer["stats"];

export const landscaperJobsQuery = queryOptions({
  queryKey: jobListKeys.landscaper,
  queryFn: () => apiFetch<LandscaperJobsAnswer>("/api/landscaper/jobs"),
  // New requests arrive while the dashboard is open.
  refetchInterval: 60_000,
});

export function useLandscaperJobs(enabled: boolean) {
  return useQuery({ ...landscaperJobsQuery, enabled });
}

export type JobAction =
  | { action: "accept"; body: { price: string | number; scheduledDate?: string } }
  | { action: "decline"; body?: undefined }
  | { action: "complete"; body: { finalPrice: string | number } };

/** Accept, decline or complete one job; the queue is refetched whatever the outcome (it may have moved on). */
export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, ...action }: JobAction & { jobId: string }) =>
      apiFetch<JobActionAnswer | OkMessageAnswer>(`/api/jobs/${jobId}/${action.action}`, {
        method: "POST",
        json: action.body ?? {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: landscaperJobsQuery.queryKey }),
  });
}

/** The customer's photo of a job, streamed only to the assigned landscaper (and the customer, admins). */
export function jobPhotoUrl(jobId: string): string {
  return `/api/jobs/${jobId}/photo`;
}
