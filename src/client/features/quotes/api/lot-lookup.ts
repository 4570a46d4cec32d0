import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LotLookupAnswer } from "../../../../shared/pricing";
import { apiFetch } from "../../../lib/api-client";

export function getLot(address: string, zipCode: string): Promise<LotLookupAnswer> {
  const query = new URLSearchParams({ address, zipCode });
  return apiFetch<LotLookupAnswer>(`/api/quotes/lot?${query}`);
}

export const lotQueryOptions = (address: string, zipCode: string) =>
  queryOptions({
    queryKey: ["quotes", "lot", address, zipCode],
    queryFn: () => getLot(address, zipCode),
    staleTime: Number.POSITIVE_INFINITY,
    // A failed lookup never blocks a quote: the customer's own answer stands, no retry needed.
    retry: false,
  });

/**
 * The lot the county's records give for the address the customer finished typing (null `address` until then):
 * the size question pre-selects its tier. No records configured, no match or a failure all answer nothing.
 */
export function useLotLookup(target: { address: string; zipCode: string } | null) {
  return useQuery({
    ...lotQueryOptions(target?.address ?? "", target?.zipCode ?? ""),
    enabled: target !== null,
  });
}
