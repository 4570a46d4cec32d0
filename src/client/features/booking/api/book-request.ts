import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookingAnswer, BookRequest } from "../../../../shared/booking";
import { apiFetch } from "../../../lib/api-client";
import { jobListKeys } from "../../../lib/query-keys";

export function bookRequest(jobId: string, input: BookRequest): Promise<BookingAnswer> {
  return apiFetch<BookingAnswer>(`/api/quotes/${encodeURIComponent(jobId)}/book`, {
    method: "POST",
    json: input,
  });
}

/** Books the chosen pro and day. Not retried by itself: a refusal (the day filled) is for the customer to see. */
export function useBookRequest(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookRequest) => bookRequest(jobId, input),
    // A refusal (the day filled) shows the pros' days again as they are now; a booking shows in the dashboard.
    onError: () => queryClient.invalidateQueries({ queryKey: ["booking", "pros", jobId] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobListKeys.customer }),
  });
}
