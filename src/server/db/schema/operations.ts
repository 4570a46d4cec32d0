import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * When each scheduled pass (payments, payouts, series …) last finished, by any instance: readiness and the
 * metrics read the lag from here, so every instance reports the same truth (docs/operating.md).
 */
export const scheduledPass = pgTable("scheduled_pass", {
  name: text("name").primaryKey(),
  lastCompletedAt: timestamp("last_completed_at", { withTimezone: true }).notNull(),
  // The run id its log lines carry (runId), to find the run that last finished.
  lastRunId: text("last_run_id").notNull(),
});
