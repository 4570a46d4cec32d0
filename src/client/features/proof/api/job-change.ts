import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { jobListKeys } from "../../../lib/query-keys";

export const jobUrl = (jobId: string, action: string) => `/api/jobs/${encodeURIComponent(jobId)}/${action}`;

/** A POST to one of a job's action routes, JSON in and out. */
export function postJob<T>(jobId: string, action: string, body: unknown = {}): Promise<T> {
  return apiFetch<T>(jobUrl(jobId, action), { method: "POST", json: body });
}

/**
 * A change to a job (a photo, an arrival step, a dispute step) seen on both sides: whatever the outcome, the
 * job lists on screen are read again (only the signed-in side's list is mounted, so only it refetches).
 */
export function useJobChange<TInput, TAnswer>(mutationFn: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshJobLists(queryClient) });
}

/** Reads the job lists on screen again (only the signed-in side's list is mounted). */
export function refreshJobLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: jobListKeys.customer }),
    queryClient.invalidateQueries({ queryKey: jobListKeys.landscaper }),
  ]);
}
