/** The business runs on Charlotte time: "today" and "past dates" mean America/New_York. */
export const BUSINESS_TIME_ZONE = "America/New_York";

// Formatters are built once: making one costs about 0.3 ms (ICU loads the zone's rules), which the queue paid
// on every request (4% of its CPU under load, issue 32). They hold no state between calls.
// en-CA formats as yyyy-MM-dd.
const charlotteDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const charlotteClock = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/**
 * A formatter made on its first use and kept: `toLocaleDateString(locale, options)` and its kin build a new
 * Intl formatter on every call (about 0.1 ms, 0.3 ms with a time zone), and a dashboard formats hundreds of
 * dates and prices each time it draws its cards (issue 33 item 15). The text is the same either way.
 */
export function formatterOnce<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const longDate = formatterOnce(
  () =>
    new Intl.DateTimeFormat("en-US", {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    }),
);
const shortDate = formatterOnce(
  () =>
    new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }),
);
function charlotteDateTimeFormat(weekday: "long" | "short") {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: BUSINESS_TIME_ZONE,
    weekday,
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}
const charlotteDateTime = {
  long: formatterOnce(() => charlotteDateTimeFormat("long")),
  short: formatterOnce(() => charlotteDateTimeFormat("short")),
};
const charlotteClockTime = formatterOnce(
  () =>
    new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, hour: "numeric", minute: "2-digit" }),
);

export function todayInCharlotte(now: Date = new Date()): string {
  return charlotteDay.format(now);
}

export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

export function isValidIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** "Saturday, March 14, 2026" for a yyyy-MM-dd date, without time-zone drift. */
export function formatLongDate(value: string): string {
  return longDate().format(new Date(`${value}T12:00:00Z`));
}

export function formatShortDate(value: string): string {
  return shortDate().format(new Date(`${value}T12:00:00Z`));
}

/** The calendar date `days` after `isoDate` (yyyy-MM-dd; negative goes back). */
export function addDaysIso(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Charlotte calendar date `days` from today (yyyy-MM-dd). */
export function daysFromToday(days: number): string {
  return addDaysIso(todayInCharlotte(), days);
}

/** The instant it is `hour`:`minute` in Charlotte on the calendar date `isoDate` (daylight saving included). */
export function charlotteTime(isoDate: string, hour: number, minute = 0): Date {
  const pad = (n: number) => String(n).padStart(2, "0");
  const guess = new Date(`${isoDate}T${pad(hour)}:${pad(minute)}:00Z`);
  // What the Charlotte clock reads at `guess`, taken as if it were UTC: the difference is the offset.
  const parts = charlotteClock.formatToParts(guess);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const shown = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return new Date(guess.getTime() + (guess.getTime() - shown));
}

/** "Tue, Nov 24, 8:00 AM" (or "Tuesday, …"), on Charlotte's clock: the deadlines and payout times screens show. */
export function formatCharlotteDateTime(when: Date, weekday: "long" | "short" = "short"): string {
  return charlotteDateTime[weekday]().format(when);
}

/** Whole calendar days from Charlotte's today to `isoDate` (negative when it has passed). */
export function daysUntil(isoDate: string, now: Date = new Date()): number {
  const today = new Date(`${todayInCharlotte(now)}T12:00:00Z`).getTime();
  return Math.round((new Date(`${isoDate}T12:00:00Z`).getTime() - today) / 86_400_000);
}

/**
 * "10:40 AM" on Charlotte's clock, as arrival notices say it ('… arriving about 12:15 PM.'). Always with AM
 * or PM: an email or a text is read later, and "12:15" alone could be either.
 */
export function formatCharlotteClock(when: Date): string {
  return charlotteClockTime().format(when);
}

/**
 * How long ago `since` was, as a queue shows an age: "under an hour", "1 hour", "26 hours", then whole days
 * from 72 hours ("3 days"), rounded down so a request never reads as older than it is.
 */
export function formatElapsed(since: Date, now: Date = new Date()): string {
  const hours = Math.floor(Math.max(0, now.getTime() - since.getTime()) / 3_600_000);
  if (hours < 1) return "under an hour";
  if (hours < 72) return hours === 1 ? "1 hour" : `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}
