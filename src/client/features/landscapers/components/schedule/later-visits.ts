import { addDaysIso } from "../../../../../shared/dates";
import type { JobView } from "../../../../../shared/jobs";
import { weekStartOf } from "../../../../../shared/schedule";

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "Dec 7" for a yyyy-MM-dd date: the line is about the coming weeks, so no year. */
function day(value: string): string {
  return dayFormat.format(new Date(`${value}T12:00:00Z`));
}

/**
 * A series' scheduled visits after the one its card shows (the queue lists only the first): their dates from
 * the queue's answer, soonest first, or none for anything but a scheduled series visit.
 */
export function laterVisitDates(
  job: JobView,
  seriesVisitDates: Record<string, string[]> | undefined,
): string[] {
  if (job.status !== "scheduled" || !job.seriesId || !job.scheduledDate) return [];
  const after = job.scheduledDate;
  return (seriesVisitDates?.[job.seriesId] ?? []).filter((date) => date > after);
}

/**
 * "Next: Dec 7, Dec 14, Dec 21 + 4 more through Jan 18": the Schedule tab shows only this week and next, so
 * the card names the later dates itself (the first three, then how many more and the last).
 */
export function laterVisitsText(dates: readonly string[], shown = 3): string {
  const head = dates.slice(0, shown).map(day).join(", ");
  const rest = dates.length - shown;
  return rest > 0 ? `Next: ${head} + ${rest} more through ${day(dates.at(-1)!)}` : `Next: ${head}`;
}

/**
 * The dates among `dates` the Schedule tab shows (this week's and next week's, Monday to Sunday on
 * Charlotte's calendar): "also on the Schedule" is said of these only. A weekly series' next visit is on
 * it; a monthly one's, or any whose next visit is weeks away, is not.
 */
export function onScheduleDates(dates: readonly string[], today: string): string[] {
  const last = addDaysIso(weekStartOf(today), 13);
  return dates.filter((date) => date >= today && date <= last);
}

/** "Dec 7 is also on the Schedule" / "Dec 7 and Dec 14 are also…": the words before the link. */
export function onScheduleText(dates: readonly string[]): string {
  const days = dates.map(day);
  if (days.length <= 1) return `${days[0] ?? ""} is`;
  return `${days.slice(0, -1).join(", ")} and ${days.at(-1)} are`;
}
