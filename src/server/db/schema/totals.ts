import { bigint, pgTable, smallint, text } from "drizzle-orm/pg-core";

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
