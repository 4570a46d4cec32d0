import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
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
