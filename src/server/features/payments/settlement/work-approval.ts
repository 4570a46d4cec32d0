import { and, isNull } from "drizzle-orm";
import { priceRequestMessages } from "../../../../shared/jobs.js";
import { formatCents, jobLabel } from "../../../../shared/services.js";
import type { Db } from "../../../db/client.js";
import { job } from "../../../db/schema.js";
import { type AuditActor, recordAudit } from "../../../lib/audit/record-audit.js";
import { conflict, notFound } from "../../../lib/errors.js";
import { type ActionOptions, type JobRow, loadJob, move } from "../../jobs/index.js";
import { notify } from "../../notifications/index.js";
import type { PaymentProvider } from "../providers/index.js";
import { queueCapture, settleApprovedWork } from "./money.js";

export const alreadyDecided = "This job's work has already been approved or reported.";

/**
 * The work is approved, by its customer or by 48 hours of silence (`actorId` null): one transaction records
 * it and writes down the capture; the capture itself runs after the commit (and again from the scheduled
 * pass if this instance stops in between), so the price is charged once.
 */
export async function approveWorkOf(options: {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  jobId: string;
  actorId: string | null;
  customerOnly?: string;
  /** An admin deciding reported work was done: approved despite the report. */
  overrideReport?: boolean;
  /** That admin, for the audit trail's row written with the approval. */
  auditActor?: AuditActor;
  /**
   * The customer's yes to the higher final price the landscaper asked (only `customerOnly` callers may give
   * it): without it the agreed price is charged, whoever approves.
   */
  acceptNewPrice?: boolean;
  /** The customer's own yes to showing the after-photos in the landscaper's public gallery. */
  showPhotos?: boolean;
}): Promise<JobRow> {
  const { db } = options;
  const { updated, queued } = await db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    if (options.customerOnly && current.customerId !== options.customerOnly) throw notFound("Job not found.");
    const decided = current.workApprovedAt || (current.problemReportedAt && !options.overrideReport);
    if (current.status === "completed" && decided) throw conflict(alreadyDecided);
    const acceptsRequest = Boolean(options.acceptNewPrice && options.customerOnly);
    if (acceptsRequest && current.requestedPriceCents === null)
      throw conflict(priceRequestMessages.noRequest);
    const updated = await move(tx, {
      current,
      action: "approve_work",
      // 48 hours of silence: the history names no one.
      actorId: options.actorId,
      set: {
        workApprovedAt: new Date(),
        ...(acceptsRequest
          ? { priceIncreaseApprovedAt: new Date(), finalPriceCents: current.requestedPriceCents }
          : {}),
        // Only the customer's own approval can open the gallery: silence or an admin never does.
        ...(options.showPhotos && options.customerOnly ? { photosPublicAt: new Date() } : {}),
      },
      alsoWhere: options.overrideReport
        ? isNull(job.workApprovedAt)
        : and(isNull(job.workApprovedAt), isNull(job.problemReportedAt)),
      raceMessage: alreadyDecided,
      note: approvalNote(current, options, acceptsRequest),
    });
    const queued = await queueCapture(tx, updated);
    if (options.auditActor) {
      await recordAudit(tx, {
        actor: options.auditActor,
        action: "job.charge_reported",
        target: { type: "job", id: current.id, label: jobLabel(current.number) },
        before: { workApproved: false, problemReported: Boolean(current.problemReportedAt) },
        after: { workApproved: true, chargeCents: updated.finalPriceCents ?? updated.quotedPriceCents },
      });
    }
    if (updated.landscaperId) {
      await notify(tx, [
        {
          userId: updated.landscaperId,
          type: "payment",
          message: `${jobLabel(updated.number)}: the work was approved and the payment is being collected.`,
          link: "/landscaper-dashboard",
        },
      ]);
    }
    return { updated, queued };
  });
  await settleApprovedWork(
    { db, provider: options.provider, publicUrl: options.publicUrl },
    { current: updated, queued },
  ).catch(() => undefined);
  return updated;
}

/** The history's line: who approved, and at which price when the landscaper asked for more. */
function approvalNote(
  current: JobRow,
  options: { actorId: string | null; overrideReport?: boolean },
  acceptsRequest: boolean,
): string {
  const who = options.overrideReport
    ? "Approved by our team after the reported problem"
    : options.actorId
      ? "Approved by the customer"
      : "Approved automatically 48 hours after completion";
  if (current.requestedPriceCents === null) return `${who}.`;
  const asked = formatCents(current.requestedPriceCents);
  return acceptsRequest
    ? `${who} at the new price of ${asked}.`
    : `${who} at the agreed price of ${formatCents(current.quotedPriceCents ?? 0)}; the ${asked} asked was not approved.`;
}

/**
 * The customer approves the work they saw: the final price is charged, or the higher price the landscaper
 * asked when the customer says yes to it.
 */
export function approveWork(options: ActionOptions & { acceptNewPrice?: boolean; showPhotos?: boolean }) {
  return approveWorkOf({
    ...approvalBy(options),
    customerOnly: options.principal.userId,
    acceptNewPrice: options.acceptNewPrice,
    showPhotos: options.showPhotos,
  });
}

/** approveWorkOf's options for an approval a person asks for through a route (the customer, or an admin). */
export function approvalBy(options: ActionOptions) {
  return {
    db: options.db,
    provider: options.provider,
    publicUrl: options.env.PUBLIC_URL,
    jobId: options.jobId,
    actorId: options.principal.userId,
  };
}
