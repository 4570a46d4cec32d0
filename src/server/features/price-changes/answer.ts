// The customer's side of a price change: approve it (the agreed price becomes the asked one, holds follow) or
// decline it (the agreed price stands, and the landscaper may leave without a mark).
import { and, eq, gte, inArray, isNull, ne } from "drizzle-orm";
import { todayInCharlotte } from "../../../shared/dates.js";
import { priceChangeMessages } from "../../../shared/price-change.js";
import { formatCents, jobLabel } from "../../../shared/services.js";
import type { DbOrTx } from "../../db/client.js";
import { job, jobPriceChange, jobSeries } from "../../db/schema.js";
import { conflict, notFound } from "../../lib/errors.js";
import { type ActionOptions, assertAllowed, type JobRow, loadJob, move } from "../jobs/index.js";
import {
  type ChangedHold,
  dropChangedHold,
  holdChangedPrice,
  type PaymentRow,
  performPendingSoon,
  queueReleaseOf,
} from "../payments/index.js";
import { lockedJob } from "./ask.js";
import { type PriceChangeRow, visitPriceAfter } from "./rules.js";
import { tellAnswered } from "./tell.js";

async function openChangeOf(db: DbOrTx, jobId: string): Promise<PriceChangeRow> {
  const [row] = await db
    .select()
    .from(jobPriceChange)
    .where(and(eq(jobPriceChange.jobId, jobId), eq(jobPriceChange.status, "open")));
  if (!row) throw conflict(priceChangeMessages.noneOpen);
  return row;
}

/** The customer's own job, open to an answer (accepted or scheduled), with the request that waits on it. */
async function answerable(
  db: DbOrTx,
  options: ActionOptions,
  action: "approve_price_change" | "decline_price_change",
) {
  const current = await loadJob(db, options.jobId);
  if (current.customerId !== options.principal.userId) throw notFound("Job not found.");
  assertAllowed(action, current);
  return { current, change: await openChangeOf(db, current.id) };
}

/**
 * The visits whose price the change sets: the job, and for a series its later visits not under way (those
 * generated later take the series' new price per visit).
 */
async function visitsToReprice(db: DbOrTx, current: JobRow, change: PriceChangeRow): Promise<JobRow[]> {
  if (!change.seriesId) return [current];
  const later = await db
    .select()
    .from(job)
    .where(
      and(
        eq(job.seriesId, change.seriesId),
        ne(job.id, current.id),
        inArray(job.status, ["accepted", "scheduled"]),
        gte(job.scheduledDate, current.scheduledDate ?? todayInCharlotte()),
        isNull(job.onTheWayAt),
        isNull(job.arrivedAt),
        isNull(job.workStartedAt),
      ),
    );
  return [current, ...later];
}

const guardPrice = (row: JobRow) =>
  row.quotedPriceCents === null
    ? isNull(job.quotedPriceCents)
    : eq(job.quotedPriceCents, row.quotedPriceCents);

/**
 * The customer approves the price change: the asked price becomes the agreed one (a series: its price per
 * visit, and the price of this visit and the later ones), each visit through the lifecycle with its event. A
 * card already held is held for the new amount first (a refused card answers 402 and changes nothing); the
 * old hold is released once the change has committed. Two clicks or two instances: one wins, the other is
 * told there is nothing left to answer, and shares (never doubles) the new hold.
 */
export async function approvePriceChange(options: ActionOptions) {
  const { db, env, principal } = options;
  const money = { db, provider: options.provider, publicUrl: env.PUBLIC_URL };
  const { current, change } = await answerable(db, options, "approve_price_change");
  const swaps: ChangedHold[] = [];
  try {
    for (const visit of await visitsToReprice(db, current, change)) {
      const swap = await holdChangedPrice(money, {
        jobId: visit.id,
        customerId: principal.userId,
        priceCents: visitPriceAfter(visit, change),
        key: `job:${visit.id}:hold:price-change:${change.id}`,
      });
      if (swap) swaps.push(swap);
    }
  } catch (error) {
    for (const swap of swaps) await dropChangedHold(money, swap.held);
    throw error;
  }
  const releases: PaymentRow[] = [];
  let updated: JobRow;
  try {
    updated = await db.transaction(async (tx) => {
      const fresh = await lockedJob(tx, current.id);
      const [claimed] = await tx
        .update(jobPriceChange)
        .set({ status: "approved", closedAt: new Date() })
        .where(and(eq(jobPriceChange.id, change.id), eq(jobPriceChange.status, "open")))
        .returning();
      if (!claimed) throw conflict(priceChangeMessages.noneOpen);
      let answered = fresh;
      for (const visit of await visitsToReprice(tx, fresh, claimed)) {
        const price = visitPriceAfter(visit, claimed);
        const row = await move(tx, {
          current: visit,
          action: "approve_price_change",
          actorId: principal.userId,
          set: { quotedPriceCents: price },
          alsoWhere: guardPrice(visit),
          raceMessage: priceChangeMessages.priceMoved,
          note:
            visit.id === fresh.id
              ? `Approved ${formatCents(claimed.askedCents)} instead of ${formatCents(claimed.agreedCents)}${claimed.seriesId ? " per visit" : ""}.`
              : `Price per visit ${formatCents(claimed.askedCents)}: the price change approved on ${jobLabel(fresh.number)}.`,
        });
        if (row.id === fresh.id) answered = row;
      }
      if (claimed.seriesId) {
        const [series] = await tx
          .update(jobSeries)
          .set({ pricePerVisitCents: claimed.askedCents })
          .where(
            and(eq(jobSeries.id, claimed.seriesId), eq(jobSeries.pricePerVisitCents, claimed.agreedCents)),
          )
          .returning({ id: jobSeries.id });
        if (!series) throw conflict(priceChangeMessages.priceMoved);
      }
      for (const swap of swaps) {
        const release = await queueReleaseOf(tx, swap.previous);
        if (release) releases.push(release);
      }
      await tellAnswered(tx, env, answered, claimed, true);
      return answered;
    });
  } catch (error) {
    // The change did not happen here: the holds this try placed go back, unless another click approved it
    // (and shares them).
    const [after] = await db.select().from(jobPriceChange).where(eq(jobPriceChange.id, change.id));
    if (after?.status !== "approved") for (const swap of swaps) await dropChangedHold(money, swap.held);
    throw error;
  }
  for (const release of releases) await performPendingSoon(money, release.id);
  return updated;
}

/**
 * The customer declines the price change: the agreed price stands, and the landscaper is told they may keep
 * the job at it or leave it without a mark on their record.
 */
export async function declinePriceChange(options: ActionOptions) {
  const { db, env, principal } = options;
  await answerable(db, options, "decline_price_change");
  return db.transaction(async (tx) => {
    const current = await lockedJob(tx, options.jobId);
    const [claimed] = await tx
      .update(jobPriceChange)
      .set({ status: "declined", closedAt: new Date() })
      .where(and(eq(jobPriceChange.jobId, current.id), eq(jobPriceChange.status, "open")))
      .returning();
    if (!claimed) throw conflict(priceChangeMessages.noneOpen);
    const updated = await move(tx, {
      current,
      action: "decline_price_change",
      actorId: principal.userId,
      set: {},
      note: `Declined ${formatCents(claimed.askedCents)}; the agreed ${formatCents(claimed.agreedCents)} stands.`,
    });
    await tellAnswered(tx, env, updated, claimed, false);
    return updated;
  });
}
