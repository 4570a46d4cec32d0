import type { JobActionAnswer, JobView } from "../../../../shared/jobs";
import { photoFields } from "../../../../shared/proof";
import { apiFetch } from "../../../lib/api-client";
import { uploadForm } from "../../../lib/upload";
import { postJob, useJobChange } from "../../proof";

/**
 * A price change before the work (issue 34): the landscaper asks (a form with the price, the reason and the
 * photos, with the upload's progress) or takes it back; the customer approves or declines; after a decline the
 * landscaper leaves the job or series with no mark. Every one reads both sides' job lists again when it settles.
 */

export interface AskPriceChangeInput {
  jobId: string;
  price: string;
  reason: string;
  files: readonly File[];
  onProgress?: (sent: number, total: number) => void;
}

/** POST /api/jobs/:id/price-change as multipart: price and reason first, then photo1…photoN. */
export function askPriceChange({ jobId, price, reason, files, onProgress }: AskPriceChangeInput) {
  const form = new FormData();
  form.append("price", price);
  form.append("reason", reason);
  files.forEach((file, index) => {
    const field = photoFields[index];
    if (field) form.append(field, file, file.name);
  });
  return uploadForm<JobActionAnswer>(`/api/jobs/${encodeURIComponent(jobId)}/price-change`, form, {
    onProgress,
  });
}

export const withdrawPriceChange = ({ jobId }: { jobId: string }) =>
  postJob<JobActionAnswer>(jobId, "price-change/withdraw");
export const approvePriceChange = ({ jobId }: { jobId: string }) =>
  postJob<JobActionAnswer>(jobId, "price-change/approve");
export const declinePriceChange = ({ jobId }: { jobId: string }) =>
  postJob<JobActionAnswer>(jobId, "price-change/decline");

/**
 * Leaving after the customer declined: the job's own withdrawal, or for a visit of a series leaving the series
 * (a visit is not withdrawn alone). The server sees the declined change and records it as no mark.
 */
export function leaveAfterDecline({ job, reason }: { job: Pick<JobView, "id" | "series">; reason: string }) {
  const url = job.series
    ? `/api/series/${encodeURIComponent(job.series.id)}/leave`
    : `/api/jobs/${encodeURIComponent(job.id)}/withdraw`;
  return apiFetch<{ message: string }>(url, { method: "POST", json: { reason } });
}

export const useAskPriceChange = () => useJobChange(askPriceChange);
export const useWithdrawPriceChange = () => useJobChange(withdrawPriceChange);
export const useApprovePriceChange = () => useJobChange(approvePriceChange);
export const useDeclinePriceChange = () => useJobChange(declinePriceChange);
export const useLeaveAfterDecline = () => useJobChange(leaveAfterDecline);
