import { type Availability, adjustedCents } from "../../../../shared/booking";
import { VISIT_WINDOW_START_HOUR, weekdayNames } from "../../../../shared/recurring";
import { formatCents, serviceName } from "../../../../shared/services";

/** The working week as the form lists it: Monday first (0 is Sunday, as the server counts). */
export const weekdaysMondayFirst = [1, 2, 3, 4, 5, 6, 0] as const;

/** A platform price to show what a percentage does to it. */
export const EXAMPLE_PRICE_CENTS = 5000;

/** "A, B and C". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** "Mondays, Wednesdays and Fridays", "any day of the week". */
export function workingDaysText(weekdays: readonly number[]): string {
  if (weekdays.length === 7) return "any day of the week";
  const ordered = weekdaysMondayFirst.filter((day) => weekdays.includes(day));
  return listText(ordered.map((day) => `${weekdayNames[day]}s`));
}

/** "8 AM": when a day's visits start, which the notice counts back from. */
const windowStart = `${VISIT_WINDOW_START_HOUR % 12 || 12} ${VISIT_WINDOW_START_HOUR < 12 ? "AM" : "PM"}`;

/**
 * How late a day can be booked, as free-days.ts counts it: the day's visits start at 8 AM, and that must be
 * at least the notice after the booking. "until 24 hours before its 8 AM start", "until 8 AM that morning".
 */
export function noticeText(hours: number): string {
  if (hours === 0) return `until ${windowStart} that morning`;
  return `until ${hours} ${hours === 1 ? "hour" : "hours"} before its ${windowStart} start`;
}

/**
 * What the price field means, in the customer's terms: "Customers see your price: platform price +10% (a
 * $50.00 visit is $55.00 with you)." An empty or out-of-range box says nothing it cannot stand behind.
 */
export function priceAdjustMeaning(percent: number): string {
  if (!Number.isInteger(percent) || Math.abs(percent) > 30) return "A whole number from −30 to +30.";
  if (percent === 0) return "Customers see the platform's price. Enter a percentage to charge more or less.";
  const sign = percent > 0 ? "+" : "−";
  const example = `${formatCents(EXAMPLE_PRICE_CENTS)} visit is ${formatCents(adjustedCents(EXAMPLE_PRICE_CENTS, percent))} with you`;
  return `Customers see your price: platform price ${sign}${Math.abs(percent)}% (a ${example}).`;
}

/**
 * What the saved availability means for customers, said after saving and under the form: who can book
 * what, when. `hold` is the clause that keeps anyone from booking them yet ("Once our team approves your
 * application"), if one does.
 */
export function availabilitySummary(saved: Availability, hold: string | null = null): string {
  if (saved.instantServices.length === 0)
    return "Instant booking is off: customers can't book you at once, and their requests come to your queue for an offer.";
  const services = listText(saved.instantServices.map(serviceName));
  const visits = `${saved.visitsPerDay} ${saved.visitsPerDay === 1 ? "visit" : "visits"} a day`;
  const price =
    saved.priceAdjustPercent === 0
      ? "at the platform's price"
      : `at the platform's price ${saved.priceAdjustPercent > 0 ? "+" : "−"}${Math.abs(saved.priceAdjustPercent)}%`;
  const who = hold ? `${hold}, customers` : "Customers";
  return `${who} in your area can book you at once for ${services} on ${workingDaysText(saved.weekdays)}, up to ${visits}, ${price}; a day can be booked ${noticeText(saved.noticeHours)}.`;
}
