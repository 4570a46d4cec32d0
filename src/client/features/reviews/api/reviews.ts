import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OkMessageAnswer } from "../../../../shared/answers";
import type { ReportedReviewsAnswer, ReviewActionAnswer } from "../../../../shared/reviews";
import { apiFetch } from "../../../lib/api-client";
import { jobListKeys } from "../../../lib/query-keys";

const reviewUrl = (reviewId: string, action: string) =>
  `/api/reviews/${encodeURIComponent(reviewId)}/${action}`;

/** The landscaper's private rating of a visit's customer; their job list is read again after it. */
export function useRateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { jobId: string; stars: number; note: string }) =>
      apiFetch<OkMessageAnswer>(`/api/jobs/${encodeURIComponent(input.jobId)}/customer-rating`, {
        method: "POST",
        json: { stars: input.stars, note: input.note },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobListKeys.landscaper }),
  });
}

/** The landscaper's one public reply to a review shown to them. */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reviewId: string; reply: string }) =>
      apiFetch<ReviewActionAnswer>(reviewUrl(input.reviewId, "reply"), {
        method: "POST",
        json: { reply: input.reply },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobListKeys.landscaper }),
  });
}

/** Anyone reports a review (signed in or not). */
export function useReportReview() {
  return useMutation({
    mutationFn: (input: { reviewId: string; reason: string }) =>
      apiFetch<OkMessageAnswer>(reviewUrl(input.reviewId, "report"), {
        method: "POST",
        json: { reason: input.reason },
      }),
  });
}

const reportedKey = ["admin", "reviews", "reported"] as const;

export function useReportedReviews() {
  return useQuery({
    queryKey: reportedKey,
    queryFn: () => apiFetch<ReportedReviewsAnswer>("/api/admin/reviews/reported"),
  });
}

/** An admin removes a review with a reason, or keeps it as written; the panel is read again either way. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reviewId: string; remove: string | null }): Promise<{ message: string }> =>
      input.remove === null
        ? apiFetch<OkMessageAnswer>(`/api/admin/reviews/${encodeURIComponent(input.reviewId)}/keep`, {
            method: "POST",
            json: {},
          })
        : apiFetch<ReviewActionAnswer>(`/api/admin/reviews/${encodeURIComponent(input.reviewId)}/remove`, {
            method: "POST",
            json: { reason: input.remove },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportedKey }),
  });
}
