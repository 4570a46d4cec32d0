import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  type CustomerAverage,
  type JobReview,
  noReviews,
  type ReportedReview,
  type ReviewSummary,
  reviewWindowEnd,
  seriesMonthOf,
} from "../../../shared/reviews.js";
import type { DbOrTx } from "../../db/client.js";
import { customerRating, job, landscaper, payment, review, reviewReport, user } from "../../db/schema.js";
import { landscaperNameSql } from "../landscapers/index.js";
import { toReviewView } from "./views.js";

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * Each landscaper's reviews in short: the average of the quality stars, how many, and the latest. Counted are
 * reviews shown (released by the double-blind rule) and not removed; a low review counts as any other. Every
 * id asked for is in the answer (`noReviews` without any).
 */
export async function reviewSummaries(options: {
  db: DbOrTx;
  landscaperIds: readonly string[];
  now?: Date | undefined;
}): Promise<Map<string, ReviewSummary>> {
  const ids = [...new Set(options.landscaperIds)];
  const summaries = new Map<string, ReviewSummary>();
  if (ids.length === 0) return summaries;
  const now = options.now ?? new Date();
  const shown = and(
    inArray(review.landscaperId, ids),
    lte(review.visibleFrom, now),
    isNull(review.removedAt),
  );
  const totals = await options.db
    .select({
      landscaperId: review.landscaperId,
      count: sql<number>`count(*)::int`,
      average: sql<string>`avg(${review.quality})`,
    })
    .from(review)
    .where(shown)
    .groupBy(review.landscaperId);
  const latest = await options.db
    .selectDistinctOn([review.landscaperId], {
      landscaperId: review.landscaperId,
      authorName: review.authorName,
      quality: review.quality,
      body: review.body,
      submittedAt: review.submittedAt,
    })
    .from(review)
    .where(shown)
    .orderBy(review.landscaperId, desc(review.submittedAt), desc(review.id));
  const latestOf = new Map(latest.map((row) => [row.landscaperId, row]));
  for (const total of totals) {
    const last = latestOf.get(total.landscaperId);
    summaries.set(total.landscaperId, {
      averageQuality: oneDecimal(Number(total.average)),
      count: Number(total.count),
      latest: last
        ? {
            authorName: last.authorName,
            quality: last.quality,
            body: last.body,
            submittedAt: last.submittedAt.toISOString(),
          }
        : null,
    });
  }
  for (const id of ids) if (!summaries.has(id)) summaries.set(id, { ...noReviews });
  return summaries;
}

/**
 * What landscapers and admins see of customers: the average of landscapers' ratings of them, released ones
 * only (a rating still blind would otherwise show through the average before the customer sees it).
 */
export async function customerAverages(
  db: DbOrTx,
  customerIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, CustomerAverage>> {
  const ids = [...new Set(customerIds)];
  const averages = new Map<string, CustomerAverage>();
  if (ids.length === 0) return averages;
  const rows = await db
    .select({
      customerId: customerRating.customerId,
      count: sql<number>`count(*)::int`,
      average: sql<string>`avg(${customerRating.stars})`,
    })
    .from(customerRating)
    .where(and(inArray(customerRating.customerId, ids), lte(customerRating.visibleFrom, now)))
    .groupBy(customerRating.customerId);
  for (const row of rows)
    if (row.customerId)
      averages.set(row.customerId, { count: Number(row.count), average: oneDecimal(Number(row.average)) });
  for (const id of ids) if (!averages.has(id)) averages.set(id, { count: 0, average: null });
  return averages;
}

export interface JobReviewExtras {
  review?: JobReview | null;
  customerAverage?: CustomerAverage | null;
}

/**
 * The reviews of a list of jobs as `viewerId` sees them, in a few queries: on a completed visit of theirs,
 * the customer's or the landscaper's side (jobReviewSchema); on an open request in a landscaper's queue, the
 * customer's average from other landscapers' ratings.
 */
export async function jobReviews(options: {
  db: DbOrTx;
  viewerId: string;
  jobIds: readonly string[];
  now?: Date | undefined;
}): Promise<Map<string, JobReviewExtras>> {
  const { db, viewerId } = options;
  const now = options.now ?? new Date();
  const extras = new Map<string, JobReviewExtras>();
  if (options.jobIds.length === 0) return extras;
  const jobs = await db
    .select({
      id: job.id,
      status: job.status,
      customerId: job.customerId,
      landscaperId: job.landscaperId,
      completedAt: job.completedAt,
      seriesId: job.seriesId,
      rating: job.rating,
    })
    .from(job)
    .where(inArray(job.id, [...options.jobIds]));
  const done = jobs.filter(
    (j) =>
      j.status === "completed" && j.completedAt && (j.customerId === viewerId || j.landscaperId === viewerId),
  );
  const open = jobs.filter((j) => j.status === "pending" && j.customerId && j.customerId !== viewerId);
  const doneIds = done.map((j) => j.id);
  const seriesIds = [...new Set(done.flatMap((j) => (j.seriesId ? [j.seriesId] : [])))];
  const [reviews, ratings, charged, seriesReviews, averages] = await Promise.all([
    doneIds.length ? db.select().from(review).where(inArray(review.jobId, doneIds)) : [],
    doneIds.length ? db.select().from(customerRating).where(inArray(customerRating.jobId, doneIds)) : [],
    doneIds.length
      ? db
          .select({ jobId: payment.jobId })
          .from(payment)
          .where(
            and(inArray(payment.jobId, doneIds), eq(payment.kind, "job"), eq(payment.status, "captured")),
          )
      : [],
    seriesIds.length
      ? db
          .select({ seriesId: review.seriesId, month: review.seriesMonth })
          .from(review)
          .where(inArray(review.seriesId, seriesIds))
      : [],
    customerAverages(
      db,
      open.map((j) => j.customerId!),
      now,
    ),
  ]);
  const reviewOf = new Map(reviews.map((r) => [r.jobId, r]));
  const ratingOf = new Map(ratings.map((r) => [r.jobId, r]));
  const chargedJobs = new Set(charged.map((c) => c.jobId));
  const monthsTaken = new Set(seriesReviews.map((r) => `${r.seriesId}:${r.month}`));
  for (const j of open) extras.set(j.id, { customerAverage: averages.get(j.customerId!) ?? null });
  for (const j of done) {
    const completedAt = j.completedAt!;
    const openUntil = reviewWindowEnd(completedAt);
    const closed = now > openUntil;
    const written = reviewOf.get(j.id) ?? null;
    const rated = ratingOf.get(j.id) ?? null;
    const ratingView = rated
      ? { stars: rated.stars, note: rated.note, submittedAt: rated.submittedAt.toISOString() }
      : null;
    const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
    if (j.customerId === viewerId) {
      const month = j.seriesId ? seriesMonthOf(completedAt) : null;
      const monthTaken = month !== null && !written && monthsTaken.has(`${j.seriesId}:${month}`);
      const state =
        written || j.rating !== null
          ? "done"
          : closed
            ? "closed"
            : !chargedJobs.has(j.id)
              ? "awaiting_charge"
              : monthTaken
                ? "series_month"
                : "open";
      const theirsShown = rated !== null && rated.visibleFrom <= now;
      extras.set(j.id, {
        review: {
          side: "customer",
          state,
          openUntil:
            state === "open" || state === "awaiting_charge" || state === "series_month"
              ? openUntil.toISOString()
              : null,
          seriesMonth: monthTaken ? month : null,
          mine: written ? toReviewView(written) : null,
          mineVisibleFrom: iso(written?.visibleFrom),
          theirs: theirsShown ? ratingView : null,
          theirsWaiting: rated !== null && !theirsShown,
          theirsVisibleFrom: iso(rated?.visibleFrom),
        },
      });
    } else {
      const theirsShown = written !== null && written.visibleFrom <= now;
      extras.set(j.id, {
        review: {
          side: "landscaper",
          state: rated ? "done" : closed ? "closed" : "open",
          openUntil: rated || closed ? null : openUntil.toISOString(),
          mine: ratingView,
          mineVisibleFrom: iso(rated?.visibleFrom),
          theirs: theirsShown ? toReviewView(written) : null,
          theirsWaiting: written !== null && !theirsShown,
          theirsVisibleFrom: iso(written?.visibleFrom),
          canReply: theirsShown && written.reply === null && written.removedAt === null,
        },
      });
    }
  }
  return extras;
}

/** The reviews with open reports, oldest report first, for the admins' panel (the text as written included). */
export async function reportedReviews(db: DbOrTx): Promise<ReportedReview[]> {
  const reports = await db
    .select({
      id: reviewReport.id,
      reviewId: reviewReport.reviewId,
      reason: reviewReport.reason,
      createdAt: reviewReport.createdAt,
    })
    .from(reviewReport)
    .where(isNull(reviewReport.closedAt))
    .orderBy(asc(reviewReport.createdAt))
    .limit(500);
  const ids = [...new Set(reports.map((r) => r.reviewId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ review, jobNumber: job.number, landscaperName: landscaperNameSql(user.name) })
    .from(review)
    .innerJoin(job, eq(job.id, review.jobId))
    .leftJoin(user, eq(user.id, review.landscaperId))
    .leftJoin(landscaper, eq(landscaper.userId, review.landscaperId))
    .where(inArray(review.id, ids));
  const byId = new Map(rows.map((r) => [r.review.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        review: {
          ...toReviewView(row.review),
          writtenQuality: row.review.quality,
          writtenBody: row.review.body,
          jobNumber: row.jobNumber,
          landscaperName: row.landscaperName ?? "A landscaper",
        },
        reports: reports
          .filter((r) => r.reviewId === id)
          .map((r) => ({ id: r.id, reason: r.reason, createdAt: r.createdAt.toISOString() })),
      },
    ];
  });
}
