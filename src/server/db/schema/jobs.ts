import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { ownedBy, user } from "./accounts.js";
import { createdAt, timestamps, uuidId } from "./columns.js";

export const jobStatus = pgEnum("job_status", ["pending", "accepted", "scheduled", "completed", "cancelled"]);

export const job = pgTable(
  "job",
  {
    id: uuidId(),
    // A short, human number for screens, emails and support calls (shown as JOB-1042).
    number: integer("number").generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    customerId: text("customer_id").references(() => user.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    address: text("address").notNull(),
    zipCode: text("zip_code").notNull(),
    selectedServices: text("selected_services").array().notNull(),
    serviceType: text("service_type").notNull(),
    preferredDate: date("preferred_date", { mode: "string" }).notNull(),
    additionalNotes: text("additional_notes"),
    photoKey: text("photo_key"),
    photoContentType: text("photo_content_type"),
    status: jobStatus("status").notNull().default("pending"),
    landscaperId: text("landscaper_id").references(() => user.id, { onDelete: "set null" }),
    estimateLowCents: integer("estimate_low_cents").notNull(),
    estimateHighCents: integer("estimate_high_cents").notNull(),
    quotedPriceCents: integer("quoted_price_cents"),
    scheduledDate: date("scheduled_date", { mode: "string" }),
    finalPriceCents: integer("final_price_cents"),
    tipCents: integer("tip_cents").notNull().default(0),
    rating: smallint("rating"),
    ratingComment: text("rating_comment"),
    cancelReason: text("cancel_reason"),
    idempotencyKey: text("idempotency_key").unique(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
    // After completion the customer approves the work (the charge is captured) or reports a problem (the
    // capture waits for an admin); 48 hours of silence approve it.
    workApprovedAt: timestamp("work_approved_at", { withTimezone: true }),
    problemReportedAt: timestamp("problem_reported_at", { withTimezone: true }),
    problemNote: text("problem_note"),
    ...timestamps,
  },
  (t) => [
    index("job_customer_idx").on(t.customerId, t.createdAt),
    index("job_customer_email_idx").on(t.customerEmail),
    index("job_landscaper_idx").on(t.landscaperId, t.status),
    index("job_status_created_idx").on(t.status, t.createdAt),
    // (created_at, id) is both the order and the keyset of the admin job list and the CSV export: the index
    // answers the row comparison and the tie-break on id itself, with no sort step for jobs of one instant.
    index("job_created_id_idx").on(t.createdAt, t.id),
    index("job_zip_pending_idx").on(t.zipCode).where(sql`${t.status} = 'pending'`),
    index("job_search_trgm_idx").using(
      "gin",
      sql`(lower(${t.customerName} || ' ' || ${t.serviceType} || ' ' || ${t.customerEmail})) gin_trgm_ops`,
    ),
  ],
);

/**
 * The admin dashboard's job figures, kept by statement triggers on job (migration 0006) in the same
 * transaction as every change: exact, and read from a few rows instead of counting every job. A change
 * adds its difference to the slot of its database connection, so concurrent transactions rarely wait on
 * one another; the figures are the sum over the slots.
 */
export const jobTotals = pgTable("job_totals", {
  slot: smallint("slot").primaryKey(),
  jobs: bigint("jobs", { mode: "number" }).notNull().default(0),
  completed: bigint("completed", { mode: "number" }).notNull().default(0),
  revenueCents: bigint("revenue_cents", { mode: "number" }).notNull().default(0),
  tipsCents: bigint("tips_cents", { mode: "number" }).notNull().default(0),
});

/** Users per role, kept by statement triggers on "user" (migration 0008) like job_totals. */
export const userTotals = pgTable("user_totals", {
  role: text("role").primaryKey(),
  users: bigint("users", { mode: "number" }).notNull().default(0),
});

export const jobDecline = pgTable(
  "job_decline",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => job.id, { onDelete: "cascade" }),
    landscaperId: ownedBy("landscaper_id"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.landscaperId] })],
);

export const jobEvent = pgTable(
  "job_event",
  {
    id: uuidId(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => job.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    fromStatus: jobStatus("from_status"),
    toStatus: text("to_status").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("job_event_job_idx").on(t.jobId, t.createdAt)],
);

/* ---------- Notifications ---------- */
