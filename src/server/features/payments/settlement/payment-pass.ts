import { and, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { addDaysIso, formatLongDate, todayInCharlotte } from "../../../../shared/dates.js";
import { declineMessages, HOLD_DAYS_BEFORE_VISIT, WORK_APPROVAL_HOURS } from "../../../../shared/payments.js";
import { formatCents, jobLabel } from "../../../../shared/services.js";
import type { Env } from "../../../config/env.js";
import type { Db } from "../../../db/client.js";
import { job, payment, paymentMethod } from "../../../db/schema.js";
import type { AuditActor } from "../../../lib/audit/record-audit.js";
import { loadJob } from "../../jobs/index.js";
import { notify, notifyAdmins } from "../../notifications/index.js";
import {
  type PaymentRow,
  performPending,
  performPendingSoon,
  queueAction,
  stalePending,
} from "../charges.js";
import { createDuePayouts, PAYOUT_ATTEMPTS, type PayoutSchedule, sendDuePayouts } from "../payouts.js";
import type { PaymentProvider } from "../providers/index.js";
import { openAttempt, settleApprovedWork } from "./money.js";
import { approveWorkOf } from "./work-approval.js";

export interface PaymentPassOptions {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The pass's clock (tests move it); the database's own clock stamps the rows. */
  now?: () => Date;
  /** The approval window (WORK_APPROVAL_HOURS): completed work nobody answered is approved after it. */
  approvalHours?: number;
  /** A provider call pending this long is taken to be interrupted and is repeated. */
  staleAfterMs?: number;
}

export interface PaymentPassReport {
  recovered: number;
  held: number;
  holdsFailed: number;
  autoApproved: number;
  settled: number;
  released: number;
}

const CLAIM = 20;

/**
 * One pass of the scheduled money work, safe to run on every instance at once: each step claims its rows
 * with SKIP LOCKED (or writes a pending call keyed by the job and the action in the claim's transaction),
 * and every provider call carries its idempotency key, so two passes never move money twice.
 */
export async function runPaymentPass(options: PaymentPassOptions): Promise<PaymentPassReport> {
  const { db, provider, log } = options;
  const now = options.now?.() ?? new Date();
  const deps = { db, provider, publicUrl: options.publicUrl };
  const report: PaymentPassReport = {
    recovered: 0,
    held: 0,
    holdsFailed: 0,
    autoApproved: 0,
    settled: 0,
    released: 0,
  };

  // 1. Provider calls an instance wrote down and never finished (it stopped, or the provider timed out).
  for (const id of await stalePending(db, options.staleAfterMs ?? 30_000)) {
    try {
      await performPending(deps, id);
      report.recovered++;
    } catch (error) {
      log.warn({ err: error, paymentId: id }, "payment call still failing; will retry");
    }
  }

  // 2. Holds on jobs that are not booked (a cancellation whose release never ran, an approval that never
  // committed): released.
  for (const row of await strayHolds(db, now)) {
    const queued = await queueAction(db, {
      paymentId: row.id,
      action: "release",
      amountCents: 0,
      key: `job:${row.jobId}:release:${row.id}`,
    });
    if (queued) {
      await performPendingSoon(deps, queued.id);
      report.released++;
    }
  }

  // 3. Holds due: visits within 2 days without one, unless the card it failed on is still the one on file.
  const due = await claimHoldsDue(db, provider, now);
  for (const opened of due) {
    try {
      const done = await performPending(deps, opened.id);
      if (done.status === "held") report.held++;
      if (done.status === "failed") {
        report.holdsFailed++;
        await tellHoldFailed(db, done);
      }
    } catch (error) {
      log.warn({ err: error, paymentId: opened.id }, "hold call failed; will retry");
    }
  }

  // 4. Work completed 48 hours ago that nobody approved or reported: approved, and charged.
  const silentSince = new Date(now.getTime() - (options.approvalHours ?? WORK_APPROVAL_HOURS) * 3_600_000);
  const silent = await db
    .select({ id: job.id })
    .from(job)
    .where(
      and(
        eq(job.status, "completed"),
        isNull(job.workApprovedAt),
        isNull(job.problemReportedAt),
        lte(job.completedAt, silentSince),
      ),
    )
    .limit(CLAIM);
  for (const { id } of silent) {
    try {
      await approveWorkOf({ ...deps, jobId: id, actorId: null });
      report.autoApproved++;
    } catch {
      // Another instance approved it first, or the customer just did: the conditional update refused.
    }
  }

  // 5. Approved work whose charge never happened (the instance stopped between the approval and the call).
  const unsettled = await db
    .select()
    .from(job)
    .where(
      and(
        eq(job.status, "completed"),
        isNotNull(job.workApprovedAt),
        sql`not exists (select 1 from ${payment} p where p.job_id = ${job.id} and p.kind = 'job'
          and (p.status = 'captured' or p.pending_action is not null
            or (p.status = 'failed' and p.idempotency_key = 'job:' || ${job.id} || ':charge')))`,
        sql`${job.workApprovedAt} < ${new Date(now.getTime() - 60_000)}`,
      ),
    )
    .limit(CLAIM);
  for (const current of unsettled) {
    await settleApprovedWork(deps, { current, queued: null }).catch(() => undefined);
    report.settled++;
  }
  return report;
}

/**
 * Held payments with no call pending of jobs that were cancelled, or that are still waiting for the
 * customer's approval 10 minutes after the hold (the approval never committed): nothing may stay held on a
 * card for a booking that is not made.
 */
async function strayHolds(db: Db, now: Date): Promise<PaymentRow[]> {
  const rows = await db
    .select({ payment })
    .from(payment)
    .innerJoin(job, eq(job.id, payment.jobId))
    .where(
      and(
        eq(payment.status, "held"),
        isNull(payment.pendingAction),
        or(
          eq(job.status, "cancelled"),
          and(eq(job.status, "accepted"), lte(payment.heldAt, new Date(now.getTime() - 10 * 60_000))),
        ),
      ),
    )
    .limit(CLAIM);
  return rows.map((r) => r.payment);
}

/**
 * Claims scheduled visits within 2 days that need a hold and writes each one's pending hold in the claim's
 * transaction: another instance skips the locked jobs, and afterwards finds the hold already written.
 */
async function claimHoldsDue(db: Db, provider: PaymentProvider, now: Date): Promise<PaymentRow[]> {
  const lastDay = addDaysIso(todayInCharlotte(now), HOLD_DAYS_BEFORE_VISIT);
  return db.transaction(async (tx) => {
    const jobs = await tx
      .select({
        id: job.id,
        customerId: job.customerId,
        price: job.quotedPriceCents,
        method: paymentMethod.id,
      })
      .from(job)
      .innerJoin(
        paymentMethod,
        and(
          eq(paymentMethod.userId, job.customerId),
          eq(paymentMethod.isDefault, true),
          isNull(paymentMethod.removedAt),
        ),
      )
      .where(
        and(
          eq(job.status, "scheduled"),
          lte(job.scheduledDate, lastDay),
          sql`not exists (select 1 from ${payment} p where p.job_id = ${job.id} and p.kind = 'job'
            and (p.status in ('pending', 'held', 'captured')
              or (p.status = 'failed' and p.method_id = ${paymentMethod.id})))`,
        ),
      )
      .limit(CLAIM)
      .for("update", { of: job, skipLocked: true });
    const opened: PaymentRow[] = [];
    for (const row of jobs) {
      if (!row.customerId) continue;
      opened.push(
        await openAttempt(tx, {
          jobId: row.id,
          customerId: row.customerId,
          methodId: row.method,
          kind: "job",
          amountCents: row.price ?? 0,
          provider: provider.name,
        }),
      );
    }
    return opened;
  });
}

/** A hold the card refused: the customer is asked for another card, the landscaper told the visit waits. */
async function tellHoldFailed(db: Db, failed: PaymentRow) {
  const current = await loadJob(db, failed.jobId);
  const label = jobLabel(current.number);
  const reason = failed.failureCode
    ? (declineMessages[failed.failureCode as keyof typeof declineMessages] ?? declineMessages.card_declined)
    : declineMessages.card_declined;
  const when = current.scheduledDate ? formatLongDate(current.scheduledDate) : "the visit";
  await db.transaction(async (tx) => {
    await notify(tx, [
      ...(current.customerId
        ? [
            {
              userId: current.customerId,
              type: "payment" as const,
              message: `We could not hold ${formatCents(failed.amountCents)} on your card for ${label}: ${reason} Add a card in your profile to keep the visit on ${when}.`,
              link: "/dashboard/customer?tab=profile",
            },
          ]
        : []),
      ...(current.landscaperId
        ? [
            {
              userId: current.landscaperId,
              type: "payment" as const,
              message: `The customer's card for ${label} could not be held. The visit on ${when} waits until they add a new card.`,
              link: "/landscaper-dashboard",
            },
          ]
        : []),
    ]);
  });
}

/**
 * The weekly payouts: this week's written once its time has come, then every due transfer sent. The
 * landscaper hears of each payout; admins of one that failed for good (its amount is owed again next week).
 */
export async function runPayouts(
  options: PaymentPassOptions & {
    schedule: PayoutSchedule;
    env: Env;
    payNow?: boolean;
    auditActor?: AuditActor;
  },
) {
  const now = options.now?.() ?? new Date();
  const created = await createDuePayouts(options.db, now, options.schedule, {
    now: options.payNow ?? false,
    auditActor: options.auditActor,
  });
  const sent = await sendDuePayouts({
    db: options.db,
    provider: options.provider,
    log: options.log,
    now,
    tell: async (tx, { payout, outcome }) => {
      const amount = formatCents(payout.amountCents);
      if (outcome === "paid") {
        await notify(tx, [
          {
            userId: payout.landscaperId,
            type: "payment",
            message: `Your weekly payout of ${amount} is on its way to your bank.`,
            link: "/landscaper-dashboard?tab=earnings",
          },
        ]);
        return;
      }
      await notify(tx, [
        {
          userId: payout.landscaperId,
          type: "payment",
          message: `Your payout of ${amount} could not be sent: ${payout.failureMessage ?? "the bank refused it"} Our team will contact you.`,
          link: "/landscaper-dashboard?tab=earnings",
        },
      ]);
      await notifyAdmins(tx, options.env, {
        type: "payment",
        message: `A payout of ${amount} failed ${PAYOUT_ATTEMPTS} times: ${payout.failureMessage ?? "refused"}`,
        link: "/admin/payments",
      });
    },
  });
  return { created, ...sent };
}
