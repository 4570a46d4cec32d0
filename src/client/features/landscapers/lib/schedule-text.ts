import { zipInAddress } from "../../../../shared/address";
import { addDaysIso, formatterOnce } from "../../../../shared/dates";
import type { ScheduleDay, ScheduleVisit } from "../../../../shared/schedule";

function dayFormat(weekday: "long" | "short") {
  return new Intl.DateTimeFormat("en-US", { weekday, month: "short", day: "numeric", timeZone: "UTC" });
}
const dayLabelFormat = {
  long: formatterOnce(() => dayFormat("long")),
  short: formatterOnce(() => dayFormat("short")),
};
const monthFormat = formatterOnce(
  () => new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" }),
);

/** "Monday, Nov 23" for a yyyy-mm-dd date, without time-zone drift. */
export function dayLabel(date: string, weekday: "long" | "short" = "long"): string {
  return dayLabelFormat[weekday]().format(new Date(`${date}T12:00:00Z`));
}

/** "Nov 23 – 29", or "Nov 30 – Dec 6" across a month's end. */
export function weekRange(start: string): string {
  const end = addDaysIso(start, 6);
  const month = (date: string) => monthFormat().format(new Date(`${date}T12:00:00Z`));
  const day = (date: string) => Number(date.slice(8));
  return month(start) === month(end)
    ? `${month(start)} ${day(start)} – ${day(end)}`
    : `${month(start)} ${day(start)} – ${month(end)} ${day(end)}`;
}

export const miles = (value: number) => `${value.toFixed(1)} mi`;

/** The street address without a trailing ZIP that the area label ("Dilworth (28203)") says again. */
export function streetOf(visit: ScheduleVisit): string {
  const typed = visit.address.trim();
  return zipInAddress(typed) === visit.zipCode ? typed.replace(/[\s,]*\d{5}(?:-\d{4})?$/, "") : typed;
}

/** How far this stop is from the one before it (or from the base for the first), in words. */
export function legText(visit: ScheduleVisit, baseMapped: boolean): string {
  if (visit.unmapped) return `ZIP ${visit.zipCode} has no map point, so this visit is placed last`;
  const first = visit.stop === 1;
  if (visit.legMiles === null)
    return first && !baseMapped ? "First stop (your base ZIP has no map point)" : "Distance unknown";
  if (visit.legMiles < 0.05) return first ? "In your base ZIP" : "Same ZIP as the previous stop";
  return `${miles(visit.legMiles)} from ${first ? "your base" : "the previous stop"}`;
}

/** The day's miles say what they cover: from the base (when it is on the map) to the last stop, not back. */
export function daySummary(day: ScheduleDay, baseMapped: boolean): string {
  const count = day.visits.length;
  const unmapped = day.visits.filter((v) => v.unmapped).length;
  const visits = `${count} ${count === 1 ? "visit" : "visits"}`;
  const mapped = count - unmapped;
  if (mapped === 0) return visits;
  const total =
    day.totalMiles >= 0.05
      ? `about ${miles(day.totalMiles)} ${baseMapped ? "from your base to the last stop" : "between stops"} (not counting the drive home)`
      : baseMapped
        ? "all in your base ZIP"
        : "all in one ZIP";
  return unmapped > 0
    ? `${visits} · ${total}, not counting ${unmapped} without a map point`
    : `${visits} · ${total}`;
}

/**
 * What instant booking can still sell of a day (issue 35): "2 of 4 slots free", "Full", or "Day off" when it
 * is not one of the landscaper's working days. Accepted offers count as taken, as the server counts them.
 */
export function capacityText(
  day: Pick<ScheduleDay, "capacity" | "remaining"> & { visits?: readonly unknown[] },
): string {
  // Visits can still be on a day off (booked before it became one): the label says so rather than "Day off".
  if (day.capacity === null) return (day.visits?.length ?? 0) > 0 ? "Day off (visits booked)" : "Day off";
  const remaining = day.remaining ?? 0;
  if (remaining === 0) return "Full";
  return `${remaining} of ${day.capacity} ${day.capacity === 1 ? "slot" : "slots"} free`;
}
