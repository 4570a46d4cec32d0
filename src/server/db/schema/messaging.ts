import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { notificationTypes } from "../../../shared/notifications.js";
import { ownedBy, user } from "./accounts.js";
import { createdAt, uuidId } from "./columns.js";
import { belongsToJob } from "./jobs.js";

export const notificationType = pgEnum("notification_type", notificationTypes);

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

/**
 * A new job's alert, one row per job whatever the number of landscapers it reaches (decision record 013):
 * each landscaper's bell shows the alerts of the ZIPs they cover, merged with their own notifications, and
 * keeps what they read or cleared in job_alert_state and job_alert_read.
 */
export const jobAlert = pgTable(
  "job_alert",
  {
    id: uuidId(),
    jobId: belongsToJob(),
    zipCode: text("zip_code").notNull(),
    message: text("message").notNull(),
    link: text("link"),
    createdAt: createdAt(),
  },
  (t) => [
    // id too: the unread count reads the index alone (it checks each id against the read marks).
    index("job_alert_zip_created_idx").on(t.zipCode, t.createdAt, t.id),
    // Deleting a job (admins can) removes its alert.
    index("job_alert_job_idx").on(t.jobId),
  ],
);

/** One landscaper's marks on the alerts as a whole: everything up to read_before is read, up to cleared_before gone. */
export const jobAlertState = pgTable("job_alert_state", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  readBefore: timestamp("read_before", { withTimezone: true }),
  clearedBefore: timestamp("cleared_before", { withTimezone: true }),
});

/** An alert one landscaper opened (marked read on its own, after their last "mark all read"). */
export const jobAlertRead = pgTable(
  "job_alert_read",
  {
    userId: ownedBy("user_id"),
    alertId: uuid("alert_id")
      .notNull()
      .references(() => jobAlert.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.alertId] })],
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
    // The request (its X-Request-Id) or scheduled pass run that queued it: the worker logs it as reqId.
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_due_idx").on(t.channel, t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("outbox_failed_idx").on(t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
);
