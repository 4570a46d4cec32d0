import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./accounts.js";

export const notificationType = pgEnum("notification_type", ["job", "payment", "application", "system"]);

export const notification = pgTable(
  "notification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: notificationType("type").notNull(),
    message: text("message").notNull(),
    link: text("link"),
    read: boolean("read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notification_user_created_idx").on(t.userId, t.createdAt),
    index("notification_user_unread_idx").on(t.userId).where(sql`${t.read} = false`),
  ],
);

export const pushSubscription = pgTable(
  "push_subscription",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_subscription_user_idx").on(t.userId)],
);

export const smsMessage = pgTable("sms_message", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  to: text("to").notNull(),
  body: text("body").notNull(),
  provider: text("provider").notNull(),
  providerMessageId: text("provider_message_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/* ---------- Email outbox ---------- */

export const outboxStatus = pgEnum("outbox_status", ["pending", "sent", "failed"]);

/**
 * Every message the app sends (email, web push, SMS), queued in the transaction of the change that caused it
 * and delivered by the outbox worker (lib/outbox). Each channel is its own lane: a slow push service never
 * holds up an email. A message that failed all its attempts stays here, `failed`, for admins to retry.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // email (rendered message), push (payload to every subscription of user_id) or sms (text to `to`).
    channel: text("channel").notNull().default("email"),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    payload: jsonb("payload"),
    template: text("template").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("outbox_due_idx").on(t.channel, t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("outbox_failed_idx").on(t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
);
