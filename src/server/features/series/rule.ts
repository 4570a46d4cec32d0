import rrule from "rrule";
import { addDaysIso } from "../../../shared/dates.js";
import type { SeriesFrequency } from "../../../shared/recurring.js";

const { RRule, Weekday } = rrule;

export interface SeriesRule {
  frequency: SeriesFrequency;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** The first visit (on `weekday`), yyyy-mm-dd. */
  startDate: string;
}

/*
 * Visits are booked by day, so a series is a rule over calendar dates: rrule runs on UTC midnights standing
 * for Charlotte dates, which no daylight-saving change can move; the times people see (the visit window, the
 * 48-hour notice) are computed from a date in America/New_York where they are used.
 */
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** rrule numbers weekdays from Monday (0) to Sunday (6). */
const rruleDay = (weekday: number) => new Weekday((weekday + 6) % 7);

function ruleOf(series: SeriesRule) {
  const dtstart = utc(series.startDate);
  if (series.frequency === "monthly") {
    // The same weekday of the same week of each month: the 2nd Tuesday; a start in the 5th week means the
    // last one (a month without a 5th Tuesday still has a visit).
    const week = Math.ceil(dtstart.getUTCDate() / 7);
    return new RRule({
      freq: RRule.MONTHLY,
      byweekday: [rruleDay(series.weekday).nth(week === 5 ? -1 : week)],
      dtstart,
    });
  }
  return new RRule({
    freq: RRule.WEEKLY,
    interval: series.frequency === "biweekly" ? 2 : 1,
    byweekday: [rruleDay(series.weekday)],
    dtstart,
  });
}

/** The series' visit dates from `from` through `through` (both included). */
export function seriesDates(series: SeriesRule, range: { from: string; through: string }): string[] {
  if (range.through < range.from) return [];
  return ruleOf(series).between(utc(range.from), utc(range.through), true).map(iso);
}

/** The first date on `weekday` on or after `fromIso`. */
export function firstOnWeekday(fromIso: string, weekday: number): string {
  const date = utc(fromIso);
  date.setUTCDate(date.getUTCDate() + ((weekday - date.getUTCDay() + 7) % 7));
  return iso(date);
}

/** The weekday (0 Sunday … 6 Saturday) of a date. */
export const weekdayOf = (isoDate: string) => utc(isoDate).getUTCDay();

/**
 * The first visit on a new weekday: with 48 hours' notice, after the visits that stay (less than 48 hours
 * away) and after a pause. What the customer is shown when asking, and where agreeing starts the visits.
 */
export function newWeekdayStart(options: {
  today: string;
  weekday: number;
  /** Dates of the visits that stay (soonest first). */
  kept: readonly string[];
  pausedUntil: string | null;
}): string {
  const after = [addDaysIso(options.today, 2)];
  const lastKept = options.kept.at(-1);
  if (lastKept) after.push(addDaysIso(lastKept, 1));
  if (options.pausedUntil) after.push(options.pausedUntil);
  return firstOnWeekday(after.sort().at(-1)!, options.weekday);
}
