import { index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./accounts.js";
import { createdAt } from "./columns.js";
import { job } from "./jobs.js";

/**
 * A landscaper's field action sent with an Idempotency-Key (issue 37): the phone queues On my way, Arrived,
 * Start, photos and Complete while offline and may send one twice (a lost answer, two tabs, Background Sync
 * and the page at once). The key is claimed in the action's own transaction and keeps the first answer, so a
 * repeat answers the same without doing it again.
 */
export const fieldActionKey = pgTable(
  "field_action_key",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** The route the key was first used on: the same key on another action is refused. */
    action: text("action").notNull(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => job.id, { onDelete: "cascade" }),
    answer: jsonb("answer"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("field_action_key_created_idx").on(t.createdAt)],
);
