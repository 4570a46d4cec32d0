import { and, isNull } from "drizzle-orm";
import { jobLabel } from "../../../shared/services.js";
import type { Db } from "../../db/client.js";
import { job } from "../../db/schema.js";
import { conflict, notFound } from "../../lib/errors.js";
import { notify } from "../notifications/index.js";
import type { PaymentProvider } from "../payments/index.js";
import type { ActionOptions } from "./actions.js";
import { loadJob, move } from "./lifecycle.js";
import { queueCapture, settleApprovedWork } from "./money.js";
import type { JobRow } from "./views.js";

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
}): Promise<JobRow> {
  const { db } = options;
  const { updated, queued, byCustomer } = await db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    if (options.customerOnly && current.customerId !== options.customerOnly) throw notFound("Job not found.");
    const decided = current.workApprovedAt || (current.problemReportedAt && !options.overrideReport);
    if (current.status === "completed" && decided) throw conflict(alreadyDecided);
    const updated = await move(tx, {
      current,
      action: "approve_work",
      // 48 hours of silence: the history names no one.
      actorId: options.actorId,
      set: { workApprovedAt: new Date() },
      alsoWhere: options.overrideReport
        ? isNull(job.workApprovedAt)
        : and(isNull(job.workApprovedAt), isNull(job.problemReportedAt)),
      raceMessage: alreadyDecided,
      note: options.overrideReport
        ? "Approved by our team after the reported problem."
        : options.actorId
          ? "Approved by the customer."
          : "Approved automatically 48 hours after completion.",
    });
    const queued = await queueCapture(tx, updated);
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
    return { updated, queued, byCustomer: options.actorId !== null };
  });
  await settleApprovedWork(
    { db, provider: options.provider, publicUrl: options.publicUrl },
    { current: updated, queued, approvedDifference: byCustomer },
  ).catch(() => undefined);
  return updated;
}

/** The customer approves the work they saw: the final price is charged. */
export function approveWork(options: ActionOptions) {
  return approveWorkOf({
    db: options.db,
    provider: options.provider,
    publicUrl: options.env.PUBLIC_URL,
    jobId: options.jobId,
    actorId: options.principal.userId,
    customerOnly: options.principal.userId,
  });
}
