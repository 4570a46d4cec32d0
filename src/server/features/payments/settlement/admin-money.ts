import { and, desc, eq, sql } from "drizzle-orm";
import { formatCents, jobLabel } from "../../../../shared/services.js";
import type { DbOrTx } from "../../../db/client.js";
import { payment } from "../../../db/schema.js";
import { recordAudit } from "../../../lib/audit/record-audit.js";
import { conflict, fieldInvalid } from "../../../lib/errors.js";
import { enqueueEmail } from "../../../lib/outbox/enqueue.js";
import { type ActionOptions, customerDashboardUrl, loadJob, recordEvent } from "../../jobs/index.js";
import { notify } from "../../notifications/index.js";
import { type PaymentRow, performPending, queueAction } from "../charges.js";
import { livePayment, releaseHold } from "./money.js";
import { approvalBy, approveWorkOf } from "./work-approval.js";

const inProgress = "A payment change for this job is in progress. Try again in a minute.";

/**
 * What can still be refunded of a job's work: its captured charges (the price and any approved extra) not yet
 * refunded in full, latest first, and their sum. A refund and a dispute's full refund both read it.
 */
export async function refundableCharges(db: DbOrTx, jobId: string) {
  const charges = await db
    .select()
    .from(payment)
    .where(
      and(
        eq(payment.jobId, jobId),
        sql`${payment.kind} in ('job', 'extra')`,
        eq(payment.status, "captured"),
        sql`${payment.capturedCents} > ${payment.refundedCents}`,
      ),
    )
    .orderBy(desc(payment.capturedAt));
  const refundableCents = charges.reduce((sum, c) => sum + c.capturedCents - c.refundedCents, 0);
  return { charges, refundableCents };
}

/**
 * An admin refunds part or all of what the customer paid for a job's work, with a reason: the latest charge
 * first, then earlier ones; the ledger reverses the 25/75 split; the customer is emailed and the landscaper
 * told. Each refund is its own provider call keyed by the job and the refund's number.
 */
export async function refundJob(options: ActionOptions & { amountCents: number; reason: string }) {
  const { db, env, principal, provider } = options;
  const deps = { db, provider, publicUrl: env.PUBLIC_URL };
  const current = await loadJob(db, options.jobId);
  const { charges, refundableCents: refundable } = await refundableCharges(db, current.id);
  if (charges.some((c) => c.pendingAction)) throw conflict(inProgress);
  if (refundable === 0)
    throw conflict("Nothing has been charged for this job's work, so there is nothing to refund.");
  if (options.amountCents > refundable)
    throw fieldInvalid("amount", `At most ${formatCents(refundable)} can be refunded for this job.`);

  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`ledger_transaction`)
    .where(sql`job_id = ${current.id} and kind = 'refund'`);
  let left = options.amountCents;
  const queued: PaymentRow[] = [];
  for (const charge of charges) {
    if (left === 0) break;
    const part = Math.min(left, charge.capturedCents - charge.refundedCents);
    const row = await queueAction(db, {
      paymentId: charge.id,
      action: "refund",
      amountCents: part,
      key: `job:${current.id}:refund:${n + 1}:${charge.id}`,
    });
    if (!row) throw conflict(inProgress);
    queued.push(row);
    left -= part;
  }
  for (const row of queued) await performPending(deps, row.id);

  const amount = formatCents(options.amountCents);
  await db.transaction(async (tx) => {
    const fresh = await loadJob(tx, current.id);
    await recordEvent(tx, {
      jobId: current.id,
      action: "refund",
      actorId: principal.userId,
      fromStatus: fresh.status,
      note: `${amount} refunded: ${options.reason}`,
    });
    await recordAudit(tx, {
      actor: principal,
      action: "job.refund",
      target: { type: "job", id: current.id, label: jobLabel(current.number) },
      reason: options.reason,
      before: { refundableCents: refundable },
      after: { refundedCents: options.amountCents, refundableCents: refundable - options.amountCents },
    });
    await enqueueEmail(tx, fresh.customerEmail, {
      template: "refund",
      name: fresh.customerName,
      jobNumber: jobLabel(fresh.number),
      amount,
      reason: options.reason,
      dashboardUrl: customerDashboardUrl(env),
    });
    await notify(tx, [
      ...(fresh.customerId
        ? [
            {
              userId: fresh.customerId,
              type: "payment" as const,
              message: `We refunded ${amount} for ${jobLabel(fresh.number)}: ${options.reason}`,
              link: "/dashboard/customer",
            },
          ]
        : []),
      ...(fresh.landscaperId
        ? [
            {
              userId: fresh.landscaperId,
              type: "payment" as const,
              message: `${amount} of ${jobLabel(fresh.number)} was refunded to the customer; your earnings were adjusted.`,
              link: "/landscaper-dashboard?tab=earnings",
            },
          ]
        : []),
    ]);
  });
  return loadJob(db, current.id);
}

/** Reported work an admin judges done: approved on the customer's behalf, and charged. */
export function chargeReportedWork(options: ActionOptions) {
  return approveWorkOf({ ...approvalBy(options), overrideReport: true, auditActor: options.principal });
}

/** Reported work an admin judges not worth paying for: the hold is released and nothing is charged. */
export async function releaseReportedPayment(options: ActionOptions) {
  const { db, env, principal, provider } = options;
  const current = await loadJob(db, options.jobId);
  const live = await livePayment(db, current.id);
  if (current.status !== "completed" || !current.problemReportedAt || live?.status !== "held")
    throw conflict("Only the hold of reported work that has not been charged can be released.");
  await releaseHold({ db, provider, publicUrl: env.PUBLIC_URL }, current.id);
  await db.transaction(async (tx) => {
    await recordEvent(tx, {
      jobId: current.id,
      action: "release_payment",
      actorId: principal.userId,
      fromStatus: current.status,
      note: "Hold released after a reported problem; nothing charged.",
    });
    await recordAudit(tx, {
      actor: principal,
      action: "job.release_payment",
      target: { type: "job", id: current.id, label: jobLabel(current.number) },
      before: { payment: "held" },
      after: { payment: "released", chargedCents: 0 },
    });
    await notify(tx, [
      ...(current.customerId
        ? [
            {
              userId: current.customerId,
              type: "payment" as const,
              message: `We looked into ${jobLabel(current.number)}: the hold on your card is released and nothing is charged.`,
              link: "/dashboard/customer",
            },
          ]
        : []),
      ...(current.landscaperId
        ? [
            {
              userId: current.landscaperId,
              type: "payment" as const,
              message: `After the reported problem with ${jobLabel(current.number)}, the customer is not charged.`,
              link: "/landscaper-dashboard",
            },
          ]
        : []),
    ]);
  });
  return loadJob(db, current.id);
}
