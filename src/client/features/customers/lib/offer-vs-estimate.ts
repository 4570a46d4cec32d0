import { formatCents, formatRange } from "../../../../shared/services";

/**
 * The offered price beside the customer's instant estimate, in plain words, for the dialog where they decide:
 * "Your instant estimate was $50.00 – $75.00. This offer is $45.00 (60%) more than the top of it."
 */
export function offerVsEstimate(offerCents: number, lowCents: number, highCents: number): string {
  const estimate = `Your instant estimate was ${formatRange(lowCents, highCents)}.`;
  const gap = (cents: number, base: number) =>
    `${formatCents(cents)}${base > 0 ? ` (${Math.round((cents / base) * 100)}%)` : ""}`;
  const single = lowCents === highCents;
  if (offerCents > highCents)
    return `${estimate} This offer is ${gap(offerCents - highCents, highCents)} more than ${single ? "that" : "the top of it"}.`;
  if (offerCents < lowCents)
    return `${estimate} This offer is ${gap(lowCents - offerCents, lowCents)} less than ${single ? "that" : "the bottom of it"}.`;
  return `${estimate} This offer is ${single ? "the same" : "within it"}.`;
}
