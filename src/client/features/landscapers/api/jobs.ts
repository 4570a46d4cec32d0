import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { OkMessageAnswer } from "../../../../shared/answers";
import type { LandscaperJobsAnswer, QueueFilters } from "../../../../shared/job-queue";
import type { JobActionAnswer } from "../../../../shared/jobs";
import { apiFetch } from "../../../lib/api-client";
import { jobListKeys } from "../../../lib/query-keys";
import { sendOrKeep } from "../../field";

export type { QueueStats } from "../../../../shared/job-queue";

/** The query string of one page of the queue: the filters that are set, and where the page starts. */
export function queueSearch(filters: QueueFilters, cursor?: string): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  if (cursor) search.set("cursor", cursor);
  return search.toString();
}

/**
 * The queue under `filters`, a page at a time ('Load more' fetches the next). Every variant shares the
 * `jobListKeys.landscaper` prefix, so an action or a live alert refreshes whichever is on screen.
 */
export function landscaperJobsQuery(filters: QueueFilters) {
  return infiniteQueryOptions({
    queryKey: [...jobListKeys.landscaper, filters],
    queryFn: ({ pageParam }) =>
      apiFetch<LandscaperJobsAnswer>(`/api/landscaper/jobs?${queueSearch(filters, pageParam)}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // New requests arrive while the dashboard is open.
    refetchInterval: 60_000,
    // A new filter keeps the current list on screen until its own arrives, rather than a blank 'Loading'.
    placeholderData: keepPreviousData,
  });
}

export function useLandscaperJobs(filters: QueueFilters, enabled: boolean) {
  return useInfiniteQuery({ ...landscaperJobsQuery(filters), enabled });
}

export type JobAction =
  | {
      action: "accept";
      body: { price?: string | number; scheduledDate?: string | undefined; weekday?: number };
    }
  | { action: "decline"; body?: undefined }
  | { action: "undo-decline"; body?: undefined }
  | { action: "complete"; body: { finalPrice: string | number; reason?: string } }
  | { action: "withdraw"; body: { reason: string } }
  | { action: "release"; body: { reason: string } }
  // A waiting offer on an open firm-priced request, taken back (issue 35).
  | { action: "offer/withdraw"; body?: undefined };

/**
 * Accept, decline (or undo it), complete, withdraw from or release one job; the queue (and the schedule,
 * under the same key) is refetched whatever the outcome.
 */
export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, jobTitle, ...action }: JobAction & { jobId: string; jobTitle?: string }) => {
      const send = (request: { headers?: Record<string, string>; body?: unknown } = {}) =>
        apiFetch<JobActionAnswer | OkMessageAnswer>(`/api/jobs/${jobId}/${action.action}`, {
          method: "POST",
          json: request.body ?? action.body ?? {},
          headers: request.headers,
        });
      // Marking a visit complete works without a network (issue 37): kept on the phone, sent later in order.
      if (action.action !== "complete") return send();
      return sendOrKeep({ jobId, jobTitle, action: "complete", body: { ...action.body } }, send);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobListKeys.landscaper }),
  });
}

/** The customer's photo of a job, streamed only to the assigned landscaper (and the customer, admins). */
export function jobPhotoUrl(jobId: string): string {
  return `/api/jobs/${jobId}/photo`;
}
