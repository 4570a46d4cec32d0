import { and, asc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { addDaysIso, daysUntil, formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import { MAX_MOVE_DAYS } from "../../../shared/recurring.js";
import type { RainDay } from "../../../shared/weather.js";
import type { Env } from "../../config/env.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { job, landscaper, visitWeather } from "../../db/schema.js";
import { conflict, fieldInvalid } from "../../lib/errors.js";
import type { ForecastProvider } from "../../lib/weather/forecast-provider.js";
import { dayCapacities } from "../booking/index.js";
import { loadJob } from "../jobs/index.js";
import { moveOneVisit } from "../series/index.js";
import { zipPoints } from "./rain-flags.js";

export interface WeatherOptions {
  db: Db;
  forecast: ForecastProvider;
  thresholdPercent: number;
  landscaperId: string;
  now?: Date;
}

const daysApart = (a: string, b: string) => Math.abs(daysUntil(a, new Date(`${b}T12:00:00Z`)));

/** The landscaper's visits of a day "Move my day" moves: scheduled and not yet arrived at. */
function movableOn(db: DbOrTx, landscaperId: string, date: string) {
  return db
    .select({
      id: job.id,
      zip: job.zipCode,
      original: sql<string>`coalesce(${job.movedFrom}, ${job.scheduledDate})`,
    })
    .from(job)
    .where(
      and(
        eq(job.landscaperId, landscaperId),
        eq(job.status, "scheduled"),
        eq(job.scheduledDate, date),
        isNull(job.arrivedAt),
      ),
    )
    .orderBy(asc(job.number));
}

/** The landscaper's flagged visits from `from` through `through`: the flag read for the date they are on. */
function flaggedVisits(db: DbOrTx, landscaperId: string, from: string, through: string) {
  return db
    .select({ date: job.scheduledDate, percent: visitWeather.percent, readAt: visitWeather.readAt })
    .from(job)
    .innerJoin(visitWeather, eq(visitWeather.jobId, job.id))
    .where(
      and(
        eq(job.landscaperId, landscaperId),
        eq(job.status, "scheduled"),
        gte(job.scheduledDate, from),
        lte(job.scheduledDate, through),
        eq(visitWeather.flagged, true),
        eq(visitWeather.forecastDate, job.scheduledDate),
      ),
    );
}

/**
 * The next dry working day for a day's visits: the first of the MAX_MOVE_DAYS days after it (not before
 * today) that is within MAX_MOVE_DAYS of every visit's original date (the single move's rule), a day the
 * landscaper works with free slots for all of them (booking's capacity count), with no flagged visit, and
 * whose chance of rain at every visit's place is below the threshold (no forecast counts as dry: the
 * embedded default flags nothing). Null when no day qualifies.
 */
export async function nextDryDay(
  options: WeatherOptions & { date: string; visits: readonly { zip: string; original: string }[] },
): Promise<string | null> {
  const { db, landscaperId, visits } = options;
  const now = options.now ?? new Date();
  const today = todayInCharlotte(now);
  const candidates = Array.from({ length: MAX_MOVE_DAYS }, (_, i) => addDaysIso(options.date, i + 1)).filter(
    (day) => day >= today && visits.every((visit) => daysApart(day, visit.original) <= MAX_MOVE_DAYS),
  );
  if (candidates.length === 0 || visits.length === 0) return null;
  const [capacities, flagged, points] = await Promise.all([
    dayCapacities(db, landscaperId, candidates),
    flaggedVisits(db, landscaperId, candidates[0]!, candidates.at(-1)!),
    zipPoints(
      db,
      visits.map((visit) => visit.zip),
    ),
  ]);
  const wet = new Set(flagged.map((row) => row.date));
  const forecasts = await Promise.all(
    [...points.values()].map((point) => options.forecast.dailyRain(point, now)),
  );
  for (const day of candidates) {
    const capacity = capacities.get(day);
    if (!capacity || capacity.capacity === null || (capacity.remaining ?? 0) < visits.length) continue;
    if (wet.has(day)) continue;
    if (forecasts.some((rain) => (rain?.days[day] ?? 0) >= options.thresholdPercent)) continue;
    return day;
  }
  return null;
}

/** The landscaper's flagged days from today on, each with its visits and the day "Move my day" would take. */
export async function rainDays(options: WeatherOptions): Promise<RainDay[]> {
  const today = todayInCharlotte(options.now ?? new Date());
  const rows = await flaggedVisits(options.db, options.landscaperId, today, addDaysIso(today, 30));
  const byDate = new Map<string, { percent: number; readAt: Date }>();
  for (const row of rows) {
    const seen = byDate.get(row.date!);
    if (!seen || (row.percent ?? 0) > seen.percent)
      byDate.set(row.date!, { percent: row.percent ?? 0, readAt: row.readAt ?? new Date(0) });
  }
  const days: RainDay[] = [];
  for (const [date, flag] of [...byDate].sort(([a], [b]) => a.localeCompare(b))) {
    const visits = await movableOn(options.db, options.landscaperId, date);
    const moveTo = await nextDryDay({ ...options, date, visits });
    days.push({
      date,
      percent: flag.percent,
      readAt: flag.readAt.toISOString(),
      visits: visits.length,
      moveTo,
    });
  }
  return days;
}

/**
 * "Move my day": every visit of a flagged day not yet arrived at moves to the next dry working day, each
 * through the single move (the customer told, free to decline). `to` is the day the confirmation named: if
 * the answer has changed since (a booking took the slots, the forecast turned), nothing moves and the
 * landscaper is told the new answer. The landscaper's row is locked so two moves cannot both take the last
 * slots of one day.
 */
export async function moveDay(options: WeatherOptions & { env: Env; date: string; to: string }) {
  const now = options.now ?? new Date();
  const today = todayInCharlotte(now);
  if (options.date < today) throw fieldInvalid("date", "Choose today or a later day.");
  const flags = await flaggedVisits(options.db, options.landscaperId, options.date, options.date);
  if (flags.length === 0) throw conflict(`${formatLongDate(options.date)} is not flagged for rain.`);
  const percent = Math.max(...flags.map((row) => row.percent ?? 0));
  const visits = await movableOn(options.db, options.landscaperId, options.date);
  if (visits.length === 0) throw conflict(`No visit on ${formatLongDate(options.date)} can still be moved.`);
  const target = await nextDryDay({ ...options, now, visits });
  if (target === null)
    throw conflict(
      `No dry working day within ${MAX_MOVE_DAYS} days has room for these visits: move them one at a time.`,
    );
  if (target !== options.to)
    throw conflict(
      `The next dry working day is now ${formatLongDate(target)}. Nothing was moved; look again.`,
    );

  const reason = `Rain is forecast on ${formatLongDate(options.date)} (${percent}% chance).`;
  return options.db.transaction(async (tx) => {
    await tx
      .select({ id: landscaper.userId })
      .from(landscaper)
      .where(eq(landscaper.userId, options.landscaperId))
      .for("update");
    const current = await movableOn(tx, options.landscaperId, options.date);
    const room = (await dayCapacities(tx, options.landscaperId, [target])).get(target);
    if (current.length !== visits.length || (room?.remaining ?? 0) < current.length)
      throw conflict("Your schedule changed meanwhile. Nothing was moved; look again.");
    for (const visit of current) {
      const row = await loadJob(tx, visit.id);
      await moveOneVisit(tx, {
        env: options.env,
        current: row,
        landscaperId: options.landscaperId,
        date: target,
        reason,
        now,
      });
    }
    // Read again for the new day by the next pass, not left showing the old day's flag.
    await tx.delete(visitWeather).where(
      inArray(
        visitWeather.jobId,
        current.map((visit) => visit.id),
      ),
    );
    return { moved: current.length, to: target };
  });
}
