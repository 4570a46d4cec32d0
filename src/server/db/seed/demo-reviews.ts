import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { blindUntil, reviewAuthorName, seriesMonthOf } from "../../../shared/reviews.js";
import * as s from "../schema.js";
import { DAY } from "./demo-fixtures.js";
import type { DemoContext } from "./demo-people.js";

/**
 * What customers wrote, by the quality stars they gave: honest and varied, the lower ones saying what went
 * wrong. Picked by the job's place in the list (no draw from the seed's generator, so the rest of the demo
 * stays as it was).
 */
const bodies: Record<number, readonly string[]> = {
  5: [
    "On time, friendly, and the edges along the driveway are perfectly straight.",
    "Best the yard has looked since we moved in. They even blew the clippings off the porch.",
    "Quick, careful around the flower beds, and they texted when they were on the way.",
    "",
    "Reliable every time. The stripes on the front lawn get compliments from the neighbors.",
    "Showed up early, asked before trimming the roses, and left the gate latched.",
  ],
  4: [
    "Good cut and tidy edges. They came about an hour after the window, but told me why.",
    "Solid work. Missed a strip by the back fence, and fixed it the same day when I messaged.",
    "Nice job on the hedges; a few clippings were left on the walkway.",
    "Lawn looks great. Would like a heads-up text next time before they arrive.",
  ],
  3: [
    "The mowing was fine, but the clippings were left on the sidewalk and the gate was open.",
    "Okay job. I didn't know they were coming until they knocked.",
  ],
  2: ["Arrived late and rushed; the back yard is uneven."],
  1: ["Nobody came in the morning window and the lawn was half done."],
};

/** Punctuality and communication beside the quality stars: close to them, not always the same. */
const offsets = [0, -1, 0, 1, -1, 0] as const;
const near = (stars: number, index: number) =>
  Math.min(5, Math.max(1, stars + offsets[index % offsets.length]!));

/**
 * The demo's reviews (issue 36): every rated, charged demo visit gets its review with all three stars
 * (a series one per month), released as the ratings were given before reviews were blind. Then the
 * double-blind shown on both sides: Carlos rated Olivia for her latest reviewed visit, releasing both, and
 * the latest review of another landscaper is still blind (written this week). Two landscapers replied.
 */
export async function seedDemoReviews(context: DemoContext, jobIds: readonly string[]) {
  const { tx, now } = context;
  if (jobIds.length === 0) return;
  const rated = await tx
    .select({
      id: s.job.id,
      landscaperId: s.job.landscaperId,
      customerId: s.job.customerId,
      customerName: s.job.customerName,
      rating: s.job.rating,
      comment: s.job.ratingComment,
      ratedAt: s.job.ratedAt,
      completedAt: s.job.completedAt,
      seriesId: s.job.seriesId,
    })
    .from(s.job)
    .innerJoin(
      s.payment,
      and(eq(s.payment.jobId, s.job.id), eq(s.payment.kind, "job"), eq(s.payment.status, "captured")),
    )
    .where(and(inArray(s.job.id, [...jobIds]), isNotNull(s.job.rating), isNotNull(s.job.landscaperId)))
    .orderBy(asc(s.job.ratedAt), asc(s.job.id));
  const months = new Set<string>();
  const completedOf = new Map<string, Date>();
  const reviews: (typeof s.review.$inferInsert)[] = [];
  // A job's own comment is its review's words once, and only when it fits the stars (the demo jobs reuse a
  // few comments, and "Great work" under three stars reads as made up); otherwise words that match the stars.
  const usedComments = new Set<string>();
  const wordsOf = (comment: string | null, quality: number) => {
    if (!comment || quality < 4 || usedComments.has(comment)) return null;
    usedComments.add(comment);
    return comment;
  };
  rated.forEach((row, index) => {
    const completedAt = row.completedAt ?? row.ratedAt ?? now;
    const submittedAt = row.ratedAt ?? completedAt;
    completedOf.set(row.id, completedAt);
    const month = row.seriesId ? seriesMonthOf(completedAt) : null;
    // A series is reviewed once a calendar month: a second rated visit that month keeps its stars only.
    if (row.seriesId && month) {
      if (months.has(`${row.seriesId}:${month}`)) return;
      months.add(`${row.seriesId}:${month}`);
    }
    const quality = row.rating!;
    const choices = bodies[quality] ?? bodies[4]!;
    reviews.push({
      jobId: row.id,
      seriesId: row.seriesId,
      seriesMonth: month,
      landscaperId: row.landscaperId!,
      customerId: row.customerId,
      authorName: reviewAuthorName(row.customerName),
      quality,
      punctuality: near(quality, index),
      communication: near(quality, index + 2),
      body: wordsOf(row.comment, quality) ?? choices[index % choices.length]!,
      submittedAt,
      visibleFrom: submittedAt,
    });
  });
  if (reviews.length === 0) return;

  // Olivia's latest review with Carlos: he rated her too, which released both at that moment.
  const olivia =
    reviews.findLast((r) => r.authorName === "Olivia B." && !r.seriesId) ??
    reviews.findLast((r) => r.authorName === "Olivia B.");
  // Another landscaper's latest review of a visit in the last 12 days, written 2 days ago and still blind:
  // they have not rated the customer (and still may: 14 days from the visit).
  const recent = reviews.findLast(
    (r) =>
      r !== olivia &&
      r.landscaperId !== olivia?.landscaperId &&
      r.customerId !== null &&
      (completedOf.get(r.jobId)?.getTime() ?? 0) >= now.getTime() - 12 * DAY,
  );
  if (recent) {
    const written = new Date(Math.max((recent.submittedAt as Date).getTime(), now.getTime() - 2 * DAY));
    recent.submittedAt = written;
    recent.visibleFrom = blindUntil(written);
    await tx.update(s.job).set({ ratedAt: written }).where(eq(s.job.id, recent.jobId));
  }
  // Replies: to a lower review, saying what changed, and to a glowing one.
  const replies = [
    [
      reviews.find((r) => r !== recent && r.quality <= 3),
      "Thanks for telling us. We now sweep every walkway before we leave.",
    ],
    [reviews.find((r) => r !== recent && r.quality === 5 && r.body), "Thank you! See you on the next visit."],
  ] as const;
  for (const [target, reply] of replies) {
    if (!target) continue;
    target.reply = reply;
    target.repliedAt = new Date((target.visibleFrom as Date).getTime() + DAY);
  }
  await tx.insert(s.review).values(reviews);
  // The published words are the job's comment too (the customer's card shows the review).
  for (const r of reviews)
    await tx
      .update(s.job)
      .set({ ratingComment: r.body || null })
      .where(and(eq(s.job.id, r.jobId), isNotNull(s.job.rating)));
  if (olivia) {
    const at = new Date((olivia.submittedAt as Date).getTime() + 3 * 60 * 60 * 1000);
    await tx.update(s.review).set({ visibleFrom: at }).where(eq(s.review.jobId, olivia.jobId));
    await tx.insert(s.customerRating).values({
      jobId: olivia.jobId,
      landscaperId: olivia.landscaperId,
      customerId: olivia.customerId,
      stars: 5,
      note: "Clear notes about the gate and the dog. An easy visit.",
      submittedAt: at,
      visibleFrom: at,
    });
  }
}
