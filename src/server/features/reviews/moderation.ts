import { and, eq, isNull } from "drizzle-orm";
import { type ReviewView, reviewMessages } from "../../../shared/reviews.js";
import { jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { job, review, reviewReport } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";
import { notifyAdmins } from "../notifications/index.js";
import { toReviewView } from "./views.js";

/*
 * What may happen to a review after it is written: one public reply by its landscaper, reports by anyone, and
 * an admin's removal with a reason (shown in its place) or decision to keep it. Nothing else: there is no
 * route, for anyone, that changes its stars or text or deletes it (reviews.test.ts walks every route).
 */

async function loadReview(db: DbOrTx, reviewId: string) {
  const [row] = await db.select().from(review).where(eq(review.id, reviewId));
  if (!row) throw notFound(reviewMessages.notFound);
  return row;
}

/** What the audit trail calls a review: its visit's number, as every screen names the visit. */
async function reviewLabel(db: DbOrTx, jobId: string): Promise<string> {
  const [row] = await db.select({ number: job.number }).from(job).where(eq(job.id, jobId));
  return row ? `Review of ${jobLabel(row.number)}` : "Review";
}

/** The review's landscaper replies once, publicly, after it is shown to them; never edited. */
export async function replyToReview(options: {
  db: Db;
  principal: Principal;
  reviewId: string;
  reply: string;
  now?: Date | undefined;
}): Promise<ReviewView> {
  const now = options.now ?? new Date();
  const current = await loadReview(options.db, options.reviewId);
  // Someone else's review, or one still blind: as if it did not exist.
  if (current.landscaperId !== options.principal.userId || current.visibleFrom > now)
    throw notFound(reviewMessages.notFound);
  if (current.removedAt) throw conflict("This review was removed, so it takes no reply.");
  const [updated] = await options.db
    .update(review)
    .set({ reply: options.reply, repliedAt: now })
    .where(and(eq(review.id, current.id), isNull(review.reply)))
    .returning();
  if (!updated) throw conflict(reviewMessages.alreadyReplied);
  return toReviewView(updated);
}

/**
 * Anyone, signed in or not, reports a review shown publicly (the route is rate-limited per address). A blind
 * review is not found: reporting must not tell that one exists. Admins are told.
 */
export async function reportReview(options: {
  db: Db;
  env: Env;
  reviewId: string;
  reporterId: string | null;
  reason: string;
  now?: Date | undefined;
}): Promise<void> {
  const now = options.now ?? new Date();
  const current = await loadReview(options.db, options.reviewId);
  if (current.visibleFrom > now) throw notFound(reviewMessages.notFound);
  if (current.removedAt) throw conflict("This review has already been removed.");
  await options.db.transaction(async (tx) => {
    await tx.insert(reviewReport).values({
      reviewId: current.id,
      reporterId: options.reporterId,
      reason: options.reason,
    });
    await notifyAdmins(tx, options.env, {
      type: "system",
      message: `A review by ${current.authorName} was reported: ${options.reason}`,
      link: "/admin/resolutions",
    });
  });
}

async function closeReports(db: DbOrTx, reviewId: string, now: Date) {
  await db
    .update(reviewReport)
    .set({ closedAt: now })
    .where(and(eq(reviewReport.reviewId, reviewId), isNull(reviewReport.closedAt)));
}

/**
 * An admin removes a review, only with a reason: its stars and text are no longer shown or counted, the reason
 * shows in their place, and its reports are closed. The row stays (the reason is part of the record).
 */
export async function removeReview(options: {
  db: Db;
  principal: Principal;
  reviewId: string;
  reason: string;
  now?: Date | undefined;
}): Promise<ReviewView> {
  const now = options.now ?? new Date();
  await loadReview(options.db, options.reviewId);
  return options.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(review)
      .set({ removedReason: options.reason, removedAt: now, removedBy: options.principal.userId })
      .where(and(eq(review.id, options.reviewId), isNull(review.removedAt)))
      .returning();
    if (!updated) throw conflict("This review has already been removed.");
    await closeReports(tx, updated.id, now);
    await recordAudit(tx, {
      actor: options.principal,
      action: "review.remove",
      target: { type: "review", id: updated.id, label: await reviewLabel(tx, updated.jobId) },
      reason: options.reason,
      before: { removed: false },
      after: { removed: true },
    });
    return toReviewView(updated);
  });
}

/** An admin keeps a reported review as written: its reports are closed, nothing else changes. */
export async function keepReview(options: {
  db: Db;
  principal: Principal;
  reviewId: string;
  now?: Date | undefined;
}) {
  const current = await loadReview(options.db, options.reviewId);
  await options.db.transaction(async (tx) => {
    await closeReports(tx, options.reviewId, options.now ?? new Date());
    await recordAudit(tx, {
      actor: options.principal,
      action: "review.keep",
      target: { type: "review", id: options.reviewId, label: await reviewLabel(tx, current.jobId) },
      after: { removed: false, reportsClosed: true },
    });
  });
}
