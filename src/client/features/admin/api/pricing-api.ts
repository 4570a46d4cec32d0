import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminPricingAnswer,
  PublishRateCardAnswer,
  PublishRateCardInput,
} from "../../../../shared/pricing-admin";
import { apiFetch } from "../../../lib/api-client";
import { adminKey } from "./admin-api";

/* ---------------- Pricing (issue 34, item 3) ---------------- */

/** The card in force, what is scheduled, and every version. */
export const fetchAdminPricing = () => apiFetch<AdminPricingAnswer>("/api/admin/pricing");

export const adminPricingQueryOptions = queryOptions({
  queryKey: [...adminKey, "pricing"],
  queryFn: fetchAdminPricing,
});

export function useAdminPricing() {
  return useQuery(adminPricingQueryOptions);
}

/** The form's values as typed (dollars and percentages): the server parses them with the form's schema. */
export const publishRateCard = (input: PublishRateCardInput) =>
  apiFetch<PublishRateCardAnswer>("/api/admin/pricing", { method: "POST", json: input });

/**
 * Publishes a new version, then reads the page again (history, next number). Not awaited: the confirmation
 * closes on the server's answer, before the form starts again on the new version.
 */
export function usePublishRateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishRateCard,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminPricingQueryOptions.queryKey });
    },
  });
}
