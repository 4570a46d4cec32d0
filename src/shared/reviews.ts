import { z } from "zod";
import { todayInCharlotte } from "./dates.js";

/*
 * Verified reviews (issue 36): only the customer of a completed, charged visit reviews it, within
 * REVIEW_WINDOW_DAYS of its completion; the landscaper rates the customer privately in the same window.
 * Double-blind: each side sees the other's only once both are in, or BLIND_DAYS after it was written.
 */

/** How long after a visit's completion either side may still write. */
export const REVIEW_WINDOW_DAYS = 14;
/** How long a review (or a rating of the customer) stays hidden from the other side if they never write. */
export const BLIND_DAYS = 7;
const DAY_MS = 86_400_000;

/** Until when a visit completed at `completedAt` can be reviewed (and its customer rated). */
export function reviewWindowEnd(completedAt: Date): Date {
  return new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

/** When something written at `submittedAt` is shown to the other side if they never write theirs. */
export function blindUntil(submittedAt: Date): Date {
  return new Date(submittedAt.getTime() + BLIND_DAYS * DAY_MS);
}

/** The calendar month (Charlotte time) a series visit counts in: one review per series per month. */
export function seriesMonthOf(completedAt: Date): string {
  return todayInCharlotte(completedAt).slice(0, 7);
}

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
/** "March 2027" from "2027-03". */
export function monthLabel(month: string): string {
  return monthName.format(new Date(`${month}-01T12:00:00Z`));
}

/**
 * How a review names its customer: first name and the initial of the last, "Olivia B." (a profile never shows
 * more of a customer's name). The same rule as migration 0031's, which carried the old ratings over.
 */
export function reviewAuthorName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "A customer";
  const first = parts[0]!;
  const last = parts.length > 1 ? parts.at(-1)! : "";
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

export const starsMessage = (what: string) => `Choose ${what} from 1 to 5 stars.`;
/** 1 to 5 whole stars; a form's radio buttons send strings. */
export const stars = (what: string) =>
  z.coerce
    .number({ message: starsMessage(what) })
    .int({ message: starsMessage(what) })
    .min(1, { message: starsMessage(what) })
    .max(5, { message: starsMessage(what) });

export const REVIEW_BODY_MAX = 1000;

/** POST /api/jobs/:id/customer-rating: the landscaper's private rating of the visit's customer. */
export const rateCustomerSchema = z.object({
  stars: stars("a rating"),
  note: z.string().trim().max(500, { message: "Please keep the note under 500 characters." }).default(""),
});
export type RateCustomerInput = z.input<typeof rateCustomerSchema>;

/** POST /api/reviews/:id/reply: the landscaper's one public reply. */
export const replyReviewSchema = z.object({
  reply: z
    .string()
    .trim()
    .min(1, { message: "Write your reply." })
    .max(1000, { message: "Replies are limited to 1000 characters." }),
});

/** POST /api/reviews/:id/report (anyone) and POST /api/admin/reviews/:id/remove (admins): a reason. */
export const reportReviewSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: "Tell us what is wrong with this review." })
    .max(500, { message: "Please keep the reason under 500 characters." }),
});
export const removeReviewSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: "Give the reason shown in the review's place." })
    .max(300, { message: "Please keep the reason under 300 characters." }),
});

/** What a removed review shows in place of its stars and text. */
export const removedText = (reason: string) => `Removed by GreenScape: ${reason}`;

export const reviewMessages = {
  notCharged: "You can review this visit once its payment has gone through.",
  windowClosed: `Reviews are open for ${REVIEW_WINDOW_DAYS} days after the visit, and this one's have closed.`,
  already: "You have already rated this job.",
  thanks: "Thank you for your review!",
  seriesMonth: (month: string) =>
    `Thank you! Your stars are saved on this visit. You have already reviewed this service for ${monthLabel(month)}, so no second review is published.`,
  rateCustomerClosed: `Customers can be rated for ${REVIEW_WINDOW_DAYS} days after the visit, and this one's have closed.`,
  rateCustomerNotYet: "You can rate the customer once the visit is completed.",
  customerRated: `Thank you. The customer sees your stars and note once they have reviewed the visit, or in ${BLIND_DAYS} days; other landscapers see only their average.`,
  customerAlreadyRated: "You have already rated this customer for this visit.",
  notYetVisible: "You can reply once the review is shown to you.",
  alreadyReplied: "You have already replied to this review.",
  replied: "Your reply is published under the review.",
  reported: "Thank you. Our team will look at this review.",
  removed: "The review was removed; its reason is shown in its place.",
  kept: "The review stays as written; its reports are closed.",
  notFound: "Review not found.",
} as const;

/** A review as people read it: stars and text, or, once removed, only the reason (`removedReason`). */
export const reviewViewSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  submittedAt: z.string(),
  /** Null once removed; punctuality and communication also on reviews carried over from the old ratings. */
  quality: z.number().nullable(),
  punctuality: z.number().nullable(),
  communication: z.number().nullable(),
  body: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  removedReason: z.string().nullable(),
});
export type ReviewView = z.infer<typeof reviewViewSchema>;

/** A landscaper's reviews in short (visible, not removed): "4.8 ★ (12 reviews)" and the latest one. */
export const reviewSummarySchema = z.object({
  averageQuality: z.number().nullable(),
  count: z.number(),
  latest: z
    .object({ authorName: z.string(), quality: z.number(), body: z.string(), submittedAt: z.string() })
    .nullable(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;
export const noReviews: ReviewSummary = { averageQuality: null, count: 0, latest: null };

/** "4.8 ★ (12 reviews)", or null with none. */
export function reviewCountText(summary: Pick<ReviewSummary, "averageQuality" | "count">): string | null {
  if (summary.count === 0 || summary.averageQuality === null) return null;
  return `${summary.averageQuality.toFixed(1)}\u00a0★ (${summary.count} ${summary.count === 1 ? "review" : "reviews"})`;
}

/** A review's first line, for a one-line summary. */
export function firstLine(body: string, max = 90): string {
  const line = body.trim().split(/\r?\n/)[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** What landscapers (and admins) see of a customer: the average of the ratings landscapers gave them. */
export const customerAverageSchema = z.object({ count: z.number(), average: z.number().nullable() });
export type CustomerAverage = z.infer<typeof customerAverageSchema>;

/** The landscaper's rating of the customer, as each side sees it. */
export const customerRatingViewSchema = z.object({
  stars: z.number(),
  note: z.string(),
  submittedAt: z.string(),
});

/**
 * A completed visit's reviews as one of its two sides sees them. `state` says what that side may write now:
 * open (until `openUntil`), done (written), closed (the window passed), or for the customer awaiting_charge
 * (the price not charged yet) and series_month (this series' review for the month is written: stars and tip
 * are still recorded on the visit, no second review). `theirs` is the other side's, once released;
 * `theirsWaiting` says it is in but still blind, released at `theirsVisibleFrom` at the latest.
 */
export const jobReviewSchema = z.discriminatedUnion("side", [
  z.object({
    side: z.literal("customer"),
    state: z.enum(["open", "awaiting_charge", "series_month", "done", "closed"]),
    openUntil: z.string().nullable(),
    /** The series month already reviewed (state series_month), e.g. "2027-03". */
    seriesMonth: z.string().nullable(),
    mine: reviewViewSchema.nullable(),
    /** When the customer's own review is shown to the landscaper and on the profile. */
    mineVisibleFrom: z.string().nullable(),
    theirs: customerRatingViewSchema.nullable(),
    theirsWaiting: z.boolean(),
    theirsVisibleFrom: z.string().nullable(),
  }),
  z.object({
    side: z.literal("landscaper"),
    state: z.enum(["open", "done", "closed"]),
    openUntil: z.string().nullable(),
    mine: customerRatingViewSchema.nullable(),
    mineVisibleFrom: z.string().nullable(),
    theirs: reviewViewSchema.nullable(),
    theirsWaiting: z.boolean(),
    theirsVisibleFrom: z.string().nullable(),
    canReply: z.boolean(),
  }),
]);
export type JobReview = z.infer<typeof jobReviewSchema>;

/** One reported review in the admins' panel: the review whole (admins judge the text), and its open reports. */
export const reportedReviewSchema = z.object({
  review: reviewViewSchema.extend({
    /** The text as written, for the admin to judge even after removal. */
    writtenQuality: z.number(),
    writtenBody: z.string(),
    jobNumber: z.number(),
    landscaperName: z.string(),
  }),
  reports: z.array(z.object({ id: z.string(), reason: z.string(), createdAt: z.string() })),
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;
export const reportedReviewsAnswerSchema = z.object({ reviews: z.array(reportedReviewSchema) });
export type ReportedReviewsAnswer = z.infer<typeof reportedReviewsAnswerSchema>;

/** The answer of a review action: the sentence the screen shows, and the review as it now stands. */
export const reviewActionAnswerSchema = z.object({
  message: z.string(),
  review: reviewViewSchema.nullable(),
});
export type ReviewActionAnswer = z.infer<typeof reviewActionAnswerSchema>;
