import { isNull } from "drizzle-orm";
import { daysUntil, formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import { MAX_MOVE_DAYS } from "../../../shared/recurring.js";
import { jobLabel } from "../../../shared/services.js";
import type { Tx } from "../../db/client.js";
import { job } from "../../db/schema.js";
import { conflict, fieldInvalid, notFound } from "../../lib/errors.js";
import { type ActionOptions, loadJob, move, tellPerson } from "../jobs/index.js";
import { queueCancellationMoney } from "../payments/index.js";
import { settleReleases } from "./generation.js";

// A visit moved to another day (weather) and the customer's answer to it.

/** The landscaper moves one visit up to 3 days (weather), with a reason; the customer may decline the new day. */
export async function moveVisit(options: ActionOptions & { date: string; reason: string }) {
  const { db, principal } = options;
  return db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    return moveOneVisit(tx, { ...options, current, landscaperId: principal.userId });
  });
}

/**
 * The one way a visit moves to another day (the single move above and the weather's "Move my day"), inside the
 * caller's transaction: within MAX_MOVE_DAYS of its original date, not before today, the customer told with
 * the reason and that they may decline the new day. A series visit keeps its `series_date`, so the series'
 * weekday and its next visits stay as they are.
 */
export async function moveOneVisit(
  tx: Tx,
  options: {
    env: ActionOptions["env"];
    current: Awaited<ReturnType<typeof loadJob>>;
    landscaperId: string;
    date: string;
    reason: string;
    now?: Date;
  },
) {
  const { current, env } = options;
  const now = options.now ?? new Date();
  if (current.landscaperId !== options.landscaperId) throw notFound("Job not found.");
  if (current.arrivedAt) throw conflict("You have already arrived at this visit.");
  const original = current.movedFrom ?? current.scheduledDate!;
  const today = todayInCharlotte(now);
  if (options.date < today) throw fieldInvalid("date", "Choose today or a later date.");
  if (Math.abs(daysUntil(options.date, new Date(`${original}T12:00:00Z`))) > MAX_MOVE_DAYS)
    throw fieldInvalid("date", `Choose a date within ${MAX_MOVE_DAYS} days of ${formatLongDate(original)}.`);
  if (options.date === current.scheduledDate) throw fieldInvalid("date", "Choose a different date.");
  const updated = await move(tx, {
    current,
    action: "move_visit",
    actorId: options.landscaperId,
    set: {
      scheduledDate: options.date,
      movedAt: now,
      movedFrom: original,
      moveReason: options.reason,
      moveDeclinedAt: null,
    },
    note: `Moved from ${formatLongDate(current.scheduledDate!)} to ${formatLongDate(options.date)}: ${options.reason}`,
  });
  await tellPerson(tx, env, {
    userId: updated.customerId,
    party: "customer",
    type: "job",
    jobNumber: jobLabel(updated.number),
    message: `Your visit ${jobLabel(updated.number)} moves from ${formatLongDate(current.scheduledDate!)} to ${formatLongDate(options.date)}: ${options.reason} If the new day does not suit you, decline it on your dashboard (nothing is charged).`,
    subject: `Your visit moves to ${formatLongDate(options.date)}`,
  });
  return updated;
}

/** The customer declines the day a visit was moved to: the visit is cancelled, nothing charged. */
export async function declineMovedVisit(options: ActionOptions) {
  const { db, env, principal } = options;
  const { updated, queued } = await db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    if (current.customerId !== principal.userId) throw notFound("Job not found.");
    if (!current.movedAt || current.moveDeclinedAt || current.status !== "scheduled")
      throw conflict("This visit has no new day to decline.");
    const updated = await move(tx, {
      current,
      action: "cancel",
      actorId: principal.userId,
      set: {
        moveDeclinedAt: new Date(),
        cancelReason: "The customer declined the new day",
        cancelledAt: new Date(),
      },
      alsoWhere: isNull(job.moveDeclinedAt),
      note: "Declined the new day",
    });
    const queued = await queueCancellationMoney(tx, {
      current,
      feeCents: 0,
      provider: options.provider.name,
    });
    await tellPerson(tx, env, {
      userId: updated.landscaperId,
      party: "landscaper",
      type: "job",
      jobNumber: jobLabel(updated.number),
      message: `${updated.customerName} declined the new day of ${jobLabel(updated.number)} (${formatLongDate(current.scheduledDate!)}); the visit is cancelled.`,
      subject: `${jobLabel(updated.number)}: the new day was declined`,
    });
    return { updated, queued };
  });
  if (queued) await settleReleases({ db, provider: options.provider, publicUrl: env.PUBLIC_URL }, [queued]);
  return updated;
}
