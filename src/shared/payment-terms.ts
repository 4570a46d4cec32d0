import { charlotteTime } from "./dates.js";

// The payment timing rules, in a file without zod: the public pages' shell shows some of them
// (docs/decisions/014-first-screen-files.md). `payments.ts` re-exports them.

/** A hold is placed at approval when the visit is this many days away or fewer… */
export const HOLD_AT_APPROVAL_WITHIN_DAYS = 6;
/** …otherwise this many days before the visit, by the scheduled pass. */
export const HOLD_DAYS_BEFORE_VISIT = 2;
/** A card hold lapses after 7 days (as Stripe's do). */
export const HOLD_LIFETIME_DAYS = 7;
/** After completion the customer has this long to approve the work or report a problem. */
export const WORK_APPROVAL_HOURS = 48;
/** A customer cancelling closer than this to the visit pays the cancellation fee. */
export const LATE_CANCEL_HOURS = 24;
/** Cancellation fee unless the CANCELLATION_FEE_CENTS setting says otherwise. */
export const DEFAULT_CANCELLATION_FEE_CENTS = 2500;
/** Visits are booked by day; the 24-hour rule counts from 8:00 AM (America/New_York) on the visit's date. */
export const VISIT_START_HOUR = 8;

/** Until when cancelling a visit on `scheduledDate` is free: 24 hours before 8 AM (Charlotte) that day. */
export function freeCancellationEnds(scheduledDate: string): Date {
  return new Date(charlotteTime(scheduledDate, VISIT_START_HOUR).getTime() - LATE_CANCEL_HOURS * 3_600_000);
}
