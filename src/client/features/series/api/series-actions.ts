import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { JobActionAnswer } from "../../../../shared/jobs";
import type { QuoteAnswer } from "../../../../shared/quotes";
import type { DayRequestsAnswer, Frequency, SeriesActionAnswer } from "../../../../shared/recurring";
import { apiFetch } from "../../../lib/api-client";
import { jobListKeys } from "../../../lib/query-keys";

const seriesUrl = (seriesId: string, action: string) =>
  `/api/series/${encodeURIComponent(seriesId)}/${action}`;
const jobUrl = (jobId: string, action: string) => `/api/jobs/${encodeURIComponent(jobId)}/${action}`;

const post = <T>(url: string, json: unknown) => apiFetch<T>(url, { method: "POST", json });

export const seriesApi = {
  /** No visits before `until` (visits less than 48 hours away stay; the answer's message says which). */
  pause: ({ seriesId, until }: { seriesId: string; until: string }) =>
    post<SeriesActionAnswer>(seriesUrl(seriesId, "pause"), { until }),
  /** Ends a pause now: the paused visits at least 48 hours away come back. */
  resume: ({ seriesId }: { seriesId: string }) => post<SeriesActionAnswer>(seriesUrl(seriesId, "resume"), {}),
  /** Asks the landscaper to move the visits to another weekday (they stay where they are until a yes). */
  changeWeekday: ({ seriesId, weekday }: { seriesId: string; weekday: number }) =>
    post<SeriesActionAnswer>(seriesUrl(seriesId, "weekday"), { weekday }),
  withdrawWeekday: ({ seriesId }: { seriesId: string }) =>
    post<SeriesActionAnswer>(seriesUrl(seriesId, "weekday-withdraw"), {}),
  /** The landscaper's answer: yes moves the visits; no puts the series back in the queue for that day. */
  answerWeekday: ({ seriesId, agree }: { seriesId: string; agree: boolean }) =>
    post<SeriesActionAnswer>(seriesUrl(seriesId, "weekday-answer"), { agree }),
  /** A skipped visit still more than 48 hours away is made again. */
  restore: ({ jobId }: { jobId: string }) => post<JobActionAnswer>(jobUrl(jobId, "restore"), {}),
  cancel: ({ seriesId, reason }: { seriesId: string; reason: string }) =>
    post<SeriesActionAnswer>(seriesUrl(seriesId, "cancel"), { reason }),
  /** The landscaper leaves: the next visit goes back to the queue for another landscaper. */
  leave: ({ seriesId, reason }: { seriesId: string; reason: string }) =>
    post<SeriesActionAnswer>(seriesUrl(seriesId, "leave"), { reason }),
  /** The landscaper moves one visit (weather), up to 3 days, with a reason. */
  move: ({ jobId, date, reason }: { jobId: string; date: string; reason: string }) =>
    post<JobActionAnswer>(jobUrl(jobId, "move"), { date, reason }),
  /** The customer declines the day a visit was moved to: the visit is cancelled, nothing charged. */
  declineMove: ({ jobId }: { jobId: string }) => post<JobActionAnswer>(jobUrl(jobId, "decline-move"), {}),
  /** A completed job booked again, once or on a schedule: a new request. */
  repeat: ({
    jobId,
    ...body
  }: {
    jobId: string;
    frequency: Frequency;
    preferredDate: string;
    idempotencyKey: string;
  }) => post<QuoteAnswer>(jobUrl(jobId, "repeat"), body),
};

/**
 * A series or visit change by one side; that side's job lists (the landscaper's queue, schedule and open
 * visit share one prefix) are read again whatever the outcome.
 */
function useSeriesMutation<TInput, TAnswer>(
  side: keyof typeof jobListKeys,
  mutationFn: (input: TInput) => Promise<TAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobListKeys[side] }),
  });
}

export const usePauseSeries = () => useSeriesMutation("customer", seriesApi.pause);
export const useResumeSeries = () => useSeriesMutation("customer", seriesApi.resume);
export const useChangeWeekday = () => useSeriesMutation("customer", seriesApi.changeWeekday);
export const useWithdrawWeekday = () => useSeriesMutation("customer", seriesApi.withdrawWeekday);
export const useRestoreVisit = () => useSeriesMutation("customer", seriesApi.restore);
export const useAnswerWeekday = () => useSeriesMutation("landscaper", seriesApi.answerWeekday);
export const useCancelSeries = () => useSeriesMutation("customer", seriesApi.cancel);
export const useDeclineMove = () => useSeriesMutation("customer", seriesApi.declineMove);
export const useRepeatJob = () => useSeriesMutation("customer", seriesApi.repeat);
export const useLeaveSeries = () => useSeriesMutation("landscaper", seriesApi.leave);
export const useMoveVisit = () => useSeriesMutation("landscaper", seriesApi.move);

/** The customers' asks for another weekday awaiting this landscaper's answer (whatever the queue shows). */
export const getDayRequests = () => apiFetch<DayRequestsAnswer>("/api/series/day-requests");

// Under the landscaper's job-list prefix: an answer, or any job change, reads it again.
export const dayRequestsQueryOptions = () =>
  queryOptions({ queryKey: [...jobListKeys.landscaper, "day-requests"], queryFn: getDayRequests });

export const useDayRequests = (enabled: boolean) => useQuery({ ...dayRequestsQueryOptions(), enabled });
