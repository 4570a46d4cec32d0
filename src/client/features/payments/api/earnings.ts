import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { StatementAnswer } from "../../../../shared/earnings-statement";
import type { EarningsAnswer, payoutAccountAnswerSchema } from "../../../../shared/payments";
import { apiFetch } from "../../../lib/api-client";

type PayoutAccountAnswer = z.infer<typeof payoutAccountAnswerSchema>;

export function getEarnings(): Promise<EarningsAnswer> {
  return apiFetch<EarningsAnswer>("/api/landscaper/earnings");
}

export function setUpPayouts(): Promise<PayoutAccountAnswer> {
  return apiFetch<PayoutAccountAnswer>("/api/landscaper/payout-account", { method: "POST", json: {} });
}

export const earningsQueryOptions = queryOptions({
  queryKey: ["landscaper", "earnings"],
  queryFn: getEarnings,
});

/** The signed-in landscaper's balance, next payout, payouts and per-job earnings. */
export function useEarnings(enabled = true) {
  return useQuery({ ...earningsQueryOptions, enabled });
}

export function useSetUpPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUpPayouts,
    onSettled: () => queryClient.invalidateQueries({ queryKey: earningsQueryOptions.queryKey }),
  });
}

/** The period as the API takes it (Charlotte dates, inclusive). */
export const visitEarningsQuery = (from: string, to: string) =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** Each visit's money in a period and the payout it went into (the Earnings tab's "Per visit"). */
export function useVisitEarnings(period: { from: string; to: string } | null) {
  return useQuery({
    queryKey: ["landscaper", "earnings", "visits", period?.from, period?.to],
    queryFn: () =>
      apiFetch<StatementAnswer>(
        `/api/landscaper/earnings/visits?${visitEarningsQuery(period!.from, period!.to)}`,
      ),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}
