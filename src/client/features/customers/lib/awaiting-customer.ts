import type { JobView } from "../../../../shared/jobs";

export interface AwaitingItem {
  job: JobView;
  /** What the customer is asked to do, as a button would say it. */
  action: string;
}

/**
 * The customer's jobs that wait on the customer, oldest question first: an offer to approve, a price change to
 * answer, finished work to approve before silence approves it, then work to rate. The customer's home lists
 * them so nothing waits unseen one click away.
 */
export function awaitingCustomer(jobs: JobView[], now = Date.now()): AwaitingItem[] {
  const items: AwaitingItem[] = [];
  for (const job of jobs) {
    // A price change asked before the work, on an offer or a booking: the question the card puts first.
    if (job.priceChange?.state === "open" && (job.status === "accepted" || job.status === "scheduled"))
      items.push({ job, action: "Answer the price change" });
    else if (job.status === "accepted") items.push({ job, action: "Review the offer" });
    else if (job.priceRequest?.answer === "pending") items.push({ job, action: "Answer the price change" });
    else if (
      job.status === "completed" &&
      !job.workApprovedAt &&
      !job.problemReportedAt &&
      job.approvalEndsAt &&
      Date.parse(job.approvalEndsAt) > now
    )
      items.push({ job, action: "Approve the work" });
    else if (
      job.status === "completed" &&
      job.workApprovedAt &&
      job.rating === null &&
      // Only while the review can be written (issue 36: charged, within 14 days); without the field, as before.
      (job.review?.side !== "customer" || job.review.state === "open" || job.review.state === "series_month")
    )
      items.push({ job, action: "Rate the work" });
  }
  const rank = (item: AwaitingItem) => (item.action === "Rate the work" ? 1 : 0);
  return items.sort((a, b) => rank(a) - rank(b) || a.job.updatedAt.localeCompare(b.job.updatedAt));
}
