import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { JobActionAnswer } from "../../../../shared/jobs";
import { apiFetch } from "../../../lib/api-client";
import { customerJobsKey } from "./customer-jobs";

const jobUrl = (jobId: string, action: string) => `/api/jobs/${encodeURIComponent(jobId)}/${action}`;

/** Approves the offer, holding the chosen card (the default one when absent). */
export function approveJob(input: { jobId: string; cardId?: string }): Promise<JobActionAnswer> {
  return apiFetch<JobActionAnswer>(jobUrl(input.jobId, "approve"), {
    method: "POST",
    json: input.cardId ? { cardId: input.cardId } : {},
  });
}

/** `acceptedFeeCents`: the cancellation fee the dialog showed (a higher one is refused, to be shown). */
export function cancelJob(input: {
  jobId: string;
  reason: string;
  acceptedFeeCents?: number;
}): Promise<JobActionAnswer> {
  return apiFetch<JobActionAnswer>(jobUrl(input.jobId, "cancel"), {
    method: "POST",
    json: { reason: input.reason, acceptedFeeCents: input.acceptedFeeCents ?? 0 },
  });
}

/** `acceptNewPrice`: the customer's yes to the higher final price the landscaper asked; else the agreed one. */
export function approveWork(input: {
  jobId: string;
  acceptNewPrice?: boolean;
  showPhotos?: boolean;
}): Promise<JobActionAnswer> {
  return apiFetch<JobActionAnswer>(jobUrl(input.jobId, "approve-work"), {
    method: "POST",
    json: {
      ...(input.acceptNewPrice ? { acceptNewPrice: true } : {}),
      ...(input.showPhotos ? { showPhotos: true } : {}),
    },
  });
}

/** The tip travels in dollars (the server converts to cents, as it does for every price form). */
export function rateJob(input: {
  jobId: string;
  rating: number;
  punctuality?: number | undefined;
  communication?: number | undefined;
  comment: string;
  tipDollars: number;
}): Promise<JobActionAnswer> {
  return apiFetch<JobActionAnswer>(`/api/jobs/${encodeURIComponent(input.jobId)}/rate`, {
    method: "POST",
    json: {
      rating: input.rating,
      punctuality: input.punctuality,
      communication: input.communication,
      comment: input.comment,
      tip: input.tipDollars,
    },
  });
}

/** After any action, whatever the outcome, the list and the next job are read again from the server. */
function useJobAction<TInput>(mutationFn: (input: TInput) => Promise<JobActionAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerJobsKey }),
  });
}

export function useApproveJob() {
  return useJobAction(approveJob);
}

export function useCancelJob() {
  return useJobAction(cancelJob);
}

export function useRateJob() {
  return useJobAction(rateJob);
}

export function useApproveWork() {
  return useJobAction(approveWork);
}
