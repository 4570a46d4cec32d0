import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CustomerJobsAnswer, NextJobAnswer } from "../../../../shared/jobs";
import { apiFetch } from "../../../lib/api-client";
import { jobListKeys } from "../../../lib/query-keys";

export function getCustomerJobs(): Promise<CustomerJobsAnswer> {
  return apiFetch<CustomerJobsAnswer>("/api/customer/jobs");
}

export function getNextJob(): Promise<NextJobAnswer> {
  return apiFetch<NextJobAnswer>("/api/customer/jobs/next");
}

/** Every customer-job query starts with this key, so one invalidation refreshes the list and the next job. */
export const customerJobsKey = jobListKeys.customer;

export const customerJobsQueryOptions = queryOptions({
  queryKey: [...customerJobsKey, "list"],
  queryFn: getCustomerJobs,
});

export const nextJobQueryOptions = queryOptions({
  queryKey: [...customerJobsKey, "next"],
  queryFn: getNextJob,
});

/** The customer's requests, newest first. */
export function useCustomerJobs(enabled = true) {
  return useQuery({ ...customerJobsQueryOptions, enabled });
}

/** The customer's next scheduled service, or null. */
export function useNextJob(enabled = true) {
  return useQuery({ ...nextJobQueryOptions, enabled });
}
