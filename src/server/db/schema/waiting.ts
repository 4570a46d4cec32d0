import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ownedBy, user } from "./accounts.js";
import { createdAt } from "./columns.js";
import { belongsToJob } from "./jobs.js";

/**
 * A pro beyond the request's usual area whom its 12-hour re-announcement reached (issue 38): their radius one
 * step wider reaches the property. The request shows in their queue and they may offer on it as if it were in
 * their area, while it is open.
 */
export const jobReach = pgTable(
  "job_reach",
  {
    jobId: belongsToJob(),
    landscaperId: ownedBy("landscaper_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.landscaperId] }),
    // The queue reads a pro's reached requests ("in my area, or reached").
    index("job_reach_landscaper_idx").on(t.landscaperId, t.jobId),
  ],
);

/**
 * Our team's "Assign a pro" on a request in Needs a pro (issue 38): the pro, the day, who asked and why. It
 * waits for the pro to confirm (the request is then booked at its price) or decline (it is back in the queue).
 * `status`: open | confirmed | declined | closed (the request was booked or cancelled another way). One open
 * assignment per request, which the partial unique index keeps whatever two admins do at once.
 */
export const jobAssignment = pgTable(
  "job_assignment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: belongsToJob(),
    landscaperId: ownedBy("landscaper_id"),
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    scheduledDate: date("scheduled_date", { mode: "string" }).notNull(),
    reason: text("reason").notNull(),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    check("job_assignment_status", sql`${t.status} in ('open', 'confirmed', 'declined', 'closed')`),
    uniqueIndex("job_assignment_open_idx").on(t.jobId).where(sql`${t.status} = 'open'`),
    index("job_assignment_landscaper_idx").on(t.landscaperId).where(sql`${t.status} = 'open'`),
  ],
);
