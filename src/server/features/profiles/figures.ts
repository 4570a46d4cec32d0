import { sql } from "drizzle-orm";
import type { RatingSummary } from "../../../shared/profiles.js";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { job, jobMessage, review } from "../../db/schema.js";

/*
 * The figures a profile shows beside the on-time rate (landscapers/reliability.ts), each for many landscapers in
 * one query so the list costs the same four queries whatever its length.
 */

const n = (value: unknown) => Number(value ?? 0);

/**
 * Average quality stars (one decimal) and count of each landscaper's reviews that anyone may read: released
 * (visible_from passed: both sides in, or 7 days) and not removed by our team. Low reviews count like any other.
 */
export async function ratingSummaries(
  db: DbOrTx,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, RatingSummary>> {
  const out = new Map<string, RatingSummary>(ids.map((id) => [id, { average: null, count: 0 }]));
  if (ids.length === 0) return out;
  const result = await db.execute(sql`
    select ${review.landscaperId} as id, avg(${review.quality}) as average, count(*) as count
    from ${review}
    where ${review.landscaperId} = any(${sql.param([...ids])}::text[])
      and ${review.visibleFrom} <= ${now.toISOString()}::timestamptz
      and ${review.removedAt} is null
    group by ${review.landscaperId}
  `);
  for (const r of rowsOf<{ id: string; average: unknown; count: unknown }>(result)) {
    out.set(r.id, { average: Math.round(n(r.average) * 10) / 10, count: n(r.count) });
  }
  return out;
}

/** The services each landscaper completed here (ids, each once). */
export async function servicesDone(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const result = await db.execute(sql`
    select ${job.landscaperId} as id, array_agg(distinct s.service) as services
    from ${job}, unnest(${job.selectedServices}) as s(service)
    where ${job.landscaperId} = any(${sql.param([...ids])}::text[]) and ${job.status} = 'completed'
    group by ${job.landscaperId}
  `);
  for (const r of rowsOf<{ id: string; services: string[] | null }>(result)) out.set(r.id, r.services ?? []);
  return out;
}

/** Customers (by account) with two or more completed jobs with the landscaper. */
export async function repeatCustomers(db: DbOrTx, landscaperId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*) as count from (
      select ${job.customerId}
      from ${job}
      where ${job.landscaperId} = ${landscaperId} and ${job.status} = 'completed'
        and ${job.customerId} is not null
      group by ${job.customerId}
      having count(*) >= 2
    ) repeat
  `);
  return n(rowsOf<{ count: unknown }>(result)[0]?.count);
}

/**
 * The median time the landscaper takes to answer a customer: on each job of theirs, every reply of theirs that
 * follows one or more customer messages counts once, timed from the earliest of those unanswered messages.
 * Messages nobody answered yet do not count (there is no time to take yet).
 */
export async function replyTimes(
  db: DbOrTx,
  landscaperId: string,
): Promise<{ medianMinutes: number | null; replies: number }> {
  const result = await db.execute(sql`
    with asked as (
      select m.job_id as job_id, m.created_at as asked_at,
        (select min(r.created_at) from ${jobMessage} r
          where r.job_id = m.job_id
            and r.sender_role = 'landscaper'
            and r.sender_id = ${landscaperId}
            and r.created_at > m.created_at) as replied_at
      from ${jobMessage} m
      join ${job} j on j.id = m.job_id
      where j.landscaper_id = ${landscaperId} and m.sender_role = 'customer'
    ),
    turns as (
      select job_id, replied_at, min(asked_at) as asked_at
      from asked where replied_at is not null
      group by job_id, replied_at
    )
    select percentile_cont(0.5) within group (order by extract(epoch from replied_at - asked_at)) as median,
      count(*) as replies
    from turns
  `);
  const row = rowsOf<{ median: unknown; replies: unknown }>(result)[0];
  const replies = n(row?.replies);
  return {
    medianMinutes: replies > 0 && row?.median != null ? Math.round(n(row.median) / 60) : null,
    replies,
  };
}

/** When each landscaper's public reviews last changed: a review released, a reply written, a removal. */
export async function reviewsChangedAt(
  db: DbOrTx,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, Date>> {
  const out = new Map<string, Date>();
  if (ids.length === 0) return out;
  const result = await db.execute(sql`
    select ${review.landscaperId} as id,
      max(greatest(${review.visibleFrom}, coalesce(${review.repliedAt}, ${review.visibleFrom}),
        coalesce(${review.removedAt}, ${review.visibleFrom}))) as changed
    from ${review}
    where ${review.landscaperId} = any(${sql.param([...ids])}::text[])
      and ${review.visibleFrom} <= ${now.toISOString()}::timestamptz
    group by ${review.landscaperId}
  `);
  for (const r of rowsOf<{ id: string; changed: string | Date }>(result)) out.set(r.id, new Date(r.changed));
  return out;
}
