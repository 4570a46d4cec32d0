import { and, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import {
  ANALYTICS_REFRESH_MINUTES,
  type AnalyticsData,
  type AnalyticsPeriod,
  type AnalyticsRange,
  type AnalyticsRole,
  type BookingPoint,
  type EngagementPoint,
  type LandscaperPoint,
  showsClientCharts,
  showsLandscaperCharts,
} from "../../../shared/admin.js";
import { addDaysIso, BUSINESS_TIME_ZONE, todayInCharlotte } from "../../../shared/dates.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { appSetting, job, landscaper, user } from "../../db/schema.js";
import { landscaperNameColumn } from "./jobs-service.js";
import { toNumber } from "./query-helpers.js";

/** How many landscapers the Top Performing chart ranks. */
export const TOP_LANDSCAPERS = 5;
/** A quote nobody acted on for this long counts as abandoned. */
export const ABANDONED_AFTER_DAYS = 7;

/** Midnight at the start of a Charlotte calendar day, as an instant. */
function charlotteMidnight(isoDate: string): SQL {
  return sql`(${isoDate}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
}

/**
 * The 7-day range is shown day by day; 30 and 90 days week by week, in whole weeks ending today (5 and 13
 * weeks), so no bar stands for a partial week.
 */
export function bucketsFor(range: AnalyticsRange, today: string) {
  const bucketDays = range === 7 ? 1 : 7;
  const count = range === 7 ? 7 : Math.ceil(range / 7);
  const periods: AnalyticsPeriod[] = [];
  for (let index = count - 1; index >= 0; index--) {
    const end = addDaysIso(today, -index * bucketDays);
    periods.push({ start: addDaysIso(end, -(bucketDays - 1)), end });
  }
  return { bucket: range === 7 ? ("day" as const) : ("week" as const), bucketDays, count, periods };
}

export interface ComputeAnalyticsOptions {
  db: DbOrTx;
  range: AnalyticsRange;
  role: AnalyticsRole;
  now?: Date;
}

/**
 * Bookings, repeat bookings and abandoned quotes per bucket, and the landscapers with the most completed
 * jobs in the range. Definitions (also in the README):
 * - a booking is any job request created in the bucket, whatever became of it;
 * - a repeat booking is a job whose customer (by email, so quotes sent before signing up count) already
 *   had an earlier job;
 * - an abandoned quote is a job, counted in the bucket it was created in, that is still pending 7 days
 *   after it was created, or was cancelled before any landscaper accepted it.
 */
export async function computeAnalytics({
  db,
  range,
  role,
  now = new Date(),
}: ComputeAnalyticsOptions): Promise<AnalyticsData> {
  const today = todayInCharlotte(now);
  const { bucket, bucketDays, count, periods } = bucketsFor(range, today);
  const end = charlotteMidnight(addDaysIso(today, 1));

  let bookings: BookingPoint[] | null = null;
  let engagement: EngagementPoint[] | null = null;
  if (showsClientCharts(role)) {
    const windowStart = charlotteMidnight(periods[0]!.start);
    const localDate = sql`(${job.createdAt} at time zone ${BUSINESS_TIME_ZONE})::date`;
    // 0 is the newest bucket (ending today), count - 1 the oldest.
    const bucketIndex = sql<number>`((${today}::date - ${localDate}) / ${bucketDays}::int)`;
    const abandonedBefore = sql`(${now.toISOString()}::timestamptz - make_interval(days => ${ABANDONED_AFTER_DAYS}::int))`;
    const rows = await db
      .select({
        index: bucketIndex,
        bookings: sql<number>`count(*)`,
        // Written out in full: drizzle leaves columns unqualified in a single-table select, and inside the
        // subquery they would name the inner table.
        repeatBookings: sql<number>`count(*) filter (where exists (
          select 1 from job as earlier
          where earlier.customer_email = job.customer_email and earlier.created_at < job.created_at))`,
        abandonedQuotes: sql<number>`count(*) filter (where
          (${job.status} = 'pending' and ${job.createdAt} < ${abandonedBefore})
          or (${job.status} = 'cancelled' and ${job.acceptedAt} is null))`,
      })
      .from(job)
      .where(and(gte(job.createdAt, windowStart), lt(job.createdAt, end)))
      // By position: the same expression written twice carries different parameter numbers, and
      // PostgreSQL would not see it as the grouped one.
      .groupBy(sql`1`);
    const byIndex = new Map(rows.map((row) => [toNumber(row.index), row]));
    bookings = [];
    engagement = [];
    periods.forEach((period, position) => {
      const row = byIndex.get(count - 1 - position);
      bookings!.push({ ...period, bookings: toNumber(row?.bookings) });
      engagement!.push({
        ...period,
        repeatBookings: toNumber(row?.repeatBookings),
        abandonedQuotes: toNumber(row?.abandonedQuotes),
      });
    });
  }

  let topLandscapers: LandscaperPoint[] | null = null;
  if (showsLandscaperCharts(role)) {
    const jobs = sql<number>`count(*)`;
    const rows = await db
      .select({ landscaperId: job.landscaperId, name: landscaperNameColumn, jobs })
      .from(job)
      .leftJoin(landscaper, eq(landscaper.userId, job.landscaperId))
      .leftJoin(user, eq(user.id, job.landscaperId))
      .where(
        and(
          eq(job.status, "completed"),
          isNotNull(job.landscaperId),
          gte(job.completedAt, charlotteMidnight(addDaysIso(today, -(range - 1)))),
          lt(job.completedAt, end),
        ),
      )
      .groupBy(job.landscaperId, landscaper.businessName, landscaper.fullName, user.name)
      .orderBy(sql`count(*) desc`, sql`${landscaperNameColumn} asc`)
      .limit(TOP_LANDSCAPERS);
    topLandscapers = rows.map((row) => ({
      landscaperId: row.landscaperId!,
      name: row.name ?? "Former landscaper",
      jobs: toNumber(row.jobs),
    }));
  }

  return { range, role, bucket, computedAt: now.toISOString(), bookings, topLandscapers, engagement };
}

export function analyticsCacheKey(range: AnalyticsRange, role: AnalyticsRole): string {
  return `admin_analytics:${range}:${role}`;
}

interface CachedAnalytics {
  computedAt: string;
  data: AnalyticsData;
}

export interface AnalyticsOptions extends ComputeAnalyticsOptions {
  db: Db;
}

/**
 * The figures, computed at most every 15 minutes per range and role filter. The cache is a row of
 * app_setting, so every app instance shares it and a restart keeps it; two instances refreshing at once
 * both write a fresh answer, the later one winning.
 */
export async function cachedAnalytics(options: AnalyticsOptions): Promise<AnalyticsData> {
  const { db, range, role } = options;
  const now = options.now ?? new Date();
  const key = analyticsCacheKey(range, role);
  const [stored] = await db
    .select({ value: appSetting.value })
    .from(appSetting)
    .where(eq(appSetting.key, key));
  const cached = stored?.value as CachedAnalytics | undefined;
  const freshAfter = now.getTime() - ANALYTICS_REFRESH_MINUTES * 60_000;
  if (
    cached?.computedAt &&
    Date.parse(cached.computedAt) > freshAfter &&
    Date.parse(cached.computedAt) <= now.getTime()
  ) {
    return cached.data;
  }
  const data = await computeAnalytics({ ...options, now });
  const value: CachedAnalytics = { computedAt: data.computedAt, data };
  await db
    .insert(appSetting)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSetting.key, set: { value } });
  return data;
}
