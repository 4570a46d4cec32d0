import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { formatLongDate } from "../../../shared/dates.js";
import { type ProblemReason, problemReasonLabel, type Resolution } from "../../../shared/proof.js";
import { formatCents, jobLabel } from "../../../shared/services.js";
import type { Tx } from "../../db/client.js";
import { job } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { conflict, notFound } from "../../lib/errors.js";
import { type ActionOptions, type JobRow, loadJob, move, recordEvent, tellPerson } from "../jobs/index.js";
import { notifyAdmins } from "../notifications/index.js";
import {
  alreadyDecided,
  chargeReportedWork,
  livePayment,
  refundableCharges,
  refundJob,
  releaseReportedPayment,
} from "../payments/index.js";

const notOpen = "This job has no open problem report.";
/** A dispute that is open: reported on this job and not yet resolved. */
const isOpen = (row: JobRow) =>
  row.status === "completed" && row.disputeReportedAt !== null && row.disputeResolvedAt === null;
const openGuard = and(isNotNull(job.disputeReportedAt), isNull(job.disputeResolvedAt));

/**
 * The customer reports a problem with the finished work: the job is disputed, the capture waits (nothing is
 * charged until the landscaper's redo or our team's decision), and the landscaper and admins are told.
 */
export async function reportProblem(options: ActionOptions & { reason: ProblemReason; note: string }) {
  const { db, env, principal } = options;
  return db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    if (current.customerId !== principal.userId) throw notFound("Job not found.");
    if (current.status === "completed" && (current.workApprovedAt || current.problemReportedAt))
      throw conflict(alreadyDecided);
    const now = new Date();
    const updated = await move(tx, {
      current,
      action: "report_problem",
      actorId: principal.userId,
      set: {
        problemReportedAt: now,
        problemNote: options.note,
        problemReason: options.reason,
        disputeReportedAt: now,
        // A new report starts a new dispute: an earlier one's redo and resolution are in the history.
        redoDate: null,
        redoNote: null,
        redoOfferedAt: null,
        redoDeclinedAt: null,
        disputeResolution: null,
        disputeResolutionNote: null,
        disputeResolvedAt: null,
      },
      alsoWhere: and(isNull(job.workApprovedAt), isNull(job.problemReportedAt)),
      raceMessage: alreadyDecided,
      note: `${problemReasonLabel[options.reason]}: ${options.note}`,
    });
    const label = jobLabel(updated.number);
    const held = await livePayment(tx, updated.id);
    await notifyAdmins(tx, env, {
      type: "dispute",
      message: `${updated.customerName} reported a problem with ${label}${held?.status === "held" ? "; its payment is held" : ""}: ${options.note.slice(0, 140)}`,
      link: `/admin/resolutions?job=${updated.id}`,
    });
    await tellPerson(tx, env, {
      userId: updated.landscaperId,
      party: "landscaper",
      type: "dispute",
      jobNumber: label,
      message: `${updated.customerName} reported a problem with ${label} (${problemReasonLabel[options.reason].toLowerCase()}). You can offer a redo visit from your dashboard.`,
      subject: `A problem was reported with ${label}`,
      more: [`What they wrote: ${options.note}`],
    });
    await tellPerson(tx, env, {
      userId: updated.customerId,
      party: "customer",
      type: "dispute",
      jobNumber: label,
      message: `We received your report about ${label}. Nothing is charged until it is sorted out.`,
      subject: `We received your report about ${label}`,
    });
    return updated;
  });
}

/** The job's landscaper offers to come back on a date (again after a declined offer). */
export async function offerRedo(options: ActionOptions & { date: string; note: string }) {
  const { db, env, principal } = options;
  return db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    if (current.landscaperId !== principal.userId) throw notFound("Job not found.");
    if (!isOpen(current)) throw conflict(notOpen);
    if (current.redoOfferedAt && !current.redoDeclinedAt)
      throw conflict("You have already offered a redo visit; the customer has not answered yet.");
    const updated = await move(tx, {
      current,
      action: "offer_redo",
      actorId: principal.userId,
      set: {
        redoDate: options.date,
        redoNote: options.note || null,
        redoOfferedAt: new Date(),
        redoDeclinedAt: null,
      },
      alsoWhere: openGuard,
      raceMessage: notOpen,
      note: `Redo visit offered for ${formatLongDate(options.date)}${options.note ? `: ${options.note}` : ""}`,
    });
    const label = jobLabel(updated.number);
    await tellPerson(tx, env, {
      userId: updated.customerId,
      party: "customer",
      type: "dispute",
      jobNumber: label,
      message: `Your landscaper offered to come back on ${formatLongDate(options.date)} to put ${label} right. Accept or decline it on your dashboard.`,
      subject: `A redo visit is offered for ${label}`,
      more: options.note ? [`Their note: ${options.note}`] : [],
    });
    return updated;
  });
}

/**
 * The job goes back to its landscaper's schedule for another visit on `date`: a new visit number (its own
 * photos and arrival times), the first visit's completion and approval cleared, the payment's hold kept.
 */
async function scheduleRedo(
  tx: Tx,
  options: { current: JobRow; date: string; actorId: string; note: string; resolutionNote: string },
) {
  const now = new Date();
  return move(tx, {
    current: options.current,
    action: "redo",
    actorId: options.actorId,
    set: {
      visit: options.current.visit + 1,
      scheduledDate: options.date,
      completedAt: null,
      workApprovedAt: null,
      problemReportedAt: null,
      onTheWayAt: null,
      etaAt: null,
      arrivedAt: null,
      workStartedAt: null,
      redoDate: options.date,
      disputeResolution: "redo",
      disputeResolutionNote: options.resolutionNote,
      disputeResolvedAt: now,
    },
    alsoWhere: openGuard,
    raceMessage: notOpen,
    note: options.note,
  });
}

/** The customer takes the redo visit offered, or declines it (then our team decides). */
export async function answerRedo(options: ActionOptions & { accept: boolean }) {
  const { db, env, principal } = options;
  return db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    if (current.customerId !== principal.userId) throw notFound("Job not found.");
    if (!isOpen(current) || !current.redoOfferedAt || current.redoDeclinedAt || !current.redoDate)
      throw conflict("There is no redo visit offer to answer.");
    const label = jobLabel(current.number);
    const day = formatLongDate(current.redoDate);
    if (options.accept) {
      const updated = await scheduleRedo(tx, {
        current,
        date: current.redoDate,
        actorId: principal.userId,
        note: `Redo visit accepted for ${day}`,
        resolutionNote: `Redo visit on ${day}, agreed by the customer.`,
      });
      await tellPerson(tx, env, {
        userId: updated.landscaperId,
        party: "landscaper",
        type: "dispute",
        jobNumber: label,
        message: `${updated.customerName} accepted your redo visit for ${label} on ${day}. It is on your schedule.`,
        subject: `Redo visit accepted for ${label}`,
      });
      return updated;
    }
    const updated = await move(tx, {
      current,
      action: "decline_redo",
      actorId: principal.userId,
      set: { redoDeclinedAt: new Date() },
      alsoWhere: openGuard,
      raceMessage: notOpen,
      note: `Redo visit for ${day} declined`,
    });
    await tellPerson(tx, env, {
      userId: updated.landscaperId,
      party: "landscaper",
      type: "dispute",
      jobNumber: label,
      message: `${updated.customerName} declined the redo visit for ${label}. Our team will look into it.`,
      subject: `Redo visit declined for ${label}`,
    });
    await notifyAdmins(tx, env, {
      type: "dispute",
      message: `${updated.customerName} declined the redo visit for ${label}; the report needs a decision.`,
      link: `/admin/resolutions?job=${updated.id}`,
    });
    return updated;
  });
}

const resolvedFor = {
  customer: (resolution: Resolution, label: string, amount: string) =>
    ({
      redo: `Our team scheduled a redo visit for ${label}.`,
      partial_refund: `Our team resolved your report about ${label}: ${amount} is refunded to your card.`,
      full_refund: `Our team resolved your report about ${label}: you are not charged for the work.`,
      release_payment: `Our team resolved your report about ${label}: the work is charged as agreed.`,
    })[resolution],
  landscaper: (resolution: Resolution, label: string, amount: string) =>
    ({
      redo: `Our team scheduled a redo visit for ${label}; it is on your schedule.`,
      partial_refund: `Our team resolved the report about ${label}: ${amount} is refunded to the customer and your earnings adjusted.`,
      full_refund: `Our team resolved the report about ${label}: the customer is not charged.`,
      release_payment: `Our team resolved the report about ${label}: the payment is released to you.`,
    })[resolution],
};

/**
 * An admin resolves an open dispute. The resolution is claimed first (one conditional update, so two
 * admins cannot both resolve it); the money then moves through the ledger (a partial refund is the work
 * charged, then that amount refunded); a failure there gives the claim back and changes nothing else.
 */
export async function resolveDispute(
  options: ActionOptions & { resolution: Resolution; date?: string; amountCents?: number; note: string },
) {
  const { db, principal, resolution } = options;
  const current = await loadJob(db, options.jobId);
  if (!isOpen(current)) throw conflict(notOpen);
  if (resolution === "redo") {
    return db.transaction(async (tx) => {
      const day = formatLongDate(options.date!);
      const updated = await scheduleRedo(tx, {
        current: await loadJob(tx, current.id),
        date: options.date!,
        actorId: principal.userId,
        note: `Resolved by our team: redo visit on ${day}. ${options.note}`,
        resolutionNote: options.note,
      });
      await tellBoth(tx, options, updated, resolution, "");
      await recordAudit(tx, {
        actor: principal,
        action: "job.resolve",
        target: { type: "job", id: current.id, label: jobLabel(current.number) },
        reason: options.note,
        before: { status: current.status, dispute: "open" },
        after: { resolution, redoDate: options.date },
      });
      return updated;
    });
  }

  const [claimed] = await db
    .update(job)
    .set({
      disputeResolution: resolution,
      disputeResolutionNote: options.note,
      disputeResolvedAt: new Date(),
    })
    .where(and(eq(job.id, current.id), eq(job.status, "completed"), openGuard))
    .returning();
  if (!claimed) throw conflict(notOpen);
  let amount = "";
  try {
    if (resolution === "release_payment" || resolution === "partial_refund") {
      if (!current.workApprovedAt) await chargeReportedWork(options);
      if (resolution === "partial_refund") {
        amount = formatCents(options.amountCents ?? 0);
        await refundJob({ ...options, amountCents: options.amountCents ?? 0, reason: options.note });
      }
    } else {
      const live = await livePayment(db, current.id);
      if (live?.status === "held") await releaseReportedPayment(options);
      else {
        // Everything still captured for the work, as the refund itself counts it.
        const { refundableCents } = await refundableCharges(db, current.id);
        if (refundableCents > 0) {
          amount = formatCents(refundableCents);
          await refundJob({ ...options, amountCents: refundableCents, reason: options.note });
        }
      }
    }
  } catch (error) {
    await db
      .update(job)
      .set({ disputeResolution: null, disputeResolutionNote: null, disputeResolvedAt: null })
      .where(eq(job.id, current.id));
    throw error;
  }
  return db.transaction(async (tx) => {
    const fresh = await loadJob(tx, current.id);
    await recordEvent(tx, {
      jobId: fresh.id,
      action: "resolve",
      actorId: principal.userId,
      fromStatus: fresh.status,
      note: `${resolution.replace("_", " ")}${amount ? ` (${amount})` : ""}: ${options.note}`,
    });
    await tellBoth(tx, options, fresh, resolution, amount);
    await recordAudit(tx, {
      actor: principal,
      action: "job.resolve",
      target: { type: "job", id: current.id, label: jobLabel(current.number) },
      reason: options.note,
      before: { status: current.status, dispute: "open" },
      after: { resolution, ...(amount ? { refunded: amount } : {}) },
    });
    return fresh;
  });
}

async function tellBoth(
  tx: Tx,
  options: ActionOptions & { note: string },
  row: JobRow,
  resolution: Resolution,
  amount: string,
) {
  const label = jobLabel(row.number);
  const more = [`Our team's note: ${options.note}`];
  await tellPerson(tx, options.env, {
    userId: row.customerId,
    party: "customer",
    type: "dispute",
    jobNumber: label,
    message: resolvedFor.customer(resolution, label, amount),
    subject: `Your report about ${label} is resolved`,
    more,
  });
  await tellPerson(tx, options.env, {
    userId: row.landscaperId,
    party: "landscaper",
    type: "dispute",
    jobNumber: label,
    message: resolvedFor.landscaper(resolution, label, amount),
    subject: `The report about ${label} is resolved`,
    more,
  });
}
