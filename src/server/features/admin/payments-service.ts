import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type {
  AdminMoneyItem,
  AdminPaymentsAnswer,
  MoneyKindFilter,
  PageDirection,
} from "../../../shared/admin.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { job, ledgerEntry, ledgerTransaction, payment, payout, user } from "../../db/schema.js";
import { cursorTimestamp, type Fetcher, inKeysetSlice, keysetPage, toNumber } from "./query-helpers.js";

/** The ledger's transactions, newest first, with the job, the customer and the landscaper they concern. */
export function selectMoneyRows(
  db: DbOrTx,
  options: { kind: MoneyKindFilter; userId?: string | undefined } & Parameters<Fetcher<unknown>>[0],
) {
  const processorCents = sql<number>`(select coalesce(sum(e.amount_cents), 0) from ${ledgerEntry} e
    where e.transaction_id = ${ledgerTransaction.id} and e.account = 'processor')`.mapWith(Number);
  const landscaperId = sql<string | null>`(select e.user_id from ${ledgerEntry} e
    where e.transaction_id = ${ledgerTransaction.id} and e.account = 'landscaper' limit 1)`;
  const query = db
    .select({
      id: ledgerTransaction.id,
      cursorTs: cursorTimestamp(ledgerTransaction.createdAt),
      createdAt: ledgerTransaction.createdAt,
      kind: ledgerTransaction.kind,
      description: ledgerTransaction.description,
      jobId: ledgerTransaction.jobId,
      jobNumber: job.number,
      customerName: job.customerName,
      landscaperName: sql<string | null>`(select u.name from ${user} u where u.id = ${landscaperId})`,
      amountCents: processorCents,
      refundable: sql<number>`case when ${ledgerTransaction.kind} = 'job_charge' then (
        select coalesce(sum(p.captured_cents - p.refunded_cents), 0) from ${payment} p
        where p.job_id = ${ledgerTransaction.jobId} and p.kind in ('job', 'extra') and p.status = 'captured'
      ) else 0 end`.mapWith(Number),
    })
    .from(ledgerTransaction)
    .leftJoin(job, eq(job.id, ledgerTransaction.jobId))
    .$dynamic();
  return inKeysetSlice(query, ledgerTransaction, {
    where: and(
      options.kind === "all" ? undefined : eq(ledgerTransaction.kind, options.kind),
      options.userId
        ? sql`(${ledgerTransaction.id} in (select e.transaction_id from ${ledgerEntry} e where e.user_id = ${options.userId})
            or ${ledgerTransaction.jobId} in (select j.id from ${job} j where j.customer_id = ${options.userId}))`
        : undefined,
    ),
    cursor: options.cursor,
    order: options.order,
    limit: options.limit,
  });
}

type MoneyRow = Awaited<ReturnType<typeof selectMoneyRows>>[number];

export const moneyCursorOf = (row: Pick<MoneyRow, "cursorTs" | "id">) => ({ ts: row.cursorTs, id: row.id });

function toItem(row: MoneyRow): AdminMoneyItem {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    kind: row.kind as AdminMoneyItem["kind"],
    description: row.description,
    jobId: row.jobId,
    jobNumber: row.jobNumber,
    customerName: row.customerName,
    landscaperName: row.landscaperName,
    amountCents: row.amountCents,
    refundableCents: row.refundable,
  };
}

/** The admin Payments page: one page of money movements, and what needs an admin. */
export async function listPayments(options: {
  db: Db;
  kind: MoneyKindFilter;
  userId?: string | undefined;
  cursor: string | undefined;
  dir: PageDirection;
  limit: number;
}): Promise<AdminPaymentsAnswer> {
  const { db } = options;
  const page = await keysetPage({
    cursor: options.cursor,
    dir: options.dir,
    limit: options.limit,
    fetch: (slice) => selectMoneyRows(db, { kind: options.kind, userId: options.userId, ...slice }),
    cursorOf: moneyCursorOf,
    toItem,
  });
  const [payouts, holds, reported] = await Promise.all([
    db
      .select({ payout, landscaperName: user.name })
      .from(payout)
      .innerJoin(user, eq(user.id, payout.landscaperId))
      .where(sql`${payout.status} = 'failed' or (${payout.status} = 'pending' and ${payout.attempts} > 0)`)
      .orderBy(payout.createdAt)
      .limit(50),
    // Scheduled visits whose latest hold the card refused (they wait for a new card).
    db
      .select({ job, payment })
      .from(payment)
      .innerJoin(job, eq(job.id, payment.jobId))
      .where(
        and(
          eq(payment.kind, "job"),
          eq(payment.status, "failed"),
          eq(job.status, "scheduled"),
          sql`not exists (select 1 from ${payment} later where later.job_id = ${job.id} and later.kind = 'job'
            and later.created_at > ${payment.createdAt})`,
        ),
      )
      .limit(50),
    db
      .select({ job })
      .from(job)
      .where(
        and(
          eq(job.status, "completed"),
          isNotNull(job.problemReportedAt),
          isNull(job.workApprovedAt),
          sql`exists (select 1 from ${payment} p where p.job_id = ${job.id} and p.kind = 'job' and p.status = 'held')`,
        ),
      )
      .orderBy(job.problemReportedAt)
      .limit(50),
  ]);
  const heldByJob = new Map<string, number>();
  if (reported.length) {
    const held = await db
      .select({ jobId: payment.jobId, cents: payment.amountCents })
      .from(payment)
      .where(
        and(
          inArray(
            payment.jobId,
            reported.map((r) => r.job.id),
          ),
          eq(payment.status, "held"),
        ),
      );
    for (const h of held) heldByJob.set(h.jobId, toNumber(h.cents));
  }
  return {
    ...page,
    attention: {
      payouts: payouts.map(({ payout: p, landscaperName }) => ({
        id: p.id,
        landscaperName,
        amountCents: p.amountCents,
        status: p.status === "failed" ? "failed" : "pending",
        attempts: p.attempts,
        failureMessage: p.failureMessage,
      })),
      holds: holds.map(({ job: j, payment: p }) => ({
        jobId: j.id,
        jobNumber: j.number,
        customerName: j.customerName,
        amountCents: p.amountCents,
        scheduledDate: j.scheduledDate,
        failureMessage: p.failureMessage,
      })),
      reported: reported.map(({ job: j }) => ({
        jobId: j.id,
        jobNumber: j.number,
        customerName: j.customerName,
        note: j.problemNote,
        heldCents: heldByJob.get(j.id) ?? 0,
      })),
    },
  };
}
