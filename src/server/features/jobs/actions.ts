import { and, eq, sql } from "drizzle-orm";
import { formatCharlotteClock, formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import { jobMessages, maxFinalPriceCents, priceRequestMessages } from "../../../shared/jobs.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import { firmPriceText } from "../../../shared/pricing.js";
import { photoMessages } from "../../../shared/proof.js";
import type { Frequency } from "../../../shared/recurring.js";
import { pauseMessages } from "../../../shared/reliability.js";
import { formatCents, jobLabel } from "../../../shared/services.js";
import type { DbOrTx } from "../../db/client.js";
import { jobDecline, jobReach, jobSeries } from "../../db/schema.js";
import { conflict, fieldInvalid, forbidden, notFound } from "../../lib/errors.js";
import { enqueueEmailIfOptedIn } from "../../lib/outbox/enqueue.js";
import type { Principal } from "../accounts/index.js";
import { findProfile } from "../landscapers/index.js";
import { notify, notifyAdmins } from "../notifications/index.js";
import { performPendingSoon, queueCancellationMoney } from "../payments/index.js";
import { declinedOnAssignment } from "../price-changes/index.js";
import { firmPriceAtAccept, firmPriceColumns } from "../pricing/index.js";
import { countPhotos } from "../proof/index.js";
import { firstVisitDate, offerSeries } from "../series/index.js";
import type { ActionOptions } from "./action-options.js";
import { customerDashboardUrl, jobAlerts, servicesOf } from "./alerts.js";
import { actionTime } from "./field-action.js";
import { assertAllowed, backToQueue, loadJob, move, recordEvent } from "./lifecycle.js";
import { makeOffer } from "./offers.js";
import type { JobRow } from "./views.js";

async function assertApprovedLandscaper(tx: DbOrTx, principal: Principal) {
  if (principal.isMaster && principal.role !== "landscaper")
    throw forbidden("Job actions are disabled in preview mode.");
  const profile = await findProfile(tx, principal.userId);
  if (profile?.status !== "approved") throw forbidden(jobMessages.notApproved);
  return profile;
}

/** In their area, or a request whose 12-hour re-announcement reached them beyond it (issue 38). */
async function assertInArea(
  tx: DbOrTx,
  profile: { userId: string; coveredZipCodes: string[] },
  current: JobRow,
) {
  if (profile.coveredZipCodes.includes(current.zipCode)) return;
  const [reached] = await tx
    .select({ id: jobReach.jobId })
    .from(jobReach)
    .where(and(eq(jobReach.jobId, current.id), eq(jobReach.landscaperId, profile.userId)));
  if (!reached) throw forbidden("This job is outside your service area.");
}

/**
 * The price of a landscaper's offer: a request's firm price (the box is not shown, and a different price is
 * refused: only the customer's yes changes it), else the price they typed.
 */
async function offerPrice(tx: DbOrTx, current: JobRow, typedCents: number | undefined) {
  // A request a landscaper prices needs no card and no series lookup.
  if (current.firmPriceCents === null) {
    if (typedCents === undefined) throw fieldInvalid("price", "Price is required.");
    return { firm: null, firstVisitCents: typedCents, perVisitCents: typedCents };
  }
  const series = current.seriesId
    ? await tx
        .select({ frequency: jobSeries.frequency })
        .from(jobSeries)
        .where(eq(jobSeries.id, current.seriesId))
    : [];
  const frequency = (series[0]?.frequency as Frequency | undefined) ?? "one_time";
  const firm = await firmPriceAtAccept(tx, current, frequency);
  if (!firm) throw new Error(`Job ${current.id} recorded a firm price without a size tier.`);
  if (typedCents !== undefined && typedCents !== firm.firstVisitCents && typedCents !== firm.perVisitCents)
    throw conflict(jobMessages.firmPrice(firmPriceText(firm, frequency)));
  return { firm, firstVisitCents: firm.firstVisitCents, perVisitCents: firm.perVisitCents };
}

/** A landscaper takes a pending job in their area at a price and date; the customer is asked to approve. */
export async function acceptJob(
  options: ActionOptions & {
    /** Not sent for a request with a firm price: that is the price. */
    priceCents?: number | undefined;
    scheduledDate?: string | undefined;
    /** A series: the visits' weekday (the first visit is then the first such day). */
    weekday?: number | undefined;
  },
) {
  const { db, env, principal } = options;
  return db.transaction(async (tx) => {
    const profile = await assertApprovedLandscaper(tx, principal);
    // The late lock-out paused them (a missed visit): no new jobs until an admin lifts it.
    if (profile.pausedAt) throw conflict(pauseMessages.acceptWhilePaused);
    const current = await loadJob(tx, options.jobId);
    if (current.status === "pending") await assertInArea(tx, profile, current);
    else if (current.landscaperId && current.landscaperId !== principal.userId) {
      throw conflict(jobMessages.takenByAnother);
    }
    const price = await offerPrice(tx, current, options.priceCents);
    const chosenDate = current.seriesId
      ? firstVisitDate({
          weekday: options.weekday,
          scheduledDate: options.scheduledDate,
          preferredDate: current.preferredDate,
          today: todayInCharlotte(),
        })
      : options.scheduledDate;
    const scheduledDate =
      chosenDate ??
      // A preferred date already in the past is moved to today.
      [current.preferredDate, todayInCharlotte()].sort().at(-1)!;
    // A firm-priced request stays open for several offers (issue 35): this pro's joins the others.
    if (price.firm && current.status === "pending")
      return makeOffer(tx, {
        env,
        current,
        landscaperId: principal.userId,
        profile,
        date: scheduledDate,
        price,
        firm: price.firm,
      });
    const updated = await move(tx, {
      current,
      action: "accept",
      actorId: principal.userId,
      set: {
        landscaperId: principal.userId,
        quotedPriceCents: price.firstVisitCents,
        ...(price.firm ? firmPriceColumns(price.firm) : {}),
        scheduledDate,
        // The database's clock, as the messages' created_at: a landscaper reads the conversation from here.
        acceptedAt: sql`now()`,
      },
      raceMessage: jobMessages.takenByAnother,
    });
    await tx
      .delete(jobDecline)
      .where(and(eq(jobDecline.jobId, current.id), eq(jobDecline.landscaperId, principal.userId)));
    if (updated.seriesId)
      await offerSeries(tx, {
        visit: updated,
        landscaperId: principal.userId,
        priceCents: price.perVisitCents,
      });
    const landscaperName = landscaperDisplayName(profile);
    await enqueueEmailIfOptedIn(tx, updated.customerEmail, {
      template: "job_match",
      name: updated.customerName,
      landscaperName,
      services: servicesOf(updated),
      price: formatCents(price.firstVisitCents),
      date: formatLongDate(scheduledDate),
      jobNumber: jobLabel(updated.number),
      dashboardUrl: customerDashboardUrl(env),
    });
    await notify(tx, jobAlerts.accepted(updated, { landscaperId: principal.userId, landscaperName }));
    return updated;
  });
}

/**
 * A landscaper passes on a pending job in their area (`declined`: it stays open for the others and leaves
 * their count of new jobs), or undoes that (it is among their new requests again). Doing either twice is
 * answered the same and recorded once.
 */
async function setDeclined(options: ActionOptions & { declined: boolean }) {
  const { db, principal } = options;
  const action = options.declined ? "decline" : "reconsider";
  return db.transaction(async (tx) => {
    const profile = await assertApprovedLandscaper(tx, principal);
    const current = await loadJob(tx, options.jobId);
    assertAllowed(action, current);
    await assertInArea(tx, profile, current);
    const mine = and(eq(jobDecline.jobId, current.id), eq(jobDecline.landscaperId, principal.userId));
    const changed = options.declined
      ? await tx
          .insert(jobDecline)
          .values({ jobId: current.id, landscaperId: principal.userId })
          .onConflictDoNothing()
          .returning()
      : await tx.delete(jobDecline).where(mine).returning();
    if (changed.length) {
      await recordEvent(tx, {
        jobId: current.id,
        action,
        actorId: principal.userId,
        fromStatus: current.status,
        note: options.declined
          ? "Declined by a landscaper; still open for others."
          : "A landscaper undid their decline.",
      });
    }
    return current;
  });
}

export const declineJob = (options: ActionOptions) => setDeclined({ ...options, declined: true });
export const reconsiderJob = (options: ActionOptions) => setDeclined({ ...options, declined: false });

/**
 * The assigned landscaper withdraws from a job they accepted (before or after the customer approved): the job
 * is open to other landscapers again, out of this one's new requests (as a decline they can undo), and any hold
 * on the customer's card is released. The customer and our team are told why. After the customer declined
 * their price change (`noMark`) it is recorded as leaving for that reason, which their record does not count.
 */
export async function withdrawJob(options: ActionOptions & { reason: string }) {
  const { db, env, principal } = options;
  const { updated, queued, offer, noMark } = await db.transaction(async (tx) => {
    await assertApprovedLandscaper(tx, principal);
    const current = await loadJob(tx, options.jobId);
    if (current.landscaperId !== principal.userId) throw notFound("Job not found.");
    // A series' visit is not withdrawn alone (it would stay the series' request with its old landscaper):
    // leaving the series puts its next visit back in the queue for another landscaper.
    if (current.seriesId)
      throw conflict(
        "This visit belongs to a series: leave the series instead, and it goes back to the queue.",
      );
    const noMark = await declinedOnAssignment(tx, current);
    const updated = await move(tx, {
      current,
      action: noMark ? "leave_after_price_decline" : "withdraw",
      actorId: principal.userId,
      set: backToQueue,
      note: options.reason,
    });
    await tx
      .insert(jobDecline)
      .values({ jobId: current.id, landscaperId: principal.userId })
      .onConflictDoNothing();
    const queued = await queueCancellationMoney(tx, {
      current,
      feeCents: 0,
      provider: options.provider.name,
    });
    const label = jobLabel(updated.number);
    // An offer the customer had not approved yet, or a job they booked: said apart, as the card's buttons are.
    const offer = current.status === "accepted";
    if (updated.customerId) {
      await notify(tx, [
        {
          userId: updated.customerId,
          type: "job",
          message: `${offer ? `A landscaper withdrew their offer for ${label}` : `Your landscaper withdrew from ${label}`}: ${options.reason} It is open to other landscapers again, and nothing was charged.`,
          link: "/dashboard/customer",
        },
      ]);
    }
    await notifyAdmins(tx, env, {
      type: "job",
      message: `A landscaper withdrew ${offer ? "their offer for" : "from"} ${label}: ${options.reason}`,
      link: "/admin/jobs",
    });
    return { updated, queued, offer, noMark };
  });
  if (queued)
    await performPendingSoon({ db, provider: options.provider, publicUrl: env.PUBLIC_URL }, queued.id);
  return { job: updated, offer, noMark };
}

/**
 * The final price a completion writes. At or below the agreed price it is the price; above it (bounded by
 * `maxFinalPriceCents`, with a reason) it is a request the customer answers, and the agreed price stands
 * until they say yes. A redo visit's completion asks again: an earlier answer was for an earlier price.
 */
export function finalPriceOf(
  current: JobRow,
  options: { finalPriceCents: number; reason?: string | undefined },
): Pick<
  JobRow,
  "finalPriceCents" | "requestedPriceCents" | "requestedPriceReason" | "priceIncreaseApprovedAt"
> {
  const agreed = current.quotedPriceCents ?? 0;
  const asked = options.finalPriceCents;
  if (asked <= agreed)
    return {
      finalPriceCents: asked,
      requestedPriceCents: null,
      requestedPriceReason: null,
      priceIncreaseApprovedAt: null,
    };
  const max = maxFinalPriceCents(agreed);
  if (asked > max)
    throw fieldInvalid("finalPrice", priceRequestMessages.tooHigh(formatCents(max), formatCents(agreed)));
  const reason = options.reason?.trim() ?? "";
  if (!reason) throw fieldInvalid("reason", priceRequestMessages.reasonNeeded);
  return {
    finalPriceCents: agreed,
    requestedPriceCents: asked,
    requestedPriceReason: reason,
    priceIncreaseApprovedAt: null,
  };
}

/** The assigned landscaper marks a scheduled job done at its final price. */
export async function completeJob(
  options: ActionOptions & {
    finalPriceCents: number;
    reason?: string | undefined;
    /** When it was marked done on the phone (issue 37), kept in the job event. */
    occurredAt?: string | undefined;
  },
) {
  const { db, env, principal } = options;
  return db.transaction(async (tx) => {
    const profile = await assertApprovedLandscaper(tx, principal);
    const current = await loadJob(tx, options.jobId);
    if (current.landscaperId !== principal.userId) {
      // A pending job is in every covering landscaper's queue: "not found" would be false there.
      if (current.status === "pending")
        throw conflict("This job has not been accepted yet, so it cannot be completed.");
      throw notFound("Job not found.");
    }
    // The generic "can no longer be completed" would be false here: it can, once the customer approves.
    if (current.status === "accepted")
      throw conflict("The customer has not approved this job yet, so it cannot be completed.");
    // A series visit is booked weeks ahead: completing one before its day would charge the customer for
    // work not done yet. (A one-time job may be done early by agreement; flows and tests rely on that.)
    if (
      current.status === "scheduled" &&
      current.seriesId &&
      current.scheduledDate &&
      current.scheduledDate > todayInCharlotte()
    )
      throw conflict(
        `This visit is on ${formatLongDate(current.scheduledDate)}; mark it complete from that day.`,
      );
    // The photos are the proof the customer approves (or disputes) before anything is charged.
    if (current.status === "scheduled" && (await countPhotos(tx, current.id, "after", current.visit)) === 0)
      throw fieldInvalid("photos", photoMessages.completeNeedsPhoto);
    // The customer's 48 hours to approve count from when they are told, so completedAt is when it arrives;
    // a completion sent later from a phone that was offline keeps its own time in the event's note.
    const now = new Date();
    const doneAt = actionTime(options.occurredAt, { now, notBefore: current.workStartedAt });
    const updated = await move(tx, {
      current,
      action: "complete",
      actorId: principal.userId,
      set: { ...finalPriceOf(current, options), completedAt: now },
      ...(doneAt < now ? { note: `Marked done on the phone at ${formatCharlotteClock(doneAt)}` } : {}),
    });
    await enqueueEmailIfOptedIn(tx, updated.customerEmail, {
      template: "job_complete",
      name: updated.customerName,
      landscaperName: landscaperDisplayName(profile),
      services: servicesOf(updated),
      price: formatCents(updated.finalPriceCents ?? 0),
      jobNumber: jobLabel(updated.number),
      dashboardUrl: customerDashboardUrl(env),
      ...(updated.requestedPriceCents !== null
        ? {
            requested: {
              price: formatCents(updated.requestedPriceCents),
              reason: updated.requestedPriceReason ?? "",
            },
          }
        : {}),
    });
    await notify(tx, jobAlerts.completed(updated, principal.userId));
    return updated;
  });
}
