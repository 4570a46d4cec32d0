import { addDaysIso, formatterOnce } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import {
  canRecur,
  type Frequency,
  frequencies,
  frequencyLabel,
  MAX_MOVE_DAYS,
  type SeriesFrequency,
} from "../../../../shared/recurring";
import { serviceName } from "../../../../shared/services";

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** The weekday (0 Sunday … 6 Saturday) of a yyyy-mm-dd date. */
export function weekdayOfDate(date: string): number {
  return noon(date).getUTCDay();
}

/** The first date on `weekday` on or after `from` (as the server places a series' first visit). */
export function firstOnWeekday(from: string, weekday: number): string {
  return addDaysIso(from, (weekday - weekdayOfDate(from) + 7) % 7);
}

const visitDayFormat = formatterOnce(
  () =>
    new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }),
);
/** "Tue, Dec 1": a visit's day in a list or a sentence. */
export function visitDay(date: string): string {
  return visitDayFormat().format(noon(date));
}

/** The frequencies the chosen services allow: all four when every one recurs, otherwise one time only. */
export function frequencyOptions(services: readonly string[]): Frequency[] {
  return canRecur(services) ? [...frequencies] : ["one_time"];
}

/** "Weekly lawn mowing", "Lawn mowing every 2 weeks", "Monthly edging & trimming". */
export function seriesTitle(frequency: SeriesFrequency, services: readonly string[]): string {
  const names = services.map(serviceName).join(", ").toLowerCase();
  if (frequency === "biweekly") return `${names.charAt(0).toUpperCase()}${names.slice(1)} every 2 weeks`;
  return `${frequencyLabel[frequency]} ${names}`;
}

/** A visit the landscaper moved and that still stands: "Moved from Tue, Dec 1 to Wed, Dec 2: Rain all day". */
export function movedLine(job: Pick<JobView, "movedFrom" | "moveReason" | "scheduledDate" | "status">) {
  if (!job.movedFrom || !job.scheduledDate || job.status !== "scheduled") return null;
  const reason = job.moveReason ? `: ${job.moveReason}` : "";
  return `Moved from ${visitDay(job.movedFrom)} to ${visitDay(job.scheduledDate)}${reason}`;
}

/**
 * The dates a weather move may choose: within 3 days of the visit's original date (a visit moved before
 * counts from where it started), not before today, never the day it is on now (the server says so too).
 */
export function moveBounds(job: Pick<JobView, "movedFrom" | "scheduledDate">, today: string) {
  const original = job.movedFrom ?? job.scheduledDate ?? today;
  const earliest = addDaysIso(original, -MAX_MOVE_DAYS);
  return {
    original,
    min: earliest > today ? earliest : today,
    max: addDaysIso(original, MAX_MOVE_DAYS),
  };
}

/** The date a move dialog starts on: the day after the visit if allowed, otherwise the day before. */
export function suggestedMoveDate(job: Pick<JobView, "movedFrom" | "scheduledDate">, today: string) {
  const { min, max } = moveBounds(job, today);
  const current = job.scheduledDate ?? today;
  const next = addDaysIso(current, 1);
  if (next >= min && next <= max) return next;
  const before = addDaysIso(current, -1);
  return before >= min && before <= max ? before : "";
}
