import { addDaysIso, formatCharlotteDateTime, todayInCharlotte } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { HOLD_DAYS_BEFORE_VISIT, LATE_CANCEL_HOURS } from "../../../../shared/payments";
import {
  cadenceText,
  changeableFreely,
  type Frequency,
  GENERATE_WEEKS_AHEAD,
  type SeriesFrequency,
  type SeriesSummary,
  weekdayNames,
} from "../../../../shared/recurring";
import { formatCents, serviceName } from "../../../../shared/services";
import { firstOnWeekday, visitDay } from "./series";

const DAY_MS = 86_400_000;
const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The date field's label, the same in the quote form and Book again. */
export function firstVisitLabel(frequency: Frequency | undefined): string {
  return !frequency || frequency === "one_time" ? "Preferred date" : "First visit (preferred date)";
}

/** Under 'How often?' once a recurring frequency is picked. */
export const recurringHelp =
  "For a repeating service the date is the first visit; the landscaper then offers a weekday and price, and you approve once.";

/** "the next 8 visits" (weekly), "the next 4 visits" (every 2 weeks), "8 weeks of visits" (monthly). */
export function visitsAheadText(frequency: SeriesFrequency): string {
  if (frequency === "monthly") return `${GENERATE_WEEKS_AHEAD} weeks of visits`;
  return `the next ${frequency === "weekly" ? GENERATE_WEEKS_AHEAD : GENERATE_WEEKS_AHEAD / 2} visits`;
}

/**
 * What approving an offered series books, as a short list: the cadence and price, today's hold (or when the
 * first visit's comes), the later visits' holds, that the series rolls on, and how to stop it. Server rules:
 * a visit within 6 days is held at approval, others 2 days before; visits exist 8 weeks ahead and the daily
 * pass keeps adding them until the series is cancelled.
 */
export function approvalSummary(
  series: Pick<SeriesSummary, "frequency" | "weekday" | "pricePerVisitCents">,
  firstDate: string | null,
  holdsNow: boolean,
): string[] {
  const price =
    series.pricePerVisitCents === null ? "the agreed price" : formatCents(series.pricePerVisitCents);
  const when =
    series.weekday === null
      ? "On the agreed day"
      : capitalized(cadenceText(series.frequency, series.weekday, firstDate));
  const first = firstDate ? visitDay(firstDate) : "the agreed day";
  const firstHold = holdsNow
    ? `Today: ${price} held for the first visit (${first}).`
    : `First visit (${first}): ${price} held ${firstDate ? `on ${visitDay(addDaysIso(firstDate, -HOLD_DAYS_BEFORE_VISIT))}` : `${HOLD_DAYS_BEFORE_VISIT} days before`}.`;
  return [
    `${when} · ${price} a visit`,
    firstHold,
    `Later visits: held ${HOLD_DAYS_BEFORE_VISIT} days before each, charged after you approve the work (or 48 hours after it is marked complete if you don't answer).`,
    `We keep ${visitsAheadText(series.frequency)} booked; the series continues until you cancel.`,
    `You can skip, pause or cancel from your dashboard; each visit has the same ${LATE_CANCEL_HOURS}-hour rule.`,
  ];
}

/** The `week`th (5: last) `weekday` of a month (month 0–11). */
function nthWeekdayOfMonth(year: number, month: number, weekday: number, week: number): string {
  const firstOfMonth = new Date(Date.UTC(year, month, 1, 12)).toISOString().slice(0, 10);
  const first = firstOnWeekday(firstOfMonth, weekday);
  const wanted = addDaysIso(first, 7 * (Math.min(week, 5) - 1));
  // No 5th one this month: the last is the 4th.
  return week >= 5 && Number(wanted.slice(5, 7)) !== month + 1 ? addDaysIso(wanted, -7) : wanted;
}

/**
 * The series' first date on or after `from` by its rule (as the server's rule places visits), counted from
 * `anchor`, a date the rule gave (every 2 weeks keeps its phase, monthly its week of the month).
 */
export function nextRuleDate(
  frequency: SeriesFrequency,
  weekday: number,
  anchor: string | undefined,
  from: string,
): string {
  if (!anchor || frequency === "weekly") return firstOnWeekday(from, weekday);
  if (frequency === "biweekly") {
    const weeks = Math.ceil((noon(from).getTime() - noon(anchor).getTime()) / (14 * DAY_MS));
    return addDaysIso(anchor, weeks * 14);
  }
  const week = Math.min(Math.ceil(Number(anchor.slice(8, 10)) / 7), 5);
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7)) - 1;
  for (;;) {
    const date = nthWeekdayOfMonth(year, month, weekday, week);
    if (date >= from) return date;
    month += 1;
    if (month === 12) [year, month] = [year + 1, 0];
  }
}

/** A date of the series' rule to count from: an upcoming visit that was not moved. */
const anchorOf = (series: Pick<SeriesSummary, "upcoming">) =>
  series.upcoming.find((visit) => !visit.moved)?.date;

/** The first visit on or after `from`: a booked one if there is one, otherwise the rule's. */
export function firstVisitFrom(
  series: Pick<SeriesSummary, "frequency" | "weekday" | "upcoming">,
  from: string,
): string | null {
  const booked = series.upcoming.find((visit) => visit.date >= from)?.date;
  if (booked) return booked;
  return series.weekday === null
    ? null
    : nextRuleDate(series.frequency, series.weekday, anchorOf(series), from);
}

/** "Mon, Nov 30", "Mon, Nov 30 and Mon, Dec 7", "Mon, Nov 30, Mon, Dec 7 and Mon, Dec 14". */
function dayList(days: string[]): string {
  return days.length <= 1 ? (days[0] ?? "") : `${days.slice(0, -1).join(", ")} and ${days.at(-1)}`;
}

/** How many cancelled visits a preview names one by one; a long pause says the rest as a count. */
const NAMED_VISITS = 4;

/**
 * What pausing until `until` would do, as the date changes: "First visit back: Mon, Dec 21 · Cancelled:
 * Mon, Nov 30 ($45.00 hold released) and Mon, Dec 14", and the visits less than 48 hours away that stay
 * (as the server decides). `holds` gives the amount held on a visit's card by its job id: the server
 * releases the hold of each visit a pause cancels.
 */
export function pausePreview(
  series: Pick<SeriesSummary, "frequency" | "weekday" | "upcoming">,
  until: string,
  now: Date = new Date(),
  holds: Readonly<Record<string, number>> = {},
): string | null {
  const today = todayInCharlotte(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || until <= today) return null;
  const within = series.upcoming.filter((visit) => visit.date >= today && visit.date < until);
  const kept = within.filter((visit) => !changeableFreely(visit.date, now));
  const cancelled = within.filter((visit) => changeableFreely(visit.date, now));
  const named = cancelled.slice(0, NAMED_VISITS).map((visit) => {
    const held = holds[visit.jobId];
    return held ? `${visitDay(visit.date)} (${formatCents(held)} hold released)` : visitDay(visit.date);
  });
  const more = cancelled.length - named.length;
  const back = firstVisitFrom(series, until);
  const parts = [
    back ? `First visit back: ${visitDay(back)}` : null,
    cancelled.length === 0
      ? "No booked visit cancelled"
      : `Cancelled: ${more > 0 ? `${named.join(", ")} and ${more} more` : dayList(named)}`,
    ...kept.map((visit) => `${visitDay(visit.date)} stays (less than 48 hours away)`),
  ];
  return parts.filter(Boolean).join(" · ");
}

/** "Paused until Tue, Dec 15. Next visit: Mon, Dec 21." or null. */
export function pausedBanner(
  series: Pick<SeriesSummary, "frequency" | "weekday" | "upcoming" | "pausedUntil">,
): string | null {
  if (!series.pausedUntil) return null;
  const next = firstVisitFrom(series, series.pausedUntil);
  return `Paused until ${visitDay(series.pausedUntil)}.${next ? ` Next visit: ${visitDay(next)}.` : ""}`;
}

/**
 * A short tag for a visit that will not come, from the reason the server gave it (a pause writes the same
 * long sentence on every visit it cancels).
 */
export function notComingTag(reason: string | null): string {
  if (!reason) return "Cancelled";
  if (reason.startsWith("Series paused")) return "Paused";
  if (reason.startsWith("Skipped")) return "Skipped";
  if (reason === "The customer declined the new day") return "Moved day declined";
  if (reason.startsWith("Series moved to")) return "Day changed";
  if (reason === "The landscaper left the series") return "Landscaper left";
  return "Cancelled";
}

/**
 * The request's date on a card: 'Preferred date' for a request; on a visit of a series (its date came from
 * the series' rule) the 'Original date' of a moved visit, and nothing otherwise.
 */
export function requestedDate(
  job: Pick<JobView, "series" | "status" | "movedFrom" | "preferredDate">,
): { label: string; date: string } | null {
  if (!job.series || job.status === "pending" || job.status === "accepted")
    return { label: "Preferred date", date: job.preferredDate };
  return job.movedFrom ? { label: "Original date", date: job.movedFrom } : null;
}

/**
 * Book again's description: "Lawn Mowing at 600 East Blvd, like your visit on Mon, Dec 28. Sent to
 * landscapers who serve 28203, not only to Queen City Lawn Care." (the server makes a new request in the
 * open queue).
 */
export function bookAgainText(
  job: Pick<
    JobView,
    | "services"
    | "address"
    | "zipCode"
    | "scheduledDate"
    | "preferredDate"
    | "additionalNotes"
    | "landscaperName"
  >,
): string {
  const services = job.services.map(serviceName).join(", ");
  const notes = job.additionalNotes ? ", with your notes" : "";
  const who = job.landscaperName ? `, not only to ${job.landscaperName}` : "";
  return `${services} at ${job.address}, like your visit on ${visitDay(job.scheduledDate ?? job.preferredDate)}${notes}. Sent to landscapers who serve ${job.zipCode}${who}.`;
}

/**
 * What 'Resume now' gives back: the paused visits at least 48 hours away (as the server decides), so the
 * first one back is the series' first date from then: "Visits come back from Mon, Dec 7."
 */
export function resumePreview(
  series: Pick<SeriesSummary, "frequency" | "weekday" | "upcoming">,
  now: Date = new Date(),
): string {
  const today = todayInCharlotte(now);
  const floor = changeableFreely(addDaysIso(today, 2), now) ? addDaysIso(today, 2) : addDaysIso(today, 3);
  const booked = series.upcoming.find((visit) => visit.date >= floor)?.date;
  const rule =
    series.weekday === null
      ? undefined
      : nextRuleDate(series.frequency, series.weekday, anchorOf(series), floor);
  const back = [booked, rule].filter((date): date is string => Boolean(date)).sort()[0];
  return back
    ? `Visits come back from ${visitDay(back)}; a visit less than 48 hours away stays cancelled.`
    : "Visits come back from the first one at least 48 hours away.";
}

/**
 * Why a skipped visit can't be brought back, or null when it can (the server's rule): it must be more than
 * 48 hours away and outside a pause, which brings its own days back when it ends.
 */
export function restoreBlock(
  date: string,
  pausedUntil: string | null,
  now: Date = new Date(),
): string | null {
  if (!changeableFreely(date, now)) return "Less than 48 hours away: it can't be brought back.";
  if (pausedUntil && pausedUntil > date) return "Inside your pause: resume first to bring it back.";
  return null;
}

/**
 * The customer's banner while their ask for another weekday waits: what was asked, the first visit it would
 * give, and until when the landscaper may answer (unanswered, it lapses and the visits stay).
 */
export function dayRequestText(
  series: Pick<SeriesSummary, "requestedWeekday" | "requestedStartDate" | "weekdayAnswerBy" | "weekday">,
  landscaperName: string | null,
): string {
  if (series.requestedWeekday === null) return "";
  const who = landscaperName ?? "your landscaper";
  const to = `${weekdayNames[series.requestedWeekday]}s`;
  const from = series.weekday === null ? "the current day" : `${weekdayNames[series.weekday]}s`;
  const start = series.requestedStartDate
    ? `, from ${visitDay(series.requestedStartDate)} if they agree`
    : "";
  const by = series.weekdayAnswerBy
    ? ` They have until ${formatCharlotteDateTime(new Date(series.weekdayAnswerBy))} to answer; without an answer by then, the request lapses and your visits stay on ${from}.`
    : "";
  const no = ` If they can't do ${to}, your visits on ${from} with them end and the series goes back to the queue for ${to}.`;
  return `You asked to move the visits to ${to}${start}; waiting for ${who} to answer. Until then they stay as listed below.${by}${no}`;
}
