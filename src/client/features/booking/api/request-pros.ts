import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { availableProsAnswerSchema } from "../../../../shared/booking";
import { apiFetch } from "../../../lib/api-client";

export type AvailableProsAnswer = z.infer<typeof availableProsAnswerSchema>;

/** The pros free for a request: its sender proves it with the quote's secret, its customer by the session. */
/** `pro`: the profile the customer came from ("Book <name>"), whom the answer puts first when they can come. */
export function getRequestPros(
  jobId: string,
  token: string | undefined,
  pro?: string,
): Promise<AvailableProsAnswer> {
  const params = new URLSearchParams();
  if (token) params.set("token", token);
  if (pro) params.set("pro", pro);
  const query = params.size ? `?${params}` : "";
  return apiFetch<AvailableProsAnswer>(`/api/quotes/${encodeURIComponent(jobId)}/pros${query}`);
}

export const requestProsQueryOptions = (jobId: string, token: string | undefined, pro?: string) =>
  queryOptions({
    queryKey: ["booking", "pros", jobId, pro ?? null],
    queryFn: () => getRequestPros(jobId, token, pro),
    // Days fill as others book: a list older than a minute is asked again when the page is looked at.
    staleTime: 60_000,
    retry: false,
  });

export function useRequestPros(jobId: string, token: string | undefined, enabled = true, pro?: string) {
  return useQuery({ ...requestProsQueryOptions(jobId, token, pro), enabled });
}
