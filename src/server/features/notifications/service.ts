import { inArray, or, sql } from "drizzle-orm";
import type { Env } from "../../config/env.js";
import type { DbOrTx } from "../../db/client.js";
import { emailOutbox, notification, user } from "../../db/schema.js";

export type NotificationType = "job" | "payment" | "application" | "system";

export interface NewNotification {
  userId: string;
  type: NotificationType;
  message: string;
  link?: string | null;
}

/** Channel every app instance LISTENs on; the payload names the user, so each instance wakes only its streams. */
export const NOTIFICATION_CHANNEL = "greenscape_notifications";

/**
 * Writes notifications inside the caller's transaction and signals them with pg_notify, which PostgreSQL
 * delivers on commit only: a rolled-back change notifies nobody.
 */
export async function notify(db: DbOrTx, items: NewNotification[]) {
  if (items.length === 0) return;
  const rows = await db
    .insert(notification)
    .values(items.map((n) => ({ userId: n.userId, type: n.type, message: n.message, link: n.link ?? null })))
    .returning({ id: notification.id, userId: notification.userId });
  // One statement for every signal: a new job in a busy ZIP alerts hundreds of landscapers, and a round trip
  // each made quote submission wait on the database far longer than its inserts did.
  const payloads = rows.map((row) => JSON.stringify({ id: row.id, userId: row.userId }));
  await db.execute(
    sql`select pg_notify(${NOTIFICATION_CHANNEL}, payload) from unnest(${sql.param(payloads)}::text[]) as payload`,
  );
  await queueChannelDeliveries(db, items);
}

/**
 * Push and SMS copies of the notifications, queued in the outbox (same transaction) for the users whose
 * preferences ask for them: push when opted in and subscribed; SMS for landscapers opted in with a phone.
 */
async function queueChannelDeliveries(db: DbOrTx, items: NewNotification[]) {
  const ids = [...new Set(items.map((n) => n.userId))];
  const prefs = await db
    .select({
      id: user.id,
      role: user.role,
      pushOptIn: user.pushOptIn,
      smsOptIn: user.smsOptIn,
      phone: user.phoneNumber,
      subscriptions: sql<number>`(select count(*)::int from push_subscription ps where ps.user_id = "user"."id")`,
    })
    .from(user)
    .where(inArray(user.id, ids));
  const byId = new Map(prefs.map((p) => [p.id, p]));
  const rows: (typeof emailOutbox.$inferInsert)[] = [];
  for (const item of items) {
    const pref = byId.get(item.userId);
    if (!pref) continue;
    if (pref.pushOptIn && Number(pref.subscriptions) > 0) {
      rows.push({
        channel: "push",
        userId: item.userId,
        template: `notification_${item.type}`,
        to: item.userId,
        subject: "GreenScape Charlotte",
        html: "",
        text: item.message,
        payload: { title: "GreenScape Charlotte", body: item.message, link: item.link ?? null },
      });
    }
    if (pref.smsOptIn && pref.role === "landscaper" && pref.phone.trim()) {
      rows.push({
        channel: "sms",
        userId: item.userId,
        template: `notification_${item.type}`,
        to: pref.phone.trim(),
        subject: "",
        html: "",
        text: `GreenScape: ${item.message}`.slice(0, 320),
      });
    }
  }
  if (rows.length) await db.insert(emailOutbox).values(rows);
}

/** Admins by role, plus the accounts the settings make admins (ADMIN_EMAILS, MASTER_EMAILS). */
export async function adminUserIds(db: DbOrTx, env: Env): Promise<string[]> {
  const emails = [...env.ADMIN_EMAILS, ...env.MASTER_EMAILS];
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(
      emails.length
        ? or(sql`${user.role} = 'admin'`, inArray(sql`lower(${user.email})`, emails))
        : sql`${user.role} = 'admin'`,
    );
  return rows.map((r) => r.id);
}

export async function notifyAdmins(db: DbOrTx, env: Env, item: Omit<NewNotification, "userId">) {
  const ids = await adminUserIds(db, env);
  await notify(
    db,
    ids.map((userId) => ({ ...item, userId })),
  );
}
