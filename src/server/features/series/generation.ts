import { and, eq, gte, inArray, isNull, like, lt, ne, sql } from "drizzle-orm";
import { addDaysIso, formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import {
  changeableFreely,
  GENERATE_WEEKS_AHEAD,
  type SeriesFrequency,
  seriesLabel,
  seriesMessages,
  weekdayNames,
} from "../../../shared/recurring.js";
import type { Db, Tx } from "../../db/client.js";
import { job, jobEvent, jobSeries } from "../../db/schema.js";
import { conflict, fieldInvalid, notFound } from "../../lib/errors.js";
import { type JobRow, move } from "../jobs/index.js";
import { notify } from "../notifications/index.js";
import {
  type PaymentProvider,
  type PaymentRow,
  performPendingSoon,
  queueCancellationMoney,
} from "../payments/index.js";
import { firstOnWeekday, seriesDates, weekdayOf } from "./rule.js";

export type SeriesRow = typeof jobSeries.$inferSelect;

/** Visits are generated through this date: the 8 weeks starting today (8 visits of a weekly series). */
export const horizonOf = (today: string) => addDaysIso(today, GENERATE_WEEKS_AHEAD * 7 - 1);

export async function loadSeries(tx: Tx | Db, seriesId: string): Promise<SeriesRow> {
  const [row] = await tx.select().from(jobSeries).where(eq(jobSeries.id, seriesId));
  if (!row) throw notFound(seriesMessages.notYours);
  return row;
}

/**
 * The series date a visit takes must be free: a visit cancelled earlier on that date (by a pause, a weekday
 * change, a landscaper leaving) gives it up, keeping its place in the series' history.
 */
async function freeSeriesDate(tx: Tx, seriesId: string, date: string, exceptJobId: string) {
  await tx
    .update(job)
    .set({ seriesDate: null })
    .where(and(eq(job.seriesId, seriesId), eq(job.seriesDate, date), ne(job.id, exceptJobId)));
}

/**
 * A landscaper accepted the request of a series (its first visit): the series is offered at this price per
 * visit, on the weekday of the first visit, waiting for the customer's one approval.
 */
export async function offerSeries(
  tx: Tx,
  options: { visit: JobRow; landscaperId: string; priceCents: number },
) {
  const { visit } = options;
  const date = visit.scheduledDate!;
  await freeSeriesDate(tx, visit.seriesId!, date, visit.id);
  await tx.update(job).set({ seriesDate: date }).where(eq(job.id, visit.id));
  const [offered] = await tx
    .update(jobSeries)
    .set({
      landscaperId: options.landscaperId,
      pricePerVisitCents: options.priceCents,
      weekday: weekdayOf(date),
      startDate: date,
      status: "offered",
      offeredAt: new Date(),
      generatedThrough: null,
    })
    .where(and(eq(jobSeries.id, visit.seriesId!), eq(jobSeries.status, "requested")))
    .returning();
  if (!offered) throw conflict("This series was just taken by another landscaper.");
}

/** The first date of an accepted series visit: the chosen date, or the first `weekday` from the preferred date. */
export function firstVisitDate(options: {
  weekday: number | undefined;
  scheduledDate: string | undefined;
  preferredDate: string;
  today: string;
}): string | undefined {
  if (options.weekday === undefined) return options.scheduledDate;
  if (options.scheduledDate) {
    if (weekdayOf(options.scheduledDate) !== options.weekday)
      throw fieldInvalid(
        "scheduledDate",
        `The first visit must be on a ${weekdayNames[options.weekday]}, the series' day.`,
      );
    return options.scheduledDate;
  }
  return firstOnWeekday([options.preferredDate, options.today].sort().at(-1)!, options.weekday);
}

/**
 * A visit of `series` on `date` as generateVisits writes it: scheduled with the series' landscaper at its
 * price per visit, accepted and scheduled `at`, carrying the estimate of the series' first visit.
 */
export function seriesVisitRow(
  series: SeriesRow,
  date: string,
  estimate: { low: number; high: number },
  at: Date,
) {
  return {
    customerId: series.customerId,
    customerName: series.customerName,
    customerEmail: series.customerEmail,
    customerPhone: series.customerPhone,
    address: series.address,
    zipCode: series.zipCode,
    selectedServices: series.selectedServices,
    serviceType: series.serviceType,
    additionalNotes: series.additionalNotes,
    preferredDate: date,
    scheduledDate: date,
    status: "scheduled" as const,
    landscaperId: series.landscaperId,
    quotedPriceCents: series.pricePerVisitCents,
    estimateLowCents: estimate.low,
    estimateHighCents: estimate.high,
    acceptedAt: at,
    scheduledAt: at,
    seriesId: series.id,
    seriesDate: date,
  } satisfies typeof job.$inferInsert;
}

/** The event a generated visit starts its history with. */
export function seriesVisitEvent(series: SeriesRow, jobId: string) {
  return {
    jobId,
    actorId: null,
    fromStatus: null,
    toStatus: "scheduled",
    note: `A visit of ${seriesLabel(series.number)}`,
  } satisfies typeof jobEvent.$inferInsert;
}

/**
 * Creates the series' visits from `today` through 8 weeks ahead, skipping a pause, each its own scheduled job
 * (its own hold 48 hours before, photos, rating). Idempotent: the unique (series, date) index makes a second
 * run, on this instance or another, insert nothing.
 */
export async function generateVisits(tx: Tx, series: SeriesRow, today: string): Promise<number> {
  if (series.status !== "active" || series.weekday === null || !series.landscaperId) return 0;
  const through = horizonOf(today);
  const from = [series.startDate, today, series.pausedUntil ?? today].sort().at(-1)!;
  const dates = seriesDates(
    { frequency: series.frequency as SeriesFrequency, weekday: series.weekday, startDate: series.startDate },
    { from, through },
  );
  let created: { id: string }[] = [];
  if (dates.length) {
    const [first] = await tx
      .select({ low: job.estimateLowCents, high: job.estimateHighCents })
      .from(job)
      .where(eq(job.seriesId, series.id))
      .limit(1);
    const now = new Date();
    const estimate = {
      low: first?.low ?? series.pricePerVisitCents ?? 0,
      high: first?.high ?? series.pricePerVisitCents ?? 0,
    };
    created = await tx
      .insert(job)
      .values(dates.map((date) => seriesVisitRow(series, date, estimate, now)))
      .onConflictDoNothing({ target: [job.seriesId, job.seriesDate], where: sql`series_id is not null` })
      .returning({ id: job.id });
    if (created.length)
      await tx.insert(jobEvent).values(created.map((row) => seriesVisitEvent(series, row.id)));
  }
  await tx.update(jobSeries).set({ generatedThrough: through }).where(eq(jobSeries.id, series.id));
  return created.length;
}

/** The customer approved the series' first visit: the series is active and its visits are created. */
export async function activateSeries(tx: Tx, visit: JobRow, today: string) {
  const [series] = await tx
    .update(jobSeries)
    // The series belongs to whoever approved its first visit, also when it was requested before they had an
    // account: its later visits copy the owner, and its routes and notices find them by it.
    .set({
      status: "active",
      approvedAt: new Date(),
      customerId: sql`coalesce(${jobSeries.customerId}, ${visit.customerId})`,
    })
    .where(and(eq(jobSeries.id, visit.seriesId!), eq(jobSeries.status, "offered")))
    .returning();
  if (!series) return 0;
  const created = await generateVisits(tx, series, today);
  await notify(tx, [
    ...(series.landscaperId
      ? [
          {
            userId: series.landscaperId,
            type: "job" as const,
            message: `${series.customerName} approved ${seriesLabel(series.number)}: ${created + 1} visits are on your schedule.`,
            link: "/landscaper-dashboard?tab=schedule",
          },
        ]
      : []),
  ]);
  return created;
}

/**
 * The scheduled pass: every active series gets its visits through 8 weeks ahead. Each series row is claimed
 * with SKIP LOCKED in its own transaction, so two instances never generate one series at once (and the
 * unique index would refuse a second visit of a date anyway).
 */
export async function runSeriesPass(options: { db: Db; now?: Date }): Promise<number> {
  const today = todayInCharlotte(options.now ?? new Date());
  const horizon = horizonOf(today);
  let created = 0;
  for (let i = 0; i < 50; i++) {
    const done = await options.db.transaction(async (tx) => {
      const [series] = await tx
        .select()
        .from(jobSeries)
        .where(
          and(
            eq(jobSeries.status, "active"),
            sql`(${jobSeries.generatedThrough} is null or ${jobSeries.generatedThrough} < ${horizon})`,
          ),
        )
        .limit(1)
        .for("update", { skipLocked: true });
      if (!series) return true;
      created += await generateVisits(tx, series, today);
      return false;
    });
    if (done) break;
  }
  return created;
}

/**
 * Cancels a series' visits on or after `from` (and before `before`, if given) that are still to come and at
 * least 48 hours away; closer ones keep their own rules. Answers the payments to release after the commit and
 * the dates kept.
 */
export async function cancelFutureVisits(
  tx: Tx,
  options: {
    series: SeriesRow;
    from: string;
    before?: string;
    reason: string;
    actorId: string;
    provider: PaymentProvider["name"];
    now: Date;
  },
): Promise<{ queued: PaymentRow[]; kept: string[]; cancelled: number }> {
  const visits = await tx
    .select()
    .from(job)
    .where(
      and(
        eq(job.seriesId, options.series.id),
        inArray(job.status, ["scheduled", "accepted", "pending"]),
        gte(job.scheduledDate, options.from),
        options.before ? lt(job.scheduledDate, options.before) : undefined,
        isNull(job.arrivedAt),
      ),
    );
  const queued: PaymentRow[] = [];
  const kept: string[] = [];
  let cancelled = 0;
  for (const visit of visits) {
    if (!changeableFreely(visit.scheduledDate!, options.now)) {
      kept.push(visit.scheduledDate!);
      continue;
    }
    await move(tx, {
      current: visit,
      action: "cancel",
      actorId: options.actorId,
      set: { cancelReason: options.reason, cancelledAt: new Date() },
      note: options.reason,
    });
    const row = await queueCancellationMoney(tx, { current: visit, feeCents: 0, provider: options.provider });
    if (row) queued.push(row);
    cancelled += 1;
  }
  return { queued, kept: kept.sort(), cancelled };
}

/** Releases the holds of cancelled visits after the commit; the scheduled pass repeats any that fail. */
export async function settleReleases(
  deps: { db: Db; provider: PaymentProvider; publicUrl: string },
  queued: PaymentRow[],
) {
  for (const row of queued) await performPendingSoon(deps, row.id);
}

/** "Your visit on Tuesday, December 1 stays (it is less than 48 hours away)." */
export function keptSentence(kept: string[]): string {
  if (kept.length === 0) return "";
  const days = kept.map(formatLongDate).join(" and ");
  return ` Your visit on ${days} stays: it is less than 48 hours away (cancel it on its own if you need to; its usual cancellation rule applies).`;
}

/** The reason a pause writes on each visit it cancels; resuming finds them by it. */
export const pausedReason = (until: string) => `Series paused until ${formatLongDate(until)}`;

/**
 * Ends a series' pause now: the visits it cancelled that are still at least 48 hours away give up their
 * dates and are made again (closer ones stay cancelled: the landscaper had no notice); skipped visits stay
 * skipped. A rule date within 48 hours that never got a visit (a long pause) keeps the pause up to then.
 * Answers the first visit back.
 */
export async function endPause(tx: Tx, series: SeriesRow, now: Date): Promise<string | null> {
  const today = todayInCharlotte(now);
  const paused = await tx
    .select({ id: job.id, date: job.seriesDate })
    .from(job)
    .where(
      and(
        eq(job.seriesId, series.id),
        eq(job.status, "cancelled"),
        gte(job.seriesDate, today),
        like(job.cancelReason, "Series paused until %"),
      ),
    );
  const freed = paused.filter((row) => changeableFreely(row.date!, now)).map((row) => row.id);
  if (freed.length) await tx.update(job).set({ seriesDate: null }).where(inArray(job.id, freed));
  // The first day a new visit may take: at least 48 hours before its 8 AM start.
  const floor = changeableFreely(addDaysIso(today, 2), now) ? addDaysIso(today, 2) : addDaysIso(today, 3);
  const rule = {
    frequency: series.frequency as SeriesFrequency,
    weekday: series.weekday ?? 0,
    startDate: series.startDate,
  };
  const close = seriesDates(rule, {
    from: [series.startDate, today].sort().at(-1)!,
    through: addDaysIso(floor, -1),
  });
  const rows = close.length
    ? await tx
        .select({ date: job.seriesDate })
        .from(job)
        .where(and(eq(job.seriesId, series.id), inArray(job.seriesDate, close)))
    : [];
  const unmade = close.some((date) => !rows.some((row) => row.date === date));
  const [updated] = await tx
    .update(jobSeries)
    .set({ pausedUntil: unmade ? floor : null })
    .where(eq(jobSeries.id, series.id))
    .returning();
  await generateVisits(tx, updated!, today);
  const [first] = await tx
    .select({ date: job.scheduledDate })
    .from(job)
    .where(and(eq(job.seriesId, series.id), eq(job.status, "scheduled"), gte(job.scheduledDate, today)))
    .orderBy(job.scheduledDate)
    .limit(1);
  return first?.date ?? null;
}
