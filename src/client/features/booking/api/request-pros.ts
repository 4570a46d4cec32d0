import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { availableProsAnswerSchema } from "../../../../shared/booking";
import { apiFetch } from "../../../lib/api-client";

export type AvailableProsAnswer = z.infer<typeof availableProsAnswerSchema>;

/** The pros free for a request: its sender proves it with the quote's secret, its customer by the session. */
export function getRequestPros(jobId: string, token: string | undefined): Promise<AvailableProsAnswer> {
  const query = token ? `?${new URLSearchParams({ token })}` : "";
  return apiFetch<AvailableProsAnswer>(`/api/quotes/${encodeURIComponent(jobId)}/pros${query}`);
}

export const requestProsQueryOptions = (jobId: string, token: string | undefined) =>
  queryOptions({
    queryKey: ["booking", "pros", jobId],
    queryFn: () => getRequestPros(jobId, token),
    // Days fill as others book: a list older than a minute is asked again when the page is looked at.
    staleTime: 60_000,
    retry: false,
  });

export function useRequestPros(jobId: string, token: string | undefined, enabled = true) {
  return useQuery({ ...requestProsQueryOptions(jobId, token), enabled });
}
