import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ownedBy } from "./accounts.js";
import { uuidId } from "./columns.js";
import { belongsToJob } from "./jobs.js";
import { landscaper } from "./people.js";

/**
 * A landscaper's availability for instant booking (issue 35). No row: the defaults of `defaultAvailability`
 * (weekdays, six visits, a day's notice, nothing bookable at once). Visits per day are counted from the jobs
 * themselves (accepted or scheduled on that day), so a cancellation or a move frees the slot by itself.
 */
export const landscaperAvailability = pgTable(
  "landscaper_availability",
  {
    landscaperId: text("landscaper_id")
      .primaryKey()
      .references(() => landscaper.userId, { onDelete: "cascade" }),
    /** 0 Sunday … 6 Saturday. */
    weekdays: smallint("weekdays").array().notNull(),
    visitsPerDay: integer("visits_per_day").notNull(),
    noticeHours: integer("notice_hours").notNull(),
    instantServices: text("instant_services").array().notNull().default(sql`'{}'::text[]`),
    priceAdjustPercent: integer("price_adjust_percent").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("landscaper_availability_visits", sql`${t.visitsPerDay} between 1 and 20`),
    check("landscaper_availability_notice", sql`${t.noticeHours} between 0 and 168`),
    check("landscaper_availability_price", sql`${t.priceAdjustPercent} between -30 and 30`),
  ],
);

/**
 * A pro's offer on an open firm-priced request (issue 35, item 6): the request stays open while offers wait,
 * each a day at the firm price; the customer books one and the others close. `status`: waiting, then chosen,
 * closed (the customer booked another pro, or the request was cancelled or booked otherwise) or withdrawn by
 * the pro.
 */
export const jobOffer = pgTable(
  "job_offer",
  {
    id: uuidId(),
    jobId: belongsToJob(),
    landscaperId: ownedBy("landscaper_id"),
    /** The day they offer (a series: its first visit, whose weekday the series keeps). */
    scheduledDate: date("scheduled_date", { mode: "string" }).notNull(),
    /** The firm price when they offered: the first visit, and each visit after it. */
    firstVisitCents: integer("first_visit_cents").notNull(),
    perVisitCents: integer("per_visit_cents").notNull(),
    status: text("status").notNull().default("waiting"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    check("job_offer_status", sql`${t.status} in ('waiting', 'chosen', 'closed', 'withdrawn')`),
    // One waiting offer per pro and request: a second click is answered by the first.
    uniqueIndex("job_offer_waiting_idx").on(t.jobId, t.landscaperId).where(sql`${t.status} = 'waiting'`),
    // A pro's waiting offers, which their queue marks.
    index("job_offer_landscaper_idx").on(t.landscaperId, t.jobId).where(sql`${t.status} = 'waiting'`),
  ],
);
