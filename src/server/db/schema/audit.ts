import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { uuidId } from "./columns.js";

/**
 * The audit trail (issue 38): one row per admin or master action, written in the same transaction as the
 * change it records. Rows are never updated or deleted (a trigger refuses, as for the ledger), and carry the
 * actor's email as it was, so a later change to the account does not rewrite who acted.
 */
export const auditEntry = pgTable(
  "audit_entry",
  {
    id: uuidId(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null when the system acted on its own (a scheduled pass); no foreign key, so the record outlives the account. */
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** What the target was called then: an email, a job number. */
    targetLabel: text("target_label").notNull(),
    reason: text("reason"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_entry_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_entry_action_idx").on(t.action, t.createdAt.desc()),
    index("audit_entry_target_idx").on(t.targetId),
    index("audit_entry_actor_idx").on(t.actorId),
    index("audit_entry_search_trgm_idx").using(
      "gin",
      sql`(lower(${t.actorEmail} || ' ' || ${t.targetLabel} || ' ' || ${t.targetId})) gin_trgm_ops`,
    ),
  ],
);
