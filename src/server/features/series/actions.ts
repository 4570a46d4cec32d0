import { and, eq, gte, inArray, isNull } from "drizzle-orm";
import { addDaysIso, formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import { seriesLabel, seriesMessages, weekdayNames } from "../../../shared/recurring.js";
import type { Tx } from "../../db/client.js";
import { job, jobSeries } from "../../db/schema.js";
import { conflict, fieldInvalid, notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";
import { type ActionOptions, backToQueue, move, tellPerson } from "../jobs/index.js";
import { notifyAdmins } from "../notifications/index.js";
import { queueCancellationMoney } from "../payments/index.js";
import { declinedOnSeries } from "../price-changes/index.js";
import {
  cancelFutureVisits,
  endPause,
  generateVisits,
  keptSentence,
  loadSeries,
  pausedReason,
  type SeriesRow,
  settleReleases,
} from "./generation.js";
import { newWeekdayStart } from "./rule.js";

export type SeriesOptions = Omit<ActionOptions, "jobId"> & { seriesId: string };

function ownSeries(series: SeriesRow, principal: Principal, side: "customer" | "landscaper") {
  const owner = side === "customer" ? series.customerId : series.landscaperId;
  if (owner !== principal.userId) throw notFound(seriesMessages.notYours);
}

/**
 * A change to a series by one side: in one transaction with its visits' cancellations and the other side
 * told; the cancelled visits' holds are released after the commit.
 */
export async function changeSeries(
  options: SeriesOptions,
  side: "customer" | "landscaper",
  change: (
    tx: Tx,
    series: SeriesRow,
    now: Date,
  ) => Promise<{ queued: Parameters<typeof settleReleases>[1]; message: string }>,
) {
  const { db, env, provider } = options;
  const now = new Date();
  const { queued, message, series } = await db.transaction(async (tx) => {
    const [series] = await tx
      .select()
      .from(jobSeries)
      .where(eq(jobSeries.id, options.seriesId))
      .for("update");
    if (!series) throw notFound(seriesMessages.notYours);
    ownSeries(series, options.principal, side);
    const result = await change(tx, series, now);
    return { ...result, series };
  });
  await settleReleases({ db, provider, publicUrl: env.PUBLIC_URL }, queued);
  return { series: await loadSeries(db, series.id), message };
}

/** The customer pauses visits until a date (visits less than 48 hours away stay, and are said). */
export function pauseSeries(options: SeriesOptions & { until: string }) {
  return changeSeries(options, "customer", async (tx, series, now) => {
    const today = todayInCharlotte(now);
    if (series.status !== "active") throw conflict(seriesMessages.notActive);
    if (options.until <= today) throw fieldInvalid("until", "Choose a date after today.");
    if (options.until > addDaysIso(today, 366)) throw fieldInvalid("until", "Choose a date within a year.");
    // A new date for a pause already on: the old one ends first, so a shorter pause gives visits back.
    if (series.pausedUntil && series.pausedUntil > today) await endPause(tx, series, now);
    const { queued, kept } = await cancelFutureVisits(tx, {
      series,
      from: today,
      before: options.until,
      reason: pausedReason(options.until),
      actorId: options.principal.userId,
      provider: options.provider.name,
      now,
    });
    await tx.update(jobSeries).set({ pausedUntil: options.until }).where(eq(jobSeries.id, series.id));
    const message = `Visits are paused until ${formatLongDate(options.until)}.${keptSentence(kept)}`;
    await tellPerson(tx, options.env, {
      userId: series.landscaperId,
      party: "landscaper",
      type: "job",
      jobNumber: seriesLabel(series.number),
      message: `${series.customerName} paused ${seriesLabel(series.number)} until ${formatLongDate(options.until)}; those visits are off your schedule.`,
      subject: `${seriesLabel(series.number)} is paused`,
      link: "/landscaper-dashboard?tab=schedule",
    });
    return { queued, message };
  });
}

/** The customer ends a pause now ('Resume now'): the paused visits at least 48 hours away come back. */
export function resumeSeries(options: SeriesOptions) {
  return changeSeries(options, "customer", async (tx, series, now) => {
    if (series.status !== "active") throw conflict(seriesMessages.notActive);
    if (!series.pausedUntil || series.pausedUntil <= todayInCharlotte(now))
      throw conflict("This series is not paused.");
    const first = await endPause(tx, series, now);
    const back = first ? `, from ${formatLongDate(first)}` : "";
    await tellPerson(tx, options.env, {
      userId: series.landscaperId,
      party: "landscaper",
      type: "job",
      jobNumber: seriesLabel(series.number),
      message: `${series.customerName} resumed ${seriesLabel(series.number)}: the visits are back on your schedule${back}.`,
      subject: `${seriesLabel(series.number)} is resumed`,
      link: "/landscaper-dashboard?tab=schedule",
    });
    return { queued: [], message: `Visits are back${back}.` };
  });
}

/**
 * Moves the series to another weekday from the first such day at least 48 hours away (after the visits
 * that stay and after a pause): the visits in between are cancelled and the new ones made. Only once the
 * landscaper agreed to the day (weekday-request.ts): they agreed to the one the series is on.
 */
export async function applyWeekday(
  tx: Tx,
  series: SeriesRow,
  options: { weekday: number; actorId: string; provider: SeriesOptions["provider"]["name"]; now: Date },
) {
  const today = todayInCharlotte(options.now);
  const { queued, kept } = await cancelFutureVisits(tx, {
    series,
    from: today,
    reason: `Series moved to ${weekdayNames[options.weekday]}s`,
    actorId: options.actorId,
    provider: options.provider,
    now: options.now,
  });
  const startDate = newWeekdayStart({
    today,
    weekday: options.weekday,
    kept,
    pausedUntil: series.pausedUntil,
  });
  const [updated] = await tx
    .update(jobSeries)
    .set({
      weekday: options.weekday,
      startDate,
      generatedThrough: null,
      requestedWeekday: null,
      weekdayRequestedAt: null,
    })
    .where(eq(jobSeries.id, series.id))
    .returning();
  await generateVisits(tx, updated!, today);
  return { queued, kept, startDate };
}

/** The customer ends the series: visits 48 hours away or more are cancelled, nothing charged for them. */
export function cancelSeries(options: SeriesOptions & { reason: string }) {
  return changeSeries(options, "customer", async (tx, series, now) => {
    if (series.status === "cancelled") throw conflict("This series is already cancelled.");
    const { queued, kept } = await cancelFutureVisits(tx, {
      series,
      from: todayInCharlotte(now),
      reason: `Series cancelled: ${options.reason}`,
      actorId: options.principal.userId,
      provider: options.provider.name,
      now,
    });
    await tx
      .update(jobSeries)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: options.reason })
      .where(eq(jobSeries.id, series.id));
    await tellPerson(tx, options.env, {
      userId: series.landscaperId,
      party: "landscaper",
      type: "job",
      jobNumber: seriesLabel(series.number),
      message: `${series.customerName} cancelled ${seriesLabel(series.number)}: ${options.reason}`,
      subject: `${seriesLabel(series.number)} is cancelled`,
    });
    return { queued, message: `The series is cancelled.${keptSentence(kept)}` };
  });
}

/**
 * Puts a series back in the queue without its landscaper: its next visit becomes the series' request (asking
 * for `startDate`'s day when given: a weekday the landscaper could not do), later ones are cancelled, holds
 * released after the commit. Visits under way stay. Before the customer approved (an offer), its one
 * accepted visit is the request.
 */
export async function releaseSeries(
  tx: Tx,
  series: SeriesRow,
  options: {
    actorId: string;
    reason: string;
    provider: SeriesOptions["provider"]["name"];
    now: Date;
    startDate?: string;
    /** The landscaper leaves after the customer declined their price change: not a withdrawal on their record. */
    afterPriceDecline?: boolean;
    /** Written on the later visits it cancels. */
    cancelReason?: string;
  },
) {
  const offer = series.status === "offered";
  const today = todayInCharlotte(options.now);
  const visits = await tx
    .select()
    .from(job)
    .where(
      and(
        eq(job.seriesId, series.id),
        inArray(job.status, ["accepted", "scheduled"]),
        // An offer's proposed first date may have passed while it waited: it still goes back.
        offer ? undefined : gte(job.scheduledDate, today),
        isNull(job.arrivedAt),
      ),
    )
    .orderBy(job.scheduledDate);
  const queued = [];
  for (const [index, visit] of visits.entries()) {
    const requeue = index === 0;
    await move(tx, {
      current: visit,
      action: requeue
        ? options.startDate
          ? "decline_day"
          : options.afterPriceDecline
            ? "leave_after_price_decline"
            : "withdraw"
        : "cancel",
      actorId: options.actorId,
      set: requeue
        ? { ...backToQueue, ...(options.startDate ? { preferredDate: options.startDate } : {}) }
        : {
            cancelReason: options.cancelReason ?? "The landscaper left the series",
            cancelledAt: options.now,
          },
      note: options.reason,
    });
    const row = await queueCancellationMoney(tx, { current: visit, feeCents: 0, provider: options.provider });
    if (row) queued.push(row);
  }
  await tx
    .update(jobSeries)
    .set({
      status: "requested",
      landscaperId: null,
      weekday: null,
      pricePerVisitCents: null,
      offeredAt: null,
      approvedAt: null,
      generatedThrough: null,
      requestedWeekday: null,
      weekdayRequestedAt: null,
      // The request in the queue asks for its next visit from this date.
      startDate:
        options.startDate ??
        (visits[0]?.scheduledDate && visits[0].scheduledDate > today ? visits[0].scheduledDate : today),
    })
    .where(eq(jobSeries.id, series.id));
  return queued;
}

/**
 * The landscaper leaves a series: it goes back to the queue for another landscaper to offer, the customer
 * told. Before the customer approved (an offer), this withdraws the offer.
 */
export function leaveSeries(options: SeriesOptions & { reason: string }) {
  return changeSeries(options, "landscaper", async (tx, series, now) => {
    if (series.status !== "active" && series.status !== "offered") throw conflict(seriesMessages.notActive);
    const offer = series.status === "offered";
    const afterPriceDecline = await declinedOnSeries(tx, series);
    const queued = await releaseSeries(tx, series, {
      actorId: options.principal.userId,
      reason: options.reason,
      provider: options.provider.name,
      now,
      afterPriceDecline,
    });
    const label = seriesLabel(series.number);
    if (offer) {
      await tellPerson(tx, options.env, {
        userId: series.customerId,
        party: "customer",
        type: "job",
        jobNumber: label,
        message: `The landscaper withdrew their offer for ${label}: ${options.reason} Your request is back in the queue for other landscapers; nothing was charged.`,
        subject: `The offer for ${label} was withdrawn`,
      });
    } else {
      await tellPerson(tx, options.env, {
        userId: series.customerId,
        party: "customer",
        type: "job",
        jobNumber: label,
        message: `Your landscaper left ${label}: ${options.reason} Your series is back in the queue for another landscaper; nothing is charged for the visits that were cancelled.`,
        subject: `Your landscaper left ${label}`,
      });
    }
    await notifyAdmins(tx, options.env, {
      type: "job",
      message: `A landscaper ${offer ? "withdrew their offer for" : "left"} ${label} (${series.customerName}): ${options.reason}`,
      link: "/admin/jobs",
    });
    return {
      queued,
      message: `${offer ? "You withdrew your offer." : "You left the series."} The customer has been told.${afterPriceDecline ? " It leaves no mark on your record: they declined your price change." : ""}`,
    };
  });
}
