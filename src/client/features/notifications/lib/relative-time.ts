import { BUSINESS_TIME_ZONE } from "../../../../shared/dates";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

function toMillis(value: string | number | Date): number {
  return value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
}

/**
 * 'x ago' as the notification screens show it: 'just now' under a minute (and for a clock slightly ahead
 * of ours), then minutes, hours, days, weeks, months and years, always rounded down. '' for a bad date.
 */
export function relativeTime(value: string | number | Date, now: number | Date = Date.now()): string {
  const then = toMillis(value);
  const current = toMillis(now);
  if (Number.isNaN(then) || Number.isNaN(current)) return "";
  const seconds = Math.floor((current - then) / 1000);
  if (seconds < MINUTE) return "just now";
  if (seconds < HOUR) return plural(Math.floor(seconds / MINUTE), "minute");
  if (seconds < DAY) return plural(Math.floor(seconds / HOUR), "hour");
  const days = Math.floor(seconds / DAY);
  if (days < 7) return plural(days, "day");
  if (days < 30) return plural(Math.floor(days / 7), "week");
  if (days < 365) return plural(Math.max(1, Math.floor(days / 30)), "month");
  return plural(Math.floor(days / 365), "year");
}

const fullFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: BUSINESS_TIME_ZONE,
});

/** The exact time behind a relative one (for a tooltip), in Charlotte's time zone. */
export function fullDateTime(value: string | number | Date): string {
  const millis = toMillis(value);
  return Number.isNaN(millis) ? "" : fullFormat.format(millis);
}
