import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ServicePricesAnswer } from "../../../../shared/quotes";
import { apiFetch } from "../../../lib/api-client";

export function getServicePrices(): Promise<ServicePricesAnswer> {
  return apiFetch<ServicePricesAnswer>("/api/services/prices");
}

export const servicePricesQueryOptions = queryOptions({
  queryKey: ["services", "prices"],
  queryFn: getServicePrices,
  // Prices change rarely (an admin edits the table); a visit's worth of caching is plenty.
  staleTime: 10 * 60_000,
});

/** The current price range of every service, for the live estimate on the quote form. */
export function useServicePrices() {
  return useQuery(servicePricesQueryOptions);
}
