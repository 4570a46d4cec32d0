import { sql } from "drizzle-orm";
import { type NotificationItem, UNREAD_COUNT_CAP } from "../../../shared/notifications.js";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/client.js";
import { notFound } from "../../lib/errors.js";
import { markAlertRead, markAllAlerts, unreadAlertCount, visibleAlerts } from "./job-alerts.js";
import { notificationItem } from "./notification-item.js";

/**
 * The bell and the history: a user's own notifications merged with the new-job alerts they see (landscapers;
 * decision record 013), read in one statement whose rows come back as JSON, not mapped column by column.
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

/** The newest `limit` items (older than `before` when given) and the unread count. */
export async function bellPage(
  db: Db,
  options: { userId: string; limit: number; before?: Date | null },
): Promise<BellPage> {
  const { userId, limit, before } = options;
  const older = before ? sql`and created_at < ${before.toISOString()}::timestamptz` : sql``;
  // One more than asked tells whether there is a next page.
  const take = limit + 1;
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
    )
    select coalesce((select json_agg(items order by created_at desc, id desc) from items), '[]'::json) as items,
      ${unreadCountOf(userId)} as unread`);
  const [row] = rowsOf<{ items: JsonItem[] | string; unread: number }>(result);
  const parsed: JsonItem[] = typeof row!.items === "string" ? JSON.parse(row!.items) : row!.items;
  const items = parsed.slice(0, limit).map((item) => notificationItem(item, item.created_at));
  return { items, unreadCount: Number(row!.unread), more: parsed.length > limit };
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
