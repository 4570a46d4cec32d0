import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RateCardAnswer } from "../../../../shared/pricing";
import { apiFetch } from "../../../lib/api-client";

export function getRateCard(): Promise<RateCardAnswer> {
  return apiFetch<RateCardAnswer>("/api/pricing/rate-card");
}

export const rateCardQueryOptions = queryOptions({
  queryKey: ["pricing", "rate-card"],
  queryFn: getRateCard,
  // A new version is published rarely and the server prices the request again on sending anyway.
  staleTime: 10 * 60_000,
});

/** The rate card in force today: the quote form prices the answers with it as they are given. */
export function useRateCard() {
  return useQuery(rateCardQueryOptions);
}
