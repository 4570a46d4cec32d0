import { and, eq, gt } from "drizzle-orm";
import {
  blindUntil,
  reviewAuthorName,
  reviewMessages,
  reviewWindowEnd,
  seriesMonthOf,
  starsMessage,
} from "../../../shared/reviews.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { customerRating, type job, payment, review } from "../../db/schema.js";
import { AppError, conflict } from "../../lib/errors.js";

type VisitRow = Pick<
  typeof job.$inferSelect,
  "id" | "status" | "completedAt" | "seriesId" | "landscaperId" | "customerId" | "customerName"
>;

/** Whether the visit's price was charged: its own payment captured (payments/settlement marks it so). */
export async function isCharged(db: DbOrTx, jobId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.jobId, jobId), eq(payment.kind, "job"), eq(payment.status, "captured")))
    .limit(1);
  return row !== undefined;
}

/** Whether the series already has its review for the month the visit counts in. */
async function seriesMonthTaken(db: DbOrTx, seriesId: string, month: string): Promise<boolean> {
  const [row] = await db
    .select({ id: review.id })
    .from(review)
    .where(and(eq(review.seriesId, seriesId), eq(review.seriesMonth, month)))
    .limit(1);
  return row !== undefined;
}

/**
 * What the customer's rating of a completed visit will do, checked before its tip is charged: refused when
 * the price is not charged yet or the 14 days are over; `writesReview` false for a series visit whose month
 * already has the series' review (the stars and tip are still recorded on the visit).
 */
export async function reviewPlan(
  db: DbOrTx,
  current: VisitRow,
  now: Date,
): Promise<{ writesReview: boolean; seriesMonth: string | null }> {
  if (!current.completedAt) throw conflict(reviewMessages.notCharged);
  if (now > reviewWindowEnd(current.completedAt)) throw conflict(reviewMessages.windowClosed);
  if (!(await isCharged(db, current.id))) throw conflict(reviewMessages.notCharged);
  const seriesMonth = current.seriesId ? seriesMonthOf(current.completedAt) : null;
  const taken =
    current.seriesId && seriesMonth ? await seriesMonthTaken(db, current.seriesId, seriesMonth) : false;
  return { writesReview: !taken, seriesMonth };
}

/** The review's other stars, asked whenever a review is written (the schema leaves them optional). */
export function assertAllStars(input: {
  punctuality?: number | undefined;
  communication?: number | undefined;
}) {
  const fields: Record<string, string> = {};
  if (input.punctuality === undefined) fields.punctuality = starsMessage("punctuality");
  if (input.communication === undefined) fields.communication = starsMessage("communication");
  const first = Object.values(fields)[0];
  if (first) throw new AppError(400, "validation_failed", first, fields);
}

/**
 * Writes the customer's review in the rating's transaction (the job's row is locked by the rating's update,
 * as the landscaper's rating locks it, so the two never miss each other). Blind for BLIND_DAYS, unless the
 * landscaper's rating of the customer is in: then both are released now. Answers false when the series'
 * review for the month was written meanwhile (the unique index review_series_month_idx): no second review.
 */
export async function writeReview(
  tx: Tx,
  options: {
    current: VisitRow & { landscaperId: string };
    quality: number;
    punctuality: number;
    communication: number;
    body: string;
    now: Date;
  },
): Promise<boolean> {
  const { current, now } = options;
  const theirs = await tx
    .select({ id: customerRating.id })
    .from(customerRating)
    .where(eq(customerRating.jobId, current.id));
  const released = theirs.length > 0;
  const inserted = await tx
    .insert(review)
    .values({
      jobId: current.id,
      seriesId: current.seriesId,
      seriesMonth: current.seriesId && current.completedAt ? seriesMonthOf(current.completedAt) : null,
      landscaperId: current.landscaperId,
      customerId: current.customerId,
      authorName: reviewAuthorName(current.customerName),
      quality: options.quality,
      punctuality: options.punctuality,
      communication: options.communication,
      body: options.body,
      submittedAt: now,
      visibleFrom: released ? now : blindUntil(now),
    })
    .onConflictDoNothing()
    .returning({ id: review.id });
  if (inserted.length === 0) return false;
  if (released) await releaseNow(tx, current.id, now);
  return true;
}

/** Both sides are in: the customer's review and the landscaper's rating are shown from now on. */
export async function releaseNow(tx: Tx, jobId: string, now: Date) {
  await tx
    .update(review)
    .set({ visibleFrom: now })
    .where(and(eq(review.jobId, jobId), gt(review.visibleFrom, now)));
  await tx
    .update(customerRating)
    .set({ visibleFrom: now })
    .where(and(eq(customerRating.jobId, jobId), gt(customerRating.visibleFrom, now)));
}
