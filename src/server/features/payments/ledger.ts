import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { ledgerEntry, ledgerTransaction } from "../../db/schema.js";

/** The ledger's accounts (see the ledger_entry table): debits positive, credits negative. */
export const ledgerAccounts = {
  /** Money the payment provider holds for us: up with a charge, down with a refund or a payout. */
  processor: "processor",
  /** The platform's 25% of job prices. */
  platformFees: "platform_fees",
  /** What a landscaper has earned and not yet been paid (per user). */
  landscaper: "landscaper",
} as const;
export type LedgerAccount = (typeof ledgerAccounts)[keyof typeof ledgerAccounts];

export const ledgerKinds = ["job_charge", "tip", "cancellation_fee", "refund", "payout"] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

export interface LedgerLine {
  account: LedgerAccount;
  userId?: string | null;
  amountCents: number;
}

export class UnbalancedTransactionError extends Error {}

/**
 * Records one money movement: its lines sum to zero, and `key` (the job and the action) makes it happen once
 * however often the action is repeated. Answers false when the key was already recorded.
 */
export async function post(
  tx: DbOrTx,
  options: {
    key: string;
    kind: LedgerKind;
    jobId?: string | null;
    paymentId?: string | null;
    description: string;
    lines: LedgerLine[];
  },
): Promise<boolean> {
  const lines = options.lines.filter((line) => line.amountCents !== 0);
  const sum = lines.reduce((total, line) => total + line.amountCents, 0);
  if (sum !== 0 || lines.some((line) => !Number.isInteger(line.amountCents)))
    throw new UnbalancedTransactionError(`ledger transaction ${options.key} does not balance (${sum})`);
  const [created] = await tx
    .insert(ledgerTransaction)
    .values({
      key: options.key,
      kind: options.kind,
      jobId: options.jobId ?? null,
      paymentId: options.paymentId ?? null,
      description: options.description,
    })
    .onConflictDoNothing({ target: ledgerTransaction.key })
    .returning({ id: ledgerTransaction.id });
  if (!created) return false;
  if (lines.length) {
    await tx.insert(ledgerEntry).values(
      lines.map((line) => ({
        transactionId: created.id,
        account: line.account,
        userId: line.userId ?? null,
        amountCents: line.amountCents,
      })),
    );
  }
  return true;
}

/**
 * The dashboard's money figures, from the ledger's balances (kept per account and kind by the database as
 * entries are posted; `ledgerTotalsCounted` sums the entries themselves, for the tests that compare them).
 * Revenue is what customers paid for work and late cancellations less refunds; tips apart; the platform's
 * 25% and what landscapers earned (75%, tips and fees) add up to revenue plus tips.
 */
export async function ledgerTotals(db: DbOrTx) {
  return totalsFrom(db, sql`select account, kind, amount_cents from ledger_balance`);
}

export async function ledgerTotalsCounted(db: DbOrTx) {
  return totalsFrom(
    db,
    sql`select e.account, t.kind, e.amount_cents
      from ledger_entry e join ledger_transaction t on t.id = e.transaction_id`,
  );
}

async function totalsFrom(db: DbOrTx, source: ReturnType<typeof sql>) {
  const result = await db.execute(sql`
    select
      coalesce(sum(amount_cents) filter (where account = 'processor' and kind in ('job_charge', 'cancellation_fee', 'refund')), 0)::bigint as revenue,
      coalesce(sum(amount_cents) filter (where account = 'processor' and kind = 'tip'), 0)::bigint as tips,
      coalesce(-sum(amount_cents) filter (where account = 'platform_fees'), 0)::bigint as platform,
      coalesce(-sum(amount_cents) filter (where account = 'landscaper' and kind <> 'payout'), 0)::bigint as earned,
      coalesce(sum(amount_cents) filter (where account = 'landscaper' and kind = 'payout'), 0)::bigint as paid
    from (${source}) as s`);
  const [row] = rowsOf<Record<string, string | number | null>>(result);
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    revenueCents: n("revenue"),
    tipsCents: n("tips"),
    platformCents: n("platform"),
    landscaperEarnedCents: n("earned"),
    paidOutCents: n("paid"),
  };
}

/** The key of the ledger transaction that records a payment's capture: one per payment, written once. */
export function captureKey(
  kind: Extract<LedgerKind, "cancellation_fee" | "tip" | "job_charge">,
  paymentId: string,
): string {
  return `${kind}:${paymentId}`;
}

/**
 * The cancellation fees the ledger recorded as taken, by payment. A late cancellation takes the fee from the
 * visit's hold (the job's own payment, whose capture is then the fee) or charges it as a payment of its own;
 * either way charges.ts records the capture as the payment's `cancellation_fee:<payment id>` transaction, read
 * here by that unique key (an index lookup, where job_id and payment_id have no index).
 */
export async function feesTaken(db: DbOrTx, paymentIds: readonly string[]): Promise<Map<string, number>> {
  const fees = new Map<string, number>();
  if (paymentIds.length === 0) return fees;
  const keys = paymentIds.map((id) => captureKey("cancellation_fee", id));
  const rows = await db
    .select({
      paymentId: ledgerTransaction.paymentId,
      cents: sql<string>`sum(${ledgerEntry.amountCents})`,
    })
    .from(ledgerTransaction)
    .innerJoin(ledgerEntry, sql`${ledgerEntry.transactionId} = ${ledgerTransaction.id}`)
    .where(
      sql`${ledgerTransaction.key} = any(${sql.param(keys)}::text[]) and ${ledgerEntry.account} = ${ledgerAccounts.processor}`,
    )
    .groupBy(ledgerTransaction.paymentId);
  for (const row of rows) if (row.paymentId) fees.set(row.paymentId, Number(row.cents));
  return fees;
}
