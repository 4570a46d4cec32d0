import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./accounts.js";
import { createdAt, uuidId } from "./columns.js";
import { job, jobSeries } from "./jobs.js";

/**
 * A customer's review of a completed, charged visit (issue 36). Written once by the customer; the
 * landscaper may add one public reply; an admin may remove it only with a reason (shown in its place).
 * Nobody edits the stars or the text. `visible_from` is the double-blind release: the review was written
 * plus 7 days, or the moment the landscaper's rating of the customer came in, whichever is first.
 */
export const review = pgTable(
  "review",
  {
    id: uuidId(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => job.id, { onDelete: "cascade" }),
    // Recurring service is reviewed once per series per calendar month (Charlotte time) of the visit.
    seriesId: uuid("series_id").references(() => jobSeries.id, { onDelete: "set null" }),
    seriesMonth: text("series_month"),
    landscaperId: text("landscaper_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    customerId: text("customer_id").references(() => user.id, { onDelete: "set null" }),
    // "Olivia B.", fixed when written: a profile never shows more of a customer's name.
    authorName: text("author_name").notNull(),
    quality: smallint("quality").notNull(),
    // Null only on reviews carried over from the single per-job rating (migration 0031).
    punctuality: smallint("punctuality"),
    communication: smallint("communication"),
    body: text("body").notNull().default(""),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
    visibleFrom: timestamp("visible_from", { withTimezone: true }).notNull(),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    removedReason: text("removed_reason"),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedBy: text("removed_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("review_job_idx").on(t.jobId),
    uniqueIndex("review_series_month_idx")
      .on(t.seriesId, t.seriesMonth)
      .where(sql`${t.seriesId} is not null`),
    index("review_landscaper_idx").on(t.landscaperId, t.visibleFrom),
    check("review_quality_stars", sql`${t.quality} between 1 and 5`),
    check("review_punctuality_stars", sql`${t.punctuality} between 1 and 5`),
    check("review_communication_stars", sql`${t.communication} between 1 and 5`),
  ],
);

/** Anyone (signed in or not) may report a review; admins see the open reports. */
export const reviewReport = pgTable(
  "review_report",
  {
    id: uuidId(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => review.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [index("review_report_open_idx").on(t.reviewId).where(sql`${t.closedAt} is null`)],
);

/**
 * The landscaper's private rating of the customer of a visit: never public; admins and other landscapers
 * see only the customer's average. Its arrival releases the customer's review of that visit at once.
 */
export const customerRating = pgTable(
  "customer_rating",
  {
    id: uuidId(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => job.id, { onDelete: "cascade" }),
    landscaperId: text("landscaper_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    customerId: text("customer_id").references(() => user.id, { onDelete: "set null" }),
    stars: smallint("stars").notNull(),
    note: text("note").notNull().default(""),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
    visibleFrom: timestamp("visible_from", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("customer_rating_job_idx").on(t.jobId),
    index("customer_rating_customer_idx").on(t.customerId),
    check("customer_rating_stars", sql`${t.stars} between 1 and 5`),
  ],
);
