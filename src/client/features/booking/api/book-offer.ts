import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookingAnswer } from "../../../../shared/booking";
import { apiFetch } from "../../../lib/api-client";
import { jobListKeys } from "../../../lib/query-keys";

export function bookOffer(
  jobId: string,
  offerId: string,
  cardId: string | undefined,
): Promise<BookingAnswer> {
  return apiFetch<BookingAnswer>(
    `/api/jobs/${encodeURIComponent(jobId)}/offers/${encodeURIComponent(offerId)}/book`,
    { method: "POST", json: cardId ? { cardId } : {} },
  );
}

/**
 * Books one pro's offer on the customer's open request (issue 35). Either way the list is read again: a
 * booking moves the request to booked, a refusal (the offer taken back) shows the offers as they now are.
 */
export function useBookOffer(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { offerId: string; cardId: string | undefined }) =>
      bookOffer(jobId, input.offerId, input.cardId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobListKeys.customer }),
  });
}
