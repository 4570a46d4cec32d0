import type { Resolution } from "../../../../shared/proof";
import { formatCents } from "../../../../shared/services";

const paymentStatusLabel: Record<string, string> = {
  pending: "Checking the card",
  held: "Held on the card",
  captured: "Charged",
  released: "Hold released",
  expired: "Hold expired",
  failed: "Card refused",
};

/**
 * "Charged · $80.00 refundable", "Held on the card, not charged yet", or "No payment". A hold has nothing to
 * refund yet (the resolve dialog says how much a partial refund may be), so it names no refundable amount.
 */
export function paymentText(status: string | null, refundableCents: number): string {
  if (!status) return "No payment";
  if (status === "held") return "Held on the card, not charged yet";
  const label = paymentStatusLabel[status] ?? status;
  return refundableCents > 0 ? `${label} · ${formatCents(refundableCents)} refundable` : label;
}

/** What each resolution does, under its radio button. */
export const resolutionHint: Record<Resolution, string> = {
  redo: "The landscaper comes back on a date within 7 days; the job is scheduled again.",
  partial_refund: "The work is charged, then the amount below is refunded to the customer.",
  full_refund: "The customer pays nothing for this job.",
  release_payment: "The customer is charged and the landscaper is paid as usual.",
};

/**
 * The partial refund's amount (dollars, as typed) above what can still be refunded: the message to show
 * under the field, or null. The server checks again; without a refundable figure it decides alone.
 */
export function refundAboveLimit(amount: unknown, refundableCents: number): string | null {
  if (refundableCents <= 0) return null;
  const dollars = Number(amount);
  if (!Number.isFinite(dollars)) return null;
  return Math.round(dollars * 100) > refundableCents
    ? `At most ${formatCents(refundableCents)} can be refunded.`
    : null;
}
