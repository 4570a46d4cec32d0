import { useQuery } from "@tanstack/react-query";
import type { LandscaperJobAnswer } from "../../../../shared/job-queue";
import type { ScheduleAnswer } from "../../../../shared/schedule";
import { apiFetch } from "../../../lib/api-client";
import { jobListKeys } from "../../../lib/query-keys";

/**
 * Under the `jobListKeys.landscaper` prefix, like the queue: a job action (in the visit's dialog or the
 * queue) or a live alert refreshes the schedule and the open visit too.
 */
export const scheduleKeys = {
  weeks: [...jobListKeys.landscaper, "schedule"] as const,
  job: (jobId: string) => [...jobListKeys.landscaper, "one", jobId] as const,
};

/** This week's and next week's visits by day, each day in its suggested driving order. */
export function useSchedule(enabled: boolean) {
  return useQuery({
    queryKey: scheduleKeys.weeks,
    queryFn: () => apiFetch<ScheduleAnswer>("/api/landscaper/schedule"),
    enabled,
    // Bookings and moves arrive while the tab is open.
    refetchInterval: 60_000,
  });
}

/** One of the landscaper's jobs, as the queue shows it: the visit the schedule opens. */
export function useLandscaperJob(jobId: string | null) {
  return useQuery({
    queryKey: scheduleKeys.job(jobId ?? ""),
    queryFn: () => apiFetch<LandscaperJobAnswer>(`/api/landscaper/jobs/${jobId}`),
    enabled: jobId !== null,
  });
}
