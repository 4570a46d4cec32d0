import { sql } from "drizzle-orm";
import { addDaysIso, charlotteTime, todayInCharlotte } from "../../../shared/dates.js";
import type { StatementPayout, StatementQuery, StatementRow } from "../../../shared/earnings-statement.js";
import { type DbOrTx, rowsOf } from "../../db/client.js";

/**
 * Earnings per visit, from the ledger (decision 026). A payout pays the landscaper's ledger balance at the
 * moment it is written (payouts.ts createDuePayouts), so the entries a payout covers are those written after
 * the previous payout row and up to its own (failed payouts left out: their money is owed again and the
 * next payout takes it). Each of the landscaper's ledger transactions is placed in the first payout written
 * at or after it; those after the last payout wait for the next. Summed per visit and payout, every
 * transaction's own lines give the price, platform fee, tip, fees and refunds, and its landscaper line the net.
 */

interface PayoutRowDb {
  id: string;
  run_date: string;
  status: "pending" | "paid";
  paid_on: string | null;
  amount_cents: string | number;
}

interface StatementRowDb {
  payout_id: string | null;
  job_id: string | null;
  number: number | null;
  visit_date: string | null;
  services: string[] | null;
  price: string | number;
  platform: string | number;
  tip: string | number;
  fees: string | number;
  refunds: string | number;
  net: string | number;
}

/** The landscaper's payouts that count (not failed), each with the instant the one before it was written. */
const payoutsOf = (userId: string) => sql`
  select p.id, p.run_date, p.status, p.amount_cents, p.created_at,
    lag(p.created_at) over (order by p.created_at, p.id) as after_at,
    lt.created_at as paid_at
  from payout p
  left join ledger_transaction lt on lt.key = 'payout:' || p.id::text
  where p.landscaper_id = ${userId} and p.status <> 'failed'`;

const charlotteDate = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'America/New_York', 'YYYY-MM-DD')`);

function periodBounds(query: StatementQuery) {
  return {
    start: charlotteTime(query.from, 0).toISOString(),
    end: charlotteTime(addDaysIso(query.to, 1), 0).toISOString(),
  };
}

function toPayout(row: PayoutRowDb): StatementPayout {
  return {
    id: row.id,
    runDate: row.run_date,
    status: row.status,
    paidOn: row.paid_on,
    amountCents: Number(row.amount_cents),
  };
}

function toRow(row: StatementRowDb): StatementRow {
  return {
    jobId: row.job_id,
    jobNumber: row.number,
    visitDate: row.visit_date,
    services: row.services ?? [],
    priceCents: Number(row.price),
    platformFeeCents: Number(row.platform),
    tipCents: Number(row.tip),
    feeCents: Number(row.fees),
    refundCents: Number(row.refunds),
    netCents: Number(row.net),
    payoutId: row.payout_id,
  };
}

/**
 * The payouts the ledger recorded paid within the period (Charlotte dates, inclusive), in the order they were
 * paid, `limit` from after the payout `after` (keyset: the CSV pages through a year this way).
 */
export async function paidPayouts(
  db: DbOrTx,
  options: { userId: string; query: StatementQuery; after?: string | null; limit: number },
): Promise<StatementPayout[]> {
  const { start, end } = periodBounds(options.query);
  const rows = rowsOf<PayoutRowDb>(
    await db.execute(sql`
      with pay as (${payoutsOf(options.userId)})
      select id, run_date, status, amount_cents, ${charlotteDate("paid_at")} as paid_on
      from pay
      where status = 'paid' and paid_at >= ${start}::timestamptz and paid_at < ${end}::timestamptz
        ${
          options.after
            ? sql`and (paid_at, id) > (select pay.paid_at, pay.id from pay where pay.id = ${options.after}::uuid)`
            : sql``
        }
      order by paid_at, id
      limit ${options.limit}`),
  );
  return rows.map(toPayout);
}

/** The landscaper's payouts on their way (written, not paid yet). */
export async function pendingPayouts(db: DbOrTx, userId: string): Promise<StatementPayout[]> {
  const rows = rowsOf<PayoutRowDb>(
    await db.execute(sql`
      select id, run_date, status, amount_cents, null as paid_on
      from payout where landscaper_id = ${userId} and status = 'pending'
      order by created_at, id`),
  );
  return rows.map(toPayout);
}

/**
 * The per-visit rows of the given payouts and, with `unpaid`, of the money no payout has taken yet, in the
 * payouts' order, then by visit date and job number. At most `limit` rows.
 */
export async function statementRows(
  db: DbOrTx,
  options: { userId: string; payoutIds: readonly string[]; unpaid: boolean; limit: number },
): Promise<StatementRow[]> {
  const { userId } = options;
  if (options.payoutIds.length === 0 && !options.unpaid) return [];
  const rows = rowsOf<StatementRowDb>(
    await db.execute(sql`
      with pay as (${payoutsOf(userId)}),
      mine as (
        select distinct t.id, t.kind, t.job_id, t.created_at
        from ledger_entry le
        join ledger_transaction t on t.id = le.transaction_id
        where le.account = 'landscaper' and le.user_id = ${userId} and t.kind <> 'payout'
      ),
      placed as (
        select m.id, m.kind, m.job_id,
          (select pay.id from pay where pay.created_at >= m.created_at
            order by pay.created_at, pay.id limit 1) as payout_id
        from mine m
      ),
      chosen as (
        select * from placed
        where payout_id = any(${sql.param(options.payoutIds)}::uuid[])
          ${options.unpaid ? sql`or payout_id is null` : sql``}
      )
      select c.payout_id, c.job_id, j.number, j.selected_services as services,
        coalesce(j.scheduled_date, j.preferred_date)::text as visit_date,
        coalesce(sum(e.amount_cents) filter (where e.account = 'processor' and c.kind = 'job_charge'), 0) as price,
        coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0) as platform,
        coalesce(sum(e.amount_cents) filter (where e.account = 'processor' and c.kind = 'tip'), 0) as tip,
        coalesce(sum(e.amount_cents) filter (where e.account = 'processor' and c.kind = 'cancellation_fee'), 0) as fees,
        coalesce(-sum(e.amount_cents) filter (where e.account = 'processor' and c.kind = 'refund'), 0) as refunds,
        coalesce(-sum(e.amount_cents) filter (where e.account = 'landscaper'), 0) as net
      from chosen c
      join ledger_entry e on e.transaction_id = c.id
      left join job j on j.id = c.job_id
      left join pay on pay.id = c.payout_id
      group by c.payout_id, pay.paid_at, pay.created_at, c.job_id, j.number, j.selected_services,
        j.scheduled_date, j.preferred_date
      order by pay.paid_at nulls last, pay.created_at nulls last, c.payout_id,
        coalesce(j.scheduled_date, j.preferred_date) nulls last, j.number nulls last, c.job_id
      limit ${options.limit}`),
  );
  return rows.map(toRow);
}

/** The Earnings tab's list for a period: its paid payouts and, when it reaches today, what is still coming. */
export async function statementOf(
  db: DbOrTx,
  options: { userId: string; query: StatementQuery; now: Date; limit: number },
) {
  const reachesToday = options.query.to >= todayInCharlotte(options.now);
  const paid = await paidPayouts(db, { userId: options.userId, query: options.query, limit: 200 });
  const pending = reachesToday ? await pendingPayouts(db, options.userId) : [];
  const payouts = [...paid, ...pending];
  const rows = await statementRows(db, {
    userId: options.userId,
    payoutIds: payouts.map((p) => p.id),
    unpaid: reachesToday,
    limit: options.limit + 1,
  });
  return {
    from: options.query.from,
    to: options.query.to,
    payouts,
    rows: rows.slice(0, options.limit),
    truncated: rows.length > options.limit,
  };
}
