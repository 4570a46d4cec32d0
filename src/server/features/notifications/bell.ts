import { sql } from "drizzle-orm";
import { type NotificationItem, UNREAD_COUNT_CAP } from "../../../shared/notifications.js";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/client.js";
import { answerText, isoTimestamp } from "../../db/json-sql.js";
import { notFound } from "../../lib/errors.js";
import { markAlertRead, markAllAlerts, unreadAlertCount, visibleAlerts } from "./job-alerts.js";
import { notificationItem } from "./notification-item.js";

/**
 * The bell and the history: a user's own notifications merged with the new-job alerts they see (landscapers;
 * decision record 013), read in one statement that writes the answer's JSON.
 */

interface JsonItem {
  id: string;
  type: NotificationItem["type"];
  message: string;
  link: string | null;
  read: boolean;
  created_at: string;
}

/** Unread notifications and alerts, counted up to UNREAD_COUNT_CAP (each part stops there). */
const unreadCountOf = (userId: string) => sql`least(${UNREAD_COUNT_CAP}, (
  select count(*)::int from (
    select 1 from notification where user_id = ${userId} and read = false limit ${UNREAD_COUNT_CAP}) n
) + ${unreadAlertCount(userId, UNREAD_COUNT_CAP)})`;

export interface BellPage {
  items: NotificationItem[];
  unreadCount: number;
  /** More items are older than the last one. */
  more: boolean;
}

/**
 * The newest `limit` items (older than `before` when given) and the unread count, as the JSON text of the bell's
 * answer (`{items, unreadCount}`) or, with `history`, of the history's (`nextBefore` too: the last item's time
 * when more are older). The database writes every field (decision record 018): no row is mapped in Node.
 */
export async function bellAnswerText(
  db: Db,
  options: { userId: string; limit: number; before?: Date | null; history?: boolean },
): Promise<string> {
  const { userId, limit, before, history } = options;
  const older = before ? sql`and created_at < ${before.toISOString()}::timestamptz` : sql``;
  // One more than asked tells whether there is a next page.
  const take = limit + 1;
  const next = history
    ? sql`, 'nextBefore', case when (select count(*) from items) > ${limit}
        then (select ${isoTimestamp(sql`min(created_at)`)} from page) end`
    : sql``;
  const result = await db.execute(sql`
    with items as (
      select * from (
        (select id::text, type::text, message, link, read, created_at from notification
          where user_id = ${userId} ${older} order by created_at desc, id desc limit ${take})
        union all
        (select id::text, 'job', message, link, read, created_at from (${visibleAlerts(userId, take, before)}) v)
      ) merged
      order by created_at desc, id desc
      limit ${take}
    ),
    page as (select * from items order by created_at desc, id desc limit ${limit})
    select json_build_object(
      'items', coalesce((select json_agg(json_build_object('id', id, 'type', type, 'message', message,
        'link', link, 'read', read, 'createdAt', ${isoTimestamp(sql`created_at`)})
        order by created_at desc, id desc) from page), '[]'::json),
      'unreadCount', ${unreadCountOf(userId)}
      ${next})::text as answer`);
  return answerText(rowsOf<{ answer: string }>(result));
}

/** The same page as values (tests, and callers that read items rather than send them). */
export async function bellPage(
  db: Db,
  options: { userId: string; limit: number; before?: Date | null },
): Promise<BellPage> {
  const answer = JSON.parse(await bellAnswerText(db, { ...options, history: true })) as {
    items: NotificationItem[];
    unreadCount: number;
    nextBefore: string | null;
  };
  return { items: answer.items, unreadCount: answer.unreadCount, more: answer.nextBefore !== null };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select ${unreadCountOf(userId)} as n`));
  return Number(row?.n ?? 0);
}

/** Marks one of the user's items read (a notification, or an alert they see); 404 for anything else. */
export async function markRead(db: Db, options: { userId: string; id: string }) {
  const { userId, id } = options;
  const [own] = rowsOf<JsonItem>(
    await db.execute(sql`
      update notification set read = true where id = ${id} and user_id = ${userId}
      returning id::text, type::text, message, link, read, created_at`),
  );
  const item = own ? notificationItem(own, own.created_at) : await markAlertRead(db, userId, id);
  if (!item) throw notFound("Notification not found.");
  return { item, unreadCount: await unreadCount(db, userId) };
}

/** Every item read; answers how many were unread. */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [alerts] = rowsOf<{ n: number }>(await tx.execute(sql`select ${unreadAlertCount(userId)} as n`));
    const updated = rowsOf(
      await tx.execute(
        sql`update notification set read = true where user_id = ${userId} and read = false returning 1`,
      ),
    ).length;
    await markAllAlerts(tx, userId, "read");
    return updated + Number(alerts?.n ?? 0);
  });
}

/** The history emptied: the user's notifications deleted, the alerts up to now cleared for them. */
export async function clearHistory(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = rowsOf(
      await tx.execute(sql`delete from notification where user_id = ${userId} returning 1`),
    ).length;
    const [alerts] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from (${visibleAlerts(userId, 1000)}) v`),
    );
    await markAllAlerts(tx, userId, "cleared");
    return deleted + Number(alerts?.n ?? 0);
  });
}
