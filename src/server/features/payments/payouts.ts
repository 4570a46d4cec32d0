import { and, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { addDaysIso, charlotteTime, todayInCharlotte } from "../../../shared/dates.js";
import {
  type EarningsAnswer,
  type PayoutOutlook,
  payoutWaitText,
  type WaitingBalance,
} from "../../../shared/payments.js";
import { jobLabel, serviceName } from "../../../shared/services.js";
import { type Db, type DbOrTx, rowsOf } from "../../db/client.js";
import { job, payout, payoutAccount, user } from "../../db/schema.js";
import { type AuditActor, recordAudit } from "../../lib/audit/record-audit.js";
import { notFound } from "../../lib/errors.js";
import { post } from "./ledger.js";
import { atProvider, type PaymentProvider } from "./providers/provider.js";

/** When the weekly payout run happens: a weekday (0 Sunday … 6 Saturday) and an hour, Charlotte time. */
export interface PayoutSchedule {
  day: number;
  hour: number;
}

/** A transfer the bank refused is tried this many times (an hour apart, then doubling) before admins step in. */
export const PAYOUT_ATTEMPTS = 5;

const weekday = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`).getUTCDay();

/** The Charlotte date of the latest run at or before `now`. */
export function latestRunDate(now: Date, schedule: PayoutSchedule): string {
  const today = todayInCharlotte(now);
  let date = addDaysIso(today, -((weekday(today) - schedule.day + 7) % 7));
  if (charlotteTime(date, schedule.hour) > now) date = addDaysIso(date, -7);
  return date;
}

/** The next run after `now`. */
export function nextRunAt(now: Date, schedule: PayoutSchedule): Date {
  return charlotteTime(addDaysIso(latestRunDate(now, schedule), 7), schedule.hour);
}

/**
 * What the platform owes a landscaper and has not sent yet: their ledger account's credit, less payouts on
 * their way (a payout is posted to the ledger when the transfer succeeds).
 */
export async function availableBalanceCents(db: DbOrTx, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select
      -coalesce((select sum(amount_cents) from ledger_entry where account = 'landscaper' and user_id = ${userId}), 0)
      - coalesce((select sum(amount_cents) from payout where landscaper_id = ${userId} and status = 'pending'), 0)
      as available`);
  return Number(rowsOf<{ available: string | number }>(result)[0]?.available ?? 0);
}

/** A landscaper's payout account: created at the provider once (test mode: ready at once). */
export async function setUpPayoutAccount(options: {
  db: Db;
  provider: PaymentProvider;
  userId: string;
  returnUrl: string;
}): Promise<{ ready: boolean; onboardingUrl: string | null }> {
  const { db, provider, userId } = options;
  const [existing] = await db.select().from(payoutAccount).where(eq(payoutAccount.userId, userId));
  if (existing?.status === "ready") return { ready: true, onboardingUrl: null };
  const [person] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!person) throw notFound("Account not found.");
  const account = await atProvider(
    provider.createPayoutAccount({
      userId,
      email: person.email,
      returnUrl: options.returnUrl,
      idempotencyKey: `payout-account:${provider.name}:${userId}`,
    }),
  );
  await db
    .insert(payoutAccount)
    .values({
      userId,
      provider: provider.name,
      providerAccountId: account.id,
      status: account.ready ? "ready" : "onboarding",
    })
    .onConflictDoUpdate({
      target: payoutAccount.userId,
      set: { status: account.ready ? "ready" : "onboarding", updatedAt: new Date() },
    });
  return { ready: account.ready, onboardingUrl: account.onboardingUrl };
}

/**
 * Writes this week's payouts once the run's time has come: one per landscaper whose account was ready by
 * then and who is owed something (an account set up after the run waits for the next one, as its Earnings
 * tab says). The unique (landscaper, run date) pair is the claim: every instance may run this, and each
 * payout is written once. `now` (an admin's "Pay out now") runs today's, for every ready account, and is
 * on the audit trail with what it created, in the same transaction (issue 38).
 */
export async function createDuePayouts(
  db: Db,
  now: Date,
  schedule: PayoutSchedule,
  options: { now?: boolean; auditActor?: AuditActor } = {},
): Promise<number> {
  const runDate = options.now ? todayInCharlotte(now) : latestRunDate(now, schedule);
  const readyBy = options.now ? now : charlotteTime(runDate, schedule.hour);
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
    insert into payout (landscaper_id, run_date, amount_cents, next_attempt_at)
    select a.user_id, ${runDate}, owed.cents, ${now.toISOString()}::timestamptz
    from payout_account a
    cross join lateral (
      select
        -coalesce((select sum(e.amount_cents) from ledger_entry e
          where e.account = 'landscaper' and e.user_id = a.user_id), 0)
        - coalesce((select sum(p.amount_cents) from payout p
          where p.landscaper_id = a.user_id and p.status = 'pending'), 0) as cents
    ) owed
    where a.status = 'ready' and a.updated_at <= ${readyBy.toISOString()}::timestamptz and owed.cents > 0
    on conflict (landscaper_id, run_date) do nothing
    returning amount_cents`);
    const rows = rowsOf<{ amount_cents: number | string }>(result);
    if (options.auditActor) {
      const totalCents = rows.reduce((sum, r) => sum + Number(r.amount_cents), 0);
      const target = { type: "payouts", id: runDate, label: `Payouts of ${runDate}` } as const;
      const after = { payoutsCreated: rows.length, totalCents };
      await recordAudit(tx, { actor: options.auditActor, action: "payouts.run", target, after });
    }
    return rows.length;
  });
}

export interface PayoutReport {
  paid: number;
  failed: number;
}

/**
 * Sends the payouts that are due (new, or retrying after a refusal), each claimed with SKIP LOCKED and a
 * lease. The transfer's key is the payout and its attempt: a retry after a refusal asks again, a repeat after
 * a lost answer gets the first answer.
 */
export async function sendDuePayouts(options: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  now: Date;
  /** Tells the landscaper and, when it failed for good, admins. */
  tell: (
    tx: DbOrTx,
    event: { payout: typeof payout.$inferSelect; outcome: "paid" | "failed" },
  ) => Promise<void>;
}): Promise<PayoutReport> {
  const { db, provider, log, now } = options;
  const report: PayoutReport = { paid: 0, failed: 0 };
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payout.id })
      .from(payout)
      .where(
        and(
          eq(payout.status, "pending"),
          lte(payout.nextAttemptAt, now),
          or(isNull(payout.lockedUntil), lte(payout.lockedUntil, now)),
        ),
      )
      .limit(20)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(payout)
      .set({ lockedUntil: new Date(now.getTime() + 2 * 60_000) })
      .where(
        inArray(
          payout.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  for (const row of claimed) {
    const [account] = await db.select().from(payoutAccount).where(eq(payoutAccount.userId, row.landscaperId));
    if (!account) continue;
    let answer: Awaited<ReturnType<PaymentProvider["transfer"]>>;
    try {
      answer = await provider.transfer({
        accountId: account.providerAccountId,
        amountCents: row.amountCents,
        idempotencyKey: `payout:${row.id}:${row.attempts + 1}`,
      });
    } catch (error) {
      // Unknown outcome: the lease runs out and the same key is asked again.
      log.warn({ err: error, payoutId: row.id }, "payout transfer did not answer; will retry");
      continue;
    }
    await db.transaction(async (tx) => {
      if (answer.status === "paid") {
        const [paid] = await tx
          .update(payout)
          .set({
            status: "paid",
            providerTransferId: answer.id,
            paidAt: now,
            lockedUntil: null,
            failureMessage: null,
          })
          .where(and(eq(payout.id, row.id), eq(payout.status, "pending")))
          .returning();
        if (!paid) return;
        await post(tx, {
          key: `payout:${row.id}`,
          kind: "payout",
          description: "Weekly payout",
          lines: [
            { account: "landscaper", userId: row.landscaperId, amountCents: row.amountCents },
            { account: "processor", amountCents: -row.amountCents },
          ],
        });
        await options.tell(tx, { payout: paid, outcome: "paid" });
        report.paid++;
        return;
      }
      const attempts = row.attempts + 1;
      const finished = attempts >= PAYOUT_ATTEMPTS;
      const [failed] = await tx
        .update(payout)
        .set({
          attempts,
          status: finished ? "failed" : "pending",
          failureMessage: answer.failureMessage ?? "The payout was refused.",
          nextAttemptAt: new Date(now.getTime() + 3_600_000 * 2 ** (attempts - 1)),
          lockedUntil: null,
        })
        .where(and(eq(payout.id, row.id), eq(payout.status, "pending")))
        .returning();
      if (failed && finished) {
        await options.tell(tx, { payout: failed, outcome: "failed" });
        report.failed++;
      }
    });
  }
  return report;
}

/**
 * Why a positive balance is not paid yet and until when, as createDuePayouts decides it: only a ready
 * account is paid, at the next weekly run (one ready by the run's time; an account is ready from now on,
 * before the next run). Null when nothing is owed (a negative balance, after a refund of paid-out work,
 * is taken from later earnings).
 */
export function payoutOutlook(options: {
  accountStatus: string | null;
  balanceCents: number;
  now: Date;
  schedule: PayoutSchedule;
  paidToday?: boolean;
}): PayoutOutlook | null {
  if (options.balanceCents <= 0) return null;
  const next = nextRunAt(options.now, options.schedule).toISOString();
  if (options.accountStatus === null) return { wait: "no_account", at: null, nextRunAt: next };
  if (options.accountStatus !== "ready") return { wait: "account_unfinished", at: null, nextRunAt: next };
  return { wait: options.paidToday ? "paid_today" : "next_run", at: next, nextRunAt: next };
}

/**
 * The balances a run left unpaid, largest first, each with why ("Pay out now" answers with them, so
 * "nothing to pay" never hides money owed). Read from the ledger's landscaper entries (ledger_entry_account_idx).
 */
export async function waitingBalances(
  db: DbOrTx,
  now: Date,
  schedule: PayoutSchedule,
  limit = 20,
): Promise<WaitingBalance[]> {
  const today = todayInCharlotte(now);
  const rows = rowsOf<{
    user_id: string;
    name: string;
    account_status: string | null;
    cents: string | number;
    paid_today: boolean;
  }>(
    await db.execute(sql`
      select owed.user_id, u.name, a.status as account_status, owed.cents,
        exists (select 1 from payout p where p.landscaper_id = owed.user_id and p.run_date = ${today}) as paid_today
      from (
        select e.user_id,
          -sum(e.amount_cents) - coalesce((select sum(p.amount_cents) from payout p
            where p.landscaper_id = e.user_id and p.status = 'pending'), 0) as cents
        from ledger_entry e
        where e.account = 'landscaper' and e.user_id is not null
        group by e.user_id
      ) owed
      join ${user} u on u.id = owed.user_id
      left join ${payoutAccount} a on a.user_id = owed.user_id
      where owed.cents > 0
      order by owed.cents desc, u.name
      limit ${limit}`),
  );
  return rows.flatMap((row) => {
    const balanceCents = Number(row.cents);
    const outlook = payoutOutlook({
      accountStatus: row.account_status,
      balanceCents,
      now,
      schedule,
      paidToday: row.paid_today,
    });
    if (!outlook) return [];
    return [
      {
        landscaperId: row.user_id,
        landscaperName: row.name,
        balanceCents,
        outlook,
        text: payoutWaitText(outlook, { name: row.name }),
      },
    ];
  });
}

/** The landscaper's Earnings tab: balance, the next run, payouts, and what each job earned them. */
export async function earningsOf(options: {
  db: Db;
  userId: string;
  now: Date;
  schedule: PayoutSchedule;
  mode: PaymentProvider["name"];
}): Promise<EarningsAnswer> {
  const { db, userId, now } = options;
  const [account] = await db.select().from(payoutAccount).where(eq(payoutAccount.userId, userId));
  const balanceCents = await availableBalanceCents(db, userId);
  const payouts = await db
    .select()
    .from(payout)
    .where(eq(payout.landscaperId, userId))
    .orderBy(desc(payout.createdAt))
    .limit(52);
  const perJob = rowsOf<{
    job_id: string;
    number: number;
    services: string[];
    date: string;
    price: string;
    tips: string;
    fees: string;
  }>(
    await db.execute(sql`
      select t.job_id, j.number, j.selected_services as services,
        coalesce(j.scheduled_date, j.preferred_date)::text as date,
        -coalesce(sum(e.amount_cents) filter (where t.kind in ('job_charge', 'refund')), 0) as price,
        -coalesce(sum(e.amount_cents) filter (where t.kind = 'tip'), 0) as tips,
        -coalesce(sum(e.amount_cents) filter (where t.kind = 'cancellation_fee'), 0) as fees
      from ledger_entry e
      join ledger_transaction t on t.id = e.transaction_id
      join ${job} j on j.id = t.job_id
      where e.account = 'landscaper' and e.user_id = ${userId}
      group by t.job_id, j.number, j.selected_services, j.scheduled_date, j.preferred_date
      order by max(t.created_at) desc
      limit 100`),
  );
  const jobs = perJob.map((r) => ({
    jobId: r.job_id,
    jobNumber: jobLabel(r.number),
    date: r.date,
    services: r.services.map(serviceName).join(", "),
    earningsCents: Number(r.price),
    tipCents: Number(r.tips),
    feeCents: Number(r.fees),
  }));
  return {
    mode: options.mode,
    account: account ? { ready: account.status === "ready" } : null,
    balanceCents,
    nextPayout: {
      at: nextRunAt(now, options.schedule).toISOString(),
      amountCents: account?.status === "ready" ? Math.max(0, balanceCents) : 0,
      outlook: payoutOutlook({
        accountStatus: account?.status ?? null,
        balanceCents,
        now,
        schedule: options.schedule,
      }),
    },
    payouts: payouts.map((p) => ({
      id: p.id,
      runDate: p.runDate,
      amountCents: p.amountCents,
      status: p.status,
      paidAt: p.paidAt?.toISOString() ?? null,
      failureMessage: p.failureMessage,
    })),
    jobs,
    totals: {
      earnedCents: jobs.reduce((sum, j) => sum + j.earningsCents + j.feeCents, 0),
      tipsCents: jobs.reduce((sum, j) => sum + j.tipCents, 0),
      paidCents: payouts.filter((p) => p.status === "paid").reduce((sum, p) => sum + p.amountCents, 0),
    },
  };
}
