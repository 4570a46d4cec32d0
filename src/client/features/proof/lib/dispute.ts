import { formatLongDate } from "../../../../shared/dates";
import type { DisputeView } from "../../../../shared/proof";
import { resolutionLabel } from "../../../../shared/proof";

/** The landscaper may offer a redo while the report is open, or again after the customer declined one. */
export function canOfferRedo(dispute: DisputeView | null | undefined): boolean {
  if (!dispute) return false;
  return dispute.state === "open" || (dispute.state === "redo_offered" && dispute.redoDeclined);
}

/** The customer is waiting to answer an offered redo visit. */
export function redoAwaitsAnswer(dispute: DisputeView | null | undefined): boolean {
  return dispute?.state === "redo_offered" && !dispute.redoDeclined;
}

/** "Resolved: Partial refund. <the note both sides read>", or null while it is not resolved. */
export function resolutionText(dispute: DisputeView | null | undefined): string | null {
  if (dispute?.state !== "resolved") return null;
  const how = dispute.resolution ? resolutionLabel[dispute.resolution] : null;
  const head = how ? `Resolved: ${how}.` : "Resolved.";
  const note = dispute.resolutionNote?.trim();
  return note ? `${head} ${note}` : head;
}

/** "Tuesday, December 1, 2026", or "a date to be confirmed". */
export function redoDateText(dispute: DisputeView): string {
  return dispute.redoDate ? formatLongDate(dispute.redoDate) : "a date to be confirmed";
}
