import { type SQL, sql } from "drizzle-orm";
import type { NotificationItem } from "../../../shared/notifications.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { rowsOf } from "../../db/client.js";
import { currentRequestId } from "../../lib/request-context.js";
import { notificationItem } from "./notification-item.js";
import { NOTIFICATION_CHANNEL } from "./service.js";

/**
 * New-job alerts, one row per job (decision record 013). Which landscapers an alert reaches is decided when
 * it is read, by the same rule the quote used to apply when it wrote one row per landscaper: approved, not
 * paused, covering the job's ZIP, and approved before the alert was raised.
 */

export interface NewJobAlert {
  jobId: string;
  zipCode: string;
  message: string;
  link: string;
}

/**
 * The alert, its push and SMS copies queued as one outbox row (the outbox's `fanout` lane expands it into
 * one copy per opted-in landscaper, outside the quote's transaction) and one signal to every instance: three
 * rows whatever the number of landscapers in the ZIP.
 */
export async function raiseJobAlert(db: DbOrTx, alert: NewJobAlert) {
  await db.execute(sql`
    with inserted as (
      insert into job_alert (job_id, zip_code, message, link)
      values (${alert.jobId}, ${alert.zipCode}, ${alert.message}, ${alert.link})
      returning id, zip_code, created_at
    ),
    queued as (
      insert into outbox (channel, template, "to", subject, html, text, payload, request_id)
      select 'fanout', 'job_alert', 'landscapers in ' || i.zip_code, '', '', ${alert.message},
        jsonb_build_object('alertId', i.id), ${currentRequestId()}::text
      from inserted i
      returning 1
    )
    select pg_notify(${NOTIFICATION_CHANNEL}, json_build_object(
      'at', i.created_at, 'users', json_build_array(), 'zip', i.zip_code)::text)
    from inserted i`);
}

/** Landscapers an alert raised at `at` in `zip` reaches, as a condition on `l` (landscaper). */
function reaches(zip: SQL, at: SQL): SQL {
  return sql`l.status = 'approved' and l.paused_at is null and ${zip} = any(l.covered_zip_codes)
    and coalesce(l.reviewed_at, l.created_at) <= ${at}`;
}

/**
 * Queues the push and SMS copies of one alert for the landscapers it reaches who opted in, once: the outbox
 * row is marked sent in the same statement, so a repeat (an instance that died before recording the send)
 * finds it sent and queues nothing.
 */
export async function fanOutJobAlert(db: Db, outboxId: string): Promise<number> {
  const result = await db.execute(sql`
    with claimed as (
      update outbox set status = 'sent', sent_at = now(), locked_until = null
      where id = ${outboxId} and status = 'pending'
      returning (payload->>'alertId')::uuid as alert_id, request_id
    ),
    alert as (select a.*, c.request_id from job_alert a join claimed c on c.alert_id = a.id),
    reached as (
      select u.id, u.push_opt_in, u.sms_opt_in, u.phone_number, a.message, a.link, a.request_id
      from alert a join landscaper l on ${reaches(sql`a.zip_code`, sql`a.created_at`)}
      join "user" u on u.id = l.user_id
      where u.push_opt_in or (u.sms_opt_in and btrim(u.phone_number) <> '')
    )
    insert into outbox (channel, user_id, template, "to", subject, html, text, payload, request_id)
    select 'push', r.id, 'notification_job', r.id, 'GreenScape Charlotte', '', r.message,
      jsonb_build_object('title', 'GreenScape Charlotte', 'body', r.message, 'link', r.link), r.request_id
    from reached r
    where r.push_opt_in and exists (select 1 from push_subscription ps where ps.user_id = r.id)
    union all
    select 'sms', r.id, 'notification_job', btrim(r.phone_number), '', '', left('GreenScape: ' || r.message, 320), null,
      r.request_id
    from reached r
    where r.sms_opt_in and btrim(r.phone_number) <> ''
    returning 1`);
  return rowsOf(result).length;
}

/** Which of `userIds` (the open streams of one instance) the alerts raised in `zip` at `at` reach. */
export async function alertRecipientsAmong(
  db: Db,
  options: { zip: string; at: string; userIds: string[] },
): Promise<{ userId: string; item: NotificationItem }[]> {
  const { zip, at, userIds } = options;
  const result = await db.execute(sql`
    select l.user_id, a.id, a.message, a.link, a.created_at, false as read
    from job_alert a
    join landscaper l on l.user_id = any(${sql.param(userIds)}::text[])
      and ${reaches(sql`a.zip_code`, sql`a.created_at`)}
    where a.zip_code = ${zip} and a.created_at = ${at}::timestamptz`);
  return rowsOf<AlertRow & { user_id: string }>(result).map((row) => ({
    userId: row.user_id,
    item: alertItem(row),
  }));
}

interface AlertRow {
  id: string;
  message: string;
  link: string | null;
  read: boolean;
  created_at: Date | string;
}

function alertItem(row: AlertRow): NotificationItem {
  return notificationItem({ ...row, type: "job" }, row.created_at);
}

/**
 * The alerts `userId` sees, newest first, at most `limit`, older than `before` when given: per covered ZIP
 * the newest `limit` from the (zip_code, created_at) index, then merged, so the cost does not grow with the
 * number of alerts in the ZIPs.
 */
export function visibleAlerts(userId: string, limit: number, before?: Date | null): SQL {
  return sql`
    select a.id, a.message, a.link, a.created_at,
      (a.created_at <= s.read_before or exists (
        select 1 from job_alert_read r where r.user_id = l.user_id and r.alert_id = a.id)) is true as read
    from landscaper l
    left join job_alert_state s on s.user_id = l.user_id
    cross join lateral (select distinct unnest(l.covered_zip_codes) as zip) z
    cross join lateral (
      select a.* from job_alert a
      where a.zip_code = z.zip
        and a.created_at >= coalesce(l.reviewed_at, l.created_at)
        and (s.cleared_before is null or a.created_at > s.cleared_before)
        and (l.paused_at is null or a.created_at <= l.paused_at)
        ${before ? sql`and a.created_at < ${before.toISOString()}::timestamptz` : sql``}
      order by a.created_at desc
      limit ${limit}
    ) a
    where l.user_id = ${userId} and l.status = 'approved'`;
}

/**
 * How many alerts `userId` has not read (after their "mark all read", less the ones opened one by one), up
 * to `cap` when given: the scan stops there.
 */
export function unreadAlertCount(userId: string, cap?: number): SQL {
  // Per ZIP, one range of the (zip_code, created_at, id) index from the latest of approval, "mark all read"
  // and "clear": a single lower bound, so the scan starts there instead of filtering older rows.
  const limit = cap === undefined ? sql`` : sql`limit ${cap}`;
  return sql`(
    select count(*)::int from (
      select 1 from landscaper l
      left join job_alert_state s on s.user_id = l.user_id
      cross join lateral (select distinct unnest(l.covered_zip_codes) as zip) z
      cross join lateral (
        select a.id from job_alert a
        where a.zip_code = z.zip
          and a.created_at > greatest(
            coalesce(l.reviewed_at, l.created_at) - interval '1 microsecond', s.read_before, s.cleared_before)
          and (l.paused_at is null or a.created_at <= l.paused_at)
          and not exists (select 1 from job_alert_read r where r.user_id = l.user_id and r.alert_id = a.id)
        ${limit}
      ) a
      where l.user_id = ${userId} and l.status = 'approved'
      ${limit}
    ) unread
  )`;
}

/** Marks one alert read for `userId`; answers it, or null when it is not one of theirs. */
export async function markAlertRead(
  db: Db,
  userId: string,
  alertId: string,
): Promise<NotificationItem | null> {
  const result = await db.execute(sql`
    with seen as (
      select a.id, a.message, a.link, a.created_at, (a.created_at <= s.read_before) is true as read_before
      from job_alert a
      join landscaper l on l.user_id = ${userId} and a.zip_code = any(l.covered_zip_codes)
      left join job_alert_state s on s.user_id = l.user_id
      where a.id = ${alertId} and l.status = 'approved'
        and a.created_at >= coalesce(l.reviewed_at, l.created_at)
        and (s.cleared_before is null or a.created_at > s.cleared_before)
        and (l.paused_at is null or a.created_at <= l.paused_at)
    ),
    marked as (
      insert into job_alert_read (user_id, alert_id) select ${userId}, id from seen where not read_before
      on conflict do nothing
      returning 1
    )
    select id, message, link, created_at, true as read from seen`);
  const [row] = rowsOf<AlertRow>(result);
  return row ? alertItem(row) : null;
}

/**
 * Everything raised up to now is read (or, `cleared`, gone from the history) for `userId`: one row whatever
 * the number of alerts; the one-by-one marks it covers are dropped.
 */
export async function markAllAlerts(db: DbOrTx, userId: string, mark: "read" | "cleared") {
  const column = sql.raw(mark === "read" ? "read_before" : "cleared_before");
  await db.execute(sql`
    insert into job_alert_state (user_id, ${column}) values (${userId}, now())
    on conflict (user_id) do update set ${column} = now()`);
  await db.execute(sql`delete from job_alert_read where user_id = ${userId}`);
}
