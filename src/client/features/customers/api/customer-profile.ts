import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CustomerProfileAnswer, CustomerProfileValues } from "../../../../shared/customers";
import { apiFetch } from "../../../lib/api-client";

export function getCustomerProfile(): Promise<CustomerProfileAnswer> {
  return apiFetch<CustomerProfileAnswer>("/api/customer/profile");
}

export function saveCustomerProfile(input: CustomerProfileValues): Promise<CustomerProfileAnswer> {
  return apiFetch<CustomerProfileAnswer>("/api/customer/profile", { method: "PUT", json: input });
}

export const customerProfileQueryOptions = queryOptions({
  queryKey: ["customer", "profile"],
  queryFn: getCustomerProfile,
});

/** The signed-in customer's onboarding details (null until completed). Pass enabled=false for others. */
export function useCustomerProfile(enabled = true) {
  return useQuery({ ...customerProfileQueryOptions, enabled });
}

/** Creates or updates the profile, and puts the answer straight into the cache. */
export function useSaveCustomerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomerProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData(customerProfileQueryOptions.queryKey, answer);
    },
  });
}
