import { and, asc, between, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { addDaysIso, todayInCharlotte } from "../../../shared/dates.js";
import type { Db } from "../../db/client.js";
import { job, visitWeather, zipCode } from "../../db/schema.js";
import type { ForecastPoint, ForecastProvider } from "../../lib/weather/forecast-provider.js";

/** The pass looks at visits dated today and the 2 days after it (Charlotte): the next 3 days. */
export const RAIN_FLAG_DAYS = 3;
/** At most this many visits per claim; the pass claims again until none is left. */
const CLAIM = 50;

export interface RainFlagOptions {
  db: Db;
  forecast: ForecastProvider;
  /** A visit at or above this chance of rain (percent) is flagged (RAIN_FLAG_PERCENT). */
  thresholdPercent: number;
  /** A visit checked less than this long ago is not checked again (the forecast cache's period). */
  recheckMs: number;
  /** The pass's clock (tests move it). */
  now?: () => Date;
}

export interface RainFlagReport {
  checked: number;
  flagged: number;
}

/** A ZIP centroid, the place a visit's forecast is read at (visits have no point of their own). */
export async function zipPoints(db: Db, zips: readonly string[]): Promise<Map<string, ForecastPoint>> {
  if (zips.length === 0) return new Map();
  const rows = await db
    .select({ zip: zipCode.zip, latitude: zipCode.latitude, longitude: zipCode.longitude })
    .from(zipCode)
    .where(inArray(zipCode.zip, [...new Set(zips)]));
  return new Map(rows.map((row) => [row.zip, { latitude: row.latitude, longitude: row.longitude }]));
}

/**
 * The rain flags, a step of the scheduled pass: every scheduled visit of the next 3 days gets a row, then rows
 * are claimed with SKIP LOCKED and stamped `checked_at` in a short transaction (no lock is held while the
 * forecast is asked), and each is written with the chance of rain for the visit's date at its ZIP centroid:
 * flagged at or above the threshold, unflagged below it or with no forecast. Two instances claim different
 * rows, and a row stamped within `recheckMs` is not claimed again, so each visit is asked about once a period.
 */
export async function runRainFlags(options: RainFlagOptions): Promise<RainFlagReport> {
  const { db } = options;
  const now = options.now?.() ?? new Date();
  const today = todayInCharlotte(now);
  const last = addDaysIso(today, RAIN_FLAG_DAYS - 1);
  const inWindow = and(
    eq(job.status, "scheduled"),
    isNotNull(job.landscaperId),
    between(job.scheduledDate, today, last),
  );
  const due = await db.select({ jobId: job.id }).from(job).where(inWindow);
  if (due.length > 0) await db.insert(visitWeather).values(due).onConflictDoNothing();
  // Rows of visits gone past stay no longer than a day after their date (a moved visit's row is re-read).
  await db.delete(visitWeather).where(
    inArray(
      visitWeather.jobId,
      db
        .select({ id: job.id })
        .from(job)
        .where(or(lt(job.scheduledDate, addDaysIso(today, -1)), isNull(job.scheduledDate))),
    ),
  );

  const report: RainFlagReport = { checked: 0, flagged: 0 };
  const stale = new Date(now.getTime() - options.recheckMs);
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ jobId: visitWeather.jobId, date: job.scheduledDate, zip: job.zipCode })
        .from(visitWeather)
        .innerJoin(job, eq(job.id, visitWeather.jobId))
        .where(
          and(
            inWindow,
            or(
              isNull(visitWeather.checkedAt),
              lt(visitWeather.checkedAt, stale),
              // A visit moved since its last reading is read again at once, for its new day.
              sql`${visitWeather.forecastDate} is distinct from ${job.scheduledDate}`,
            ),
          ),
        )
        .orderBy(asc(visitWeather.checkedAt))
        .limit(CLAIM)
        .for("update", { of: visitWeather, skipLocked: true });
      if (rows.length > 0)
        await tx
          .update(visitWeather)
          .set({
            checkedAt: now,
            forecastDate: sql`(select ${job.scheduledDate} from ${job} where ${job.id} = ${visitWeather.jobId})`,
          })
          .where(
            inArray(
              visitWeather.jobId,
              rows.map((row) => row.jobId),
            ),
          );
      return rows;
    });
    if (claimed.length === 0) break;

    const points = await zipPoints(
      db,
      claimed.map((row) => row.zip),
    );
    // One question per place (the provider caches per grid cell in the database as well).
    const byPlace = new Map<string, Awaited<ReturnType<ForecastProvider["dailyRain"]>>>();
    for (const row of claimed) {
      const point = points.get(row.zip);
      let rain = null;
      if (point) {
        if (!byPlace.has(row.zip)) byPlace.set(row.zip, await options.forecast.dailyRain(point, now));
        rain = byPlace.get(row.zip) ?? null;
      }
      const percent = rain?.days[row.date!] ?? null;
      const flagged = percent !== null && percent >= options.thresholdPercent;
      await db
        .update(visitWeather)
        .set({ percent, readAt: rain?.readAt ?? null, flagged, forecastDate: row.date })
        .where(eq(visitWeather.jobId, row.jobId));
      report.checked++;
      if (flagged) report.flagged++;
    }
    if (claimed.length < CLAIM) break;
  }
  return report;
}
