import { addDaysIso, charlotteTime, todayInCharlotte } from "../../../shared/dates.js";

/** The hours of a working day the chance of rain is read over, Charlotte time: 7:00 to 19:00. */
export const DAY_START_HOUR = 7;
export const DAY_END_HOUR = 19;

const HOUR_MS = 3_600_000;

/**
 * An ISO 8601 duration as NWS writes them in a `validTime` ("PT3H", "P1D", "P1DT6H", "PT30M") in
 * milliseconds; null for anything else (years and months have no fixed length and never appear there).
 */
export function durationMs(text: string): number | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(text);
  if (!match || text === "P" || text.endsWith("T")) return null;
  const [, d, h, m, s] = match.map((part) => Number(part ?? 0));
  const ms = ((d! * 24 + h!) * 60 + m!) * 60_000 + s! * 1000;
  return ms > 0 ? ms : null;
}

/** "2026-11-30T18:00:00+00:00/PT3H" → its start and end, or null when it is not that shape. */
export function parseValidTime(validTime: string): { start: number; end: number } | null {
  const [startText, durationText, extra] = validTime.split("/");
  if (!startText || !durationText || extra !== undefined) return null;
  // A full date-time with a zone only: a bare date would be read as UTC midnight, not what NWS means.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(startText)) return null;
  const start = Date.parse(startText);
  const length = durationMs(durationText);
  if (!Number.isFinite(start) || length === null) return null;
  return { start, end: start + length };
}

/**
 * A time series of chances (percent) as each Charlotte date's daytime maximum: a value counts for a date when
 * its interval overlaps that date's 7:00–19:00. Null values (no data for the interval), values outside 0–100
 * and intervals that cannot be read count for nothing; a date no value reaches is absent (no forecast).
 */
export function daytimeMaxima(values: readonly { validTime: string; value: number | null }[]) {
  const days: Record<string, number> = {};
  for (const entry of values) {
    if (entry.value === null || !Number.isFinite(entry.value) || entry.value < 0 || entry.value > 100)
      continue;
    const interval = parseValidTime(entry.validTime);
    // A grid forecast spans about a week; a longer interval is not one (and would walk many dates).
    if (!interval || interval.end - interval.start > 8 * 24 * HOUR_MS) continue;
    // Every Charlotte date the interval touches (a long interval spans several).
    const last = todayInCharlotte(new Date(interval.end - 1));
    for (let date = todayInCharlotte(new Date(interval.start)); date <= last; date = addDaysIso(date, 1)) {
      const from = charlotteTime(date, DAY_START_HOUR).getTime();
      const to = from + (DAY_END_HOUR - DAY_START_HOUR) * HOUR_MS;
      if (interval.start < to && interval.end > from)
        days[date] = Math.max(days[date] ?? 0, Math.round(entry.value));
    }
  }
  return days;
}
