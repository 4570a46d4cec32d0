import { type SQL, sql } from "drizzle-orm";
import type { NotificationKind } from "../../../shared/notifications.js";
import type { Env } from "../../config/env.js";
import type { DbOrTx } from "../../db/client.js";
import { user } from "../../db/schema.js";
import { currentRequestId } from "../../lib/request-context.js";
import { isStaffAccount } from "../accounts/index.js";

export type NotificationType = NotificationKind;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  message: string;
  link?: string | null;
}

/** Channel every app instance LISTENs on; see NotificationHub for what a payload carries. */
export const NOTIFICATION_CHANNEL = "greenscape_notifications";

/**
 * A signal names the transaction's timestamp (every notification row written in one transaction has
 * created_at = now()) and, for a few recipients, who they are; more than this many and the instances look
 * the rows up for their own open streams instead of reading a long list.
 */
export const SIGNAL_USER_LIMIT = 100;

/** The payload of one signal on NOTIFICATION_CHANNEL. */
export interface NotificationSignal {
  at: string;
  users: string[] | null;
  /** A new-job alert in this ZIP (job_alert row stamped `at`): it reaches the landscapers covering it. */
  zip?: string;
}

/**
 * Writes notifications inside the caller's transaction, queues their push and SMS copies and signals them with
 * one pg_notify, which PostgreSQL delivers on commit only: a rolled-back change notifies nobody.
 */
export async function notify(db: DbOrTx, items: NewNotification[]) {
  if (items.length === 0) return;
  await insertAndSignal(
    db,
    sql`select * from unnest(
      ${sql.param(items.map((n) => n.userId))}::text[],
      ${sql.param(items.map((n) => n.type))}::text[]::notification_type[],
      ${sql.param(items.map((n) => n.message))}::text[],
      ${sql.param(items.map((n) => n.link ?? null))}::text[]
    ) as src(user_id, type, message, link)`,
  );
}

/**
 * One statement: the notification rows; push copies for users opted in with a subscription and SMS copies for
 * landscapers opted in with a phone, queued in the outbox; one signal for the lot.
 */
async function insertAndSignal(db: DbOrTx, source: SQL) {
  const requestId = currentRequestId();
  await db.execute(sql`
    with inserted as (
      insert into notification (user_id, type, message, link)
      select user_id, type, message, link from (${source}) as src
      returning user_id, type, message, link
    ),
    copies as (
      insert into outbox (channel, user_id, template, "to", subject, html, text, payload, request_id)
      select 'push', u.id, 'notification_' || i.type, u.id, 'GreenScape Charlotte', '', i.message,
        jsonb_build_object('title', 'GreenScape Charlotte', 'body', i.message, 'link', i.link), ${requestId}::text
      from inserted i join "user" u on u.id = i.user_id
      where u.push_opt_in and exists (select 1 from push_subscription ps where ps.user_id = u.id)
        and (i.type <> 'message' or u.message_alerts) and (i.type <> 'arrival' or u.arrival_alerts)
      union all
      -- Texts: landscapers get every alert but messages (the unread email covers those); customers get
      -- arrival updates only, the one thing worth a text on the visit's day.
      select 'sms', u.id, 'notification_' || i.type, btrim(u.phone_number), '', '',
        left('GreenScape: ' || i.message, 320), null, ${requestId}::text
      from inserted i join "user" u on u.id = i.user_id
      where u.sms_opt_in and btrim(u.phone_number) <> ''
        and i.type <> 'message' and (i.type <> 'arrival' or u.arrival_alerts)
        and (u.role = 'landscaper' or (u.role = 'customer' and i.type = 'arrival'))
      returning 1
    )
    select pg_notify(${NOTIFICATION_CHANNEL}, json_build_object(
      'at', now(),
      'users', case when count(distinct user_id) <= ${SIGNAL_USER_LIMIT} then array_agg(distinct user_id) end
    )::text)
    from inserted
    having count(*) > 0`);
}

/**
 * Admins by role, plus the accounts the settings make admins (ADMIN_EMAILS, MASTER_EMAILS) once their address
 * is confirmed: anyone can sign up with a listed address, and these messages carry customers' words.
 */
export async function adminUserIds(db: DbOrTx, env: Env): Promise<string[]> {
  const rows = await db.select({ id: user.id }).from(user).where(isStaffAccount(env));
  return rows.map((r) => r.id);
}

export async function notifyAdmins(db: DbOrTx, env: Env, item: Omit<NewNotification, "userId">) {
  const ids = await adminUserIds(db, env);
  await notify(
    db,
    ids.map((userId) => ({ ...item, userId })),
  );
}
