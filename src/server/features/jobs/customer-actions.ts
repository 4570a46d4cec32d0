// The customer's actions on a job: approve the offer, cancel, rate. The landscaper's are in actions.ts.
import { isNull } from "drizzle-orm";
import { todayInCharlotte } from "../../../shared/dates.js";
import { reviewMessages } from "../../../shared/reviews.js";
import { formatCents, jobLabel, withArticle } from "../../../shared/services.js";
import { job } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { AppError, conflict, fieldInvalid, notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";
import { notify, notifyAdmins } from "../notifications/index.js";
import {
  cardToCharge,
  chargeTip,
  holdJobPrice,
  holdsAtApproval,
  isLateCancel,
  noCardMessage,
  performPendingSoon,
  queueCancellationMoney,
  releaseHold,
} from "../payments/index.js";
import { assertAllStars, reviewPlan, writeReview } from "../reviews/index.js";
import { activateSeries } from "../series/index.js";
import type { ActionOptions } from "./action-options.js";
import { jobAlerts, ratingNote } from "./alerts.js";
import { queueBookingConfirmation } from "./booking-confirmation.js";
import { assertAllowed, loadJob, move } from "./lifecycle.js";
import type { JobRow } from "./views.js";

function assertOwnCustomerJob(principal: Principal, current: JobRow) {
  if (current.customerId !== principal.userId) throw notFound("Job not found.");
}

/**
 * The customer approves the landscaper's price and date with a card on file: the job is scheduled. When the
 * visit is 6 days away or fewer the price is held on the card first, and a refused card books nothing;
 * otherwise the scheduled pass holds it 48 hours before the visit. The customer is emailed the booking with
 * its calendar file.
 */
export async function approveJob(options: ActionOptions & { cardId?: string | undefined }) {
  const { db, principal } = options;
  const money = { db, provider: options.provider, publicUrl: options.env.PUBLIC_URL };
  const current = await loadJob(db, options.jobId);
  assertOwnCustomerJob(principal, current);
  assertAllowed("approve", current);
  const card = await cardToCharge(db, principal.userId, options.cardId);
  if (!card) throw fieldInvalid("card", noCardMessage);
  const holds = current.scheduledDate !== null && holdsAtApproval(current.scheduledDate);
  if (holds) await holdJobPrice(money, { current, customerId: principal.userId, cardId: card.id });
  try {
    return await db.transaction(async (tx) => {
      const updated = await move(tx, {
        current: await loadJob(tx, options.jobId),
        action: "approve",
        actorId: principal.userId,
        set: { scheduledAt: new Date() },
      });
      await notify(tx, jobAlerts.approved(updated));
      // The first visit of a series: approving it approves the series, whose visits are created now.
      if (updated.seriesId) await activateSeries(tx, updated, todayInCharlotte());
      await queueBookingConfirmation(tx, options.env, updated);
      return updated;
    });
  } catch (error) {
    // The booking did not happen (the job changed meanwhile): its hold goes back, unless a second click
    // that lost the race shares the hold of the first, which booked.
    if (holds && (await loadJob(db, current.id)).status !== "scheduled") await releaseHold(money, current.id);
    throw error;
  }
}

/**
 * The customer (or an admin) cancels a job that is not done yet, with a reason. A customer cancelling
 * within 24 hours of the visit pays the cancellation fee (shown before they confirm: `acceptedFeeCents` is
 * the fee their screen showed, and a higher one is refused so they can look again); otherwise the hold is
 * released. An admin's cancellation never charges the customer.
 */
export async function cancelJob(
  options: ActionOptions & { reason: string; acceptedFeeCents?: number | undefined },
) {
  const { db, env, principal } = options;
  const { updated, queued } = await db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    if (!principal.isAdmin) assertOwnCustomerJob(principal, current);
    const byCustomer = principal.userId === current.customerId;
    // Once the crew is at the door the visit is under way: the customer talks to them, or reports a problem
    // with the work afterwards (our team can still cancel).
    if (byCustomer && current.status === "scheduled" && current.arrivedAt)
      throw conflict(
        "Your landscaper has already arrived, so this visit can no longer be cancelled. Message them, or report a problem once the work is marked complete.",
      );
    // On the way counts too: the landscaper has set off for this visit (issue 33: skipping was still offered).
    if (byCustomer && current.status === "scheduled" && current.onTheWayAt)
      throw conflict(
        "Your landscaper is already on the way, so this visit can no longer be cancelled or skipped. Message them if something has changed.",
      );
    const feeCents = byCustomer && isLateCancel(current) ? env.CANCELLATION_FEE_CENTS : 0;
    if (feeCents > (options.acceptedFeeCents ?? 0)) {
      throw new AppError(
        409,
        "fee_required",
        `The visit is less than 24 hours away, so ${withArticle(feeCents)} cancellation fee applies. Cancel again to confirm.`,
      );
    }
    const updated = await move(tx, {
      current,
      action: "cancel",
      actorId: principal.userId,
      set: { cancelReason: options.reason, cancelledAt: new Date() },
      note: feeCents ? `${options.reason} (cancellation fee ${formatCents(feeCents)})` : options.reason,
    });
    const queued = await queueCancellationMoney(tx, { current, feeCents, provider: options.provider.name });
    if (!byCustomer) {
      await recordAudit(tx, {
        actor: principal,
        action: "job.cancel",
        target: { type: "job", id: current.id, label: jobLabel(current.number) },
        reason: options.reason,
        before: {
          status: current.status,
          landscaperId: current.landscaperId,
          scheduledDate: current.scheduledDate,
        },
        after: { status: updated.status },
      });
    }
    await notify(tx, jobAlerts.cancelled(updated, { byUserId: principal.userId, reason: options.reason }));
    if (byCustomer) {
      await notifyAdmins(tx, env, {
        type: "job",
        message: `${updated.customerName} cancelled ${jobLabel(updated.number)}.`,
        link: "/admin/jobs",
      });
    }
    return { updated, queued };
  });
  // The release or the fee, after the commit; if the provider does not answer, the scheduled pass repeats it.
  if (queued)
    await performPendingSoon({ db, provider: options.provider, publicUrl: env.PUBLIC_URL }, queued.id);
  return updated;
}

/**
 * The customer rates a completed, charged visit once, within 14 days: quality stars (job.rating), an optional
 * comment and tip, and, in the same transaction, the review (issue 36) with punctuality and communication
 * stars. A visit of a series whose month already has its review records the stars and tip on the visit only.
 * Answers the job and the sentence to show, which says which of the two happened.
 */
export async function rateJob(
  options: ActionOptions & {
    rating: number;
    punctuality?: number | undefined;
    communication?: number | undefined;
    comment: string;
    tipCents: number;
    now?: Date | undefined;
  },
): Promise<{ job: JobRow; message: string }> {
  const { db, principal } = options;
  const now = options.now ?? new Date();
  const alreadyRated = reviewMessages.already;
  const before = await loadJob(db, options.jobId);
  assertOwnCustomerJob(principal, before);
  assertAllowed("rate", before);
  if (before.rating !== null) throw conflict(alreadyRated);
  const plan = await reviewPlan(db, before, now);
  if (plan.writesReview) assertAllStars(options);
  // The tip is its own charge to the saved card, made before the rating is written: a refused card leaves
  // the job unrated so the person can try again; a repeat finds the tip already charged.
  await chargeTip(
    { db, provider: options.provider, publicUrl: options.env.PUBLIC_URL },
    {
      current: before,
      customerId: principal.userId,
      tipCents: options.tipCents,
    },
  );
  return db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    assertOwnCustomerJob(principal, current);
    if (current.status === "completed" && current.rating !== null) throw conflict(alreadyRated);
    const updated = await move(tx, {
      current,
      action: "rate",
      actorId: principal.userId,
      set: {
        rating: options.rating,
        ratingComment: options.comment || null,
        tipCents: options.tipCents,
        ratedAt: now,
      },
      alsoWhere: isNull(job.rating),
      raceMessage: alreadyRated,
      note: ratingNote(options.rating, options.tipCents),
    });
    const reviewed =
      plan.writesReview && updated.landscaperId
        ? await writeReview(tx, {
            current: { ...updated, landscaperId: updated.landscaperId },
            quality: options.rating,
            punctuality: options.punctuality!,
            communication: options.communication!,
            body: options.comment,
            now,
          })
        : false;
    await notify(tx, jobAlerts.rated(updated, { tipCents: options.tipCents, reviewed }));
    const message =
      reviewed || !plan.seriesMonth ? reviewMessages.thanks : reviewMessages.seriesMonth(plan.seriesMonth);
    return { job: updated, message };
  });
}
