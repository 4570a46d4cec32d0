import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { ownedBy, user } from "./accounts.js";
import { createdAt, uuidId } from "./columns.js";

export const notificationType = pgEnum("notification_type", [
  "job",
  "payment",
  "application",
  "system",
  "message",
  "arrival",
  "dispute",
]);

export const notification = pgTable(
  "notification",
  {
    id: uuidId(),
    userId: ownedBy("user_id"),
    type: notificationType("type").notNull(),
    message: text("message").notNull(),
    link: text("link"),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("notification_user_created_idx").on(t.userId, t.createdAt),
    index("notification_user_unread_idx").on(t.userId).where(sql`${t.read} = false`),
  ],
);

export const pushSubscription = pgTable(
  "push_subscription",
  {
    id: uuidId(),
    userId: ownedBy("user_id"),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscription_user_idx").on(t.userId)],
);

export const smsMessage = pgTable("sms_message", {
  id: uuidId(),
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  to: text("to").notNull(),
  body: text("body").notNull(),
  provider: text("provider").notNull(),
  providerMessageId: text("provider_message_id"),
  createdAt: createdAt(),
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
    id: uuidId(),
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
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_due_idx").on(t.channel, t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("outbox_failed_idx").on(t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
);
