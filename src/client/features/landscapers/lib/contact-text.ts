import type { JobView } from "../../../../shared/jobs";

/**
 * What a job card says in place of the customer's address while the server withholds their details, or null
 * when it sends them: once the customer approves the landscaper's offer (the server's contactApproved rule);
 * until then the card must work without them.
 */
export function withheldContactText(job: Pick<JobView, "contactHidden" | "status">): string | null {
  if (!job.contactHidden) return null;
  return job.status === "pending"
    ? "Exact address, contact details and any notes show once the customer approves your offer"
    : "Contact details and any notes appear once the customer approves your offer.";
}

/** Whether the card shows the phone and email links: the landscaper's job, not cancelled, details sent. */
export function showsContactLinks(job: Pick<JobView, "contactHidden" | "status">): boolean {
  return job.status !== "pending" && job.status !== "cancelled" && !job.contactHidden;
}

/** The customer as a card names them: their name, or "the customer" while it is withheld. */
export function customerCalled(job: Pick<JobView, "customerName">): string {
  return job.customerName || "the customer";
}

/** What the card says of the customer's photo while it is withheld, or null when it is shown (or there is none). */
export function withheldPhotoText(
  job: Pick<JobView, "contactHidden" | "status" | "hasPhoto">,
): string | null {
  if (!job.hasPhoto || !job.contactHidden) return null;
  return job.status === "pending"
    ? "Photo included (visible once the customer approves your offer)"
    : "Photo included (visible once the customer approves your offer)";
}
