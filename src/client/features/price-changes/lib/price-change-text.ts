import type { JobView } from "../../../../shared/jobs";
import { type PriceChangeView, priceChangeAmount } from "../../../../shared/price-change";
import { formatCents } from "../../../../shared/services";

/** The price change a job's card shows: while the job is booked or offered, and not lapsed (then it moved on). */
export function shownPriceChange(job: Pick<JobView, "status" | "priceChange">): PriceChangeView | null {
  const change = job.priceChange ?? null;
  if (!change || change.state === "lapsed") return null;
  return job.status === "accepted" || job.status === "scheduled" ? change : null;
}

/** After the customer declined: the landscaper's way out is the no-mark withdrawal. */
export const priceDeclined = (job: Pick<JobView, "status" | "priceChange">) =>
  shownPriceChange(job)?.state === "declined";

/** "$70.00" or "$70.00 per visit", and the agreed price the same way. */
export function pricesOf(change: Pick<PriceChangeView, "agreedCents" | "askedCents" | "perVisit">) {
  return {
    asked: priceChangeAmount(formatCents(change.askedCents), change.perVisit),
    agreed: priceChangeAmount(formatCents(change.agreedCents), change.perVisit),
  };
}

/** Where the landscaper's request stands, said to them (`customer`: a name, or "The customer"). */
export function landscaperStateText(change: PriceChangeView, customer: string): string {
  const { asked, agreed } = pricesOf(change);
  switch (change.state) {
    case "open":
      return `You asked ${asked} instead of the agreed ${agreed}. Waiting for ${customer === "The customer" ? "the customer" : customer} to answer; until then the agreed ${agreed} stands, on the visit day too: work done before a yes is charged at it.`;
    case "approved":
      return `${customer} approved your new price: ${asked} is the agreed price now.`;
    case "declined":
      return `${customer} declined your price change (${asked}): the agreed ${agreed} stands. ${change.perVisit ? "Keep the series at that price, or leave it" : "Keep the job at that price, or withdraw from it"}: that leaves no mark on your record.`;
    case "withdrawn":
      return `You took back your price change (${asked}); the agreed ${agreed} stands. You can ask again.`;
    case "lapsed":
      return `Your price change (${asked}) was not answered before the job moved on; the agreed ${agreed} stood.`;
  }
}

/** Where the request stands, said to the customer once it no longer waits for them. */
export function customerStateText(change: PriceChangeView, landscaper: string): string | null {
  const { asked, agreed } = pricesOf(change);
  switch (change.state) {
    case "approved":
      return `You approved the new price: ${asked} is the agreed price now.`;
    case "declined":
      return `You declined the new price of ${asked}: the agreed ${agreed} stands. ${landscaper} may keep the job at it or withdraw; we tell you if they withdraw, and your request goes back to landscapers in your area.`;
    case "withdrawn":
      return `${landscaper} took back the price change they asked (${asked}): the agreed ${agreed} stands.`;
    default:
      return null;
  }
}
