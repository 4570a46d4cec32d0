import { priceQuote, type RateCard, type SizeTier } from "../../../../shared/pricing";
import type { Frequency } from "../../../../shared/recurring";
import { formatCents, type ServiceId } from "../../../../shared/services";

/** What a repeating choice means when the price is firm: the landscaper offers only the day. */
export const firmRepeatNote =
  "For a repeating service the date is the first visit; the landscaper who takes it offers a weekday, and you approve once. The price per visit is the one below.";

/** A service's own firm price for the chosen size and frequency (its line of the quote), as its card shows it. */
export function servicePriceText(
  service: ServiceId,
  options: { tier: SizeTier; frequency: Frequency; card: RateCard },
): string {
  const { tier, frequency, card } = options;
  const cents = priceQuote({ services: [service], tier, frequency, grassHeight: "normal" }, card).lines[0]!
    .cents;
  return frequency === "one_time" ? formatCents(cents) : `${formatCents(cents)} per visit`;
}
