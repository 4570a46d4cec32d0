import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Availability, availabilityAnswerSchema } from "../../../../shared/booking";
import { apiFetch } from "../../../lib/api-client";
import { jobListKeys } from "../../../lib/query-keys";

export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

/** The signed-in landscaper's availability: the defaults until they save it. */
export function getAvailability(): Promise<AvailabilityAnswer> {
  return apiFetch<AvailabilityAnswer>("/api/landscaper/availability");
}

export function putAvailability(input: Availability): Promise<AvailabilityAnswer> {
  return apiFetch<AvailabilityAnswer>("/api/landscaper/availability", { method: "PUT", json: input });
}

export const availabilityQueryOptions = queryOptions({
  queryKey: ["landscaper", "availability"],
  queryFn: getAvailability,
});

/** Only asked for when `enabled`: the route is a landscaper's own (a master's preview has none). */
export function useAvailability(enabled = true) {
  return useQuery({ ...availabilityQueryOptions, enabled });
}

/**
 * Saves the availability; the answer becomes the cached one. The Schedule's free slots are counted from it,
 * so the landscaper's lists (the schedule among them, under `jobListKeys.landscaper`) are marked stale too.
 */
export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putAvailability,
    onSuccess: async (saved) => {
      queryClient.setQueryData(availabilityQueryOptions.queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: jobListKeys.landscaper });
    },
  });
}
