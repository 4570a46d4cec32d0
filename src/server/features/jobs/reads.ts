import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { todayInCharlotte } from "../../../shared/dates.js";
import type { JobView } from "../../../shared/jobs.js";
import { cardLabel, freeCancellationEnds, type JobPaymentView } from "../../../shared/payments.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { job, landscaper, payment, paymentMethod } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";
import { unreadByJob } from "../conversations/index.js";
import { landscaperNameSql, reliabilityOf } from "../landscapers/index.js";
import { feesTaken, isLateCancel } from "../payments/index.js";
import { priceChangesFor } from "../price-changes/index.js";
import { photosByJob } from "../proof/index.js";
import { jobReviews, reviewSummaries } from "../reviews/index.js";
import { seriesSummaries } from "../series/index.js";
import { offersOf } from "./offers.js";
import { assigned, contactApproved, jobViewColumns, toJobView } from "./views.js";

/**
 * The customer's requests, newest first, each with its payment and the fee cancelling it now would cost
 * (`cancellationFeeCents`, the setting).
 */
export async function listCustomerJobs({
  db,
  customerId,
  cancellationFeeCents,
  approvalHours,
}: {
  db: Db;
  customerId: string;
  cancellationFeeCents: number;
  approvalHours: number;
}): Promise<JobView[]> {
  const rows = await db
    .select({
      job: jobViewColumns,
      landscaperId: job.landscaperId,
      landscaperName: landscaperNameSql(assigned.name),
    })
    .from(job)
    .leftJoin(assigned, eq(assigned.id, job.landscaperId))
    .leftJoin(landscaper, eq(landscaper.userId, job.landscaperId))
    .where(eq(job.customerId, customerId))
    .orderBy(desc(job.createdAt))
    .limit(200);
  const money = await paymentViews(
    db,
    rows.map((r) => r.job.id),
  );
  // The offers waiting for their approval carry the landscaper's record (one query for all of them).
  const offeredBy = rows.filter((r) => r.job.status === "accepted" && r.landscaperId);
  const reliability = await reliabilityOf(
    db,
    offeredBy.map((r) => r.landscaperId!),
  );
  const reviewsOf = await reviewSummaries({ db, landscaperIds: offeredBy.map((r) => r.landscaperId!) });
  // The pros' offers waiting on open firm-priced requests (issue 35), each with the pro's record.
  const offers = await offersOf(
    db,
    rows.filter((r) => r.job.status === "pending" && r.job.firmPriceCents !== null).map((r) => r.job),
  );
  const now = new Date();
  return withProof(
    db,
    { userId: customerId, approvalHours },
    rows.map((r) => ({
      ...toJobView(r.job, { landscaperName: r.landscaperName }),
      ...(r.job.status === "pending" && r.job.firmPriceCents !== null
        ? { offers: (offers.get(r.job.id) ?? []).map((o) => ({ ...o, cancellationFeeCents })) }
        : {}),
      ...(r.job.status === "accepted" && r.landscaperId
        ? {
            landscaperReliability: reliability.get(r.landscaperId) ?? null,
            landscaperReviews: reviewsOf.get(r.landscaperId) ?? null,
          }
        : {}),
      payment: money.get(r.job.id) ?? null,
      cancelFeeCents: isLateCancel(r.job, now) ? cancellationFeeCents : 0,
      // The rule the booking email states (jobs/booking-terms.ts), for the dialog and the booked card to say.
      cancellation:
        (r.job.status === "accepted" || r.job.status === "scheduled") && r.job.scheduledDate
          ? {
              freeUntil: freeCancellationEnds(r.job.scheduledDate).toISOString(),
              feeCents: cancellationFeeCents,
            }
          : null,
    })),
  );
}

/** What each job's customer sees of its money: the price's hold or charge, the tip, a cancellation fee. */
async function paymentViews(db: Db, jobIds: string[]): Promise<Map<string, JobPaymentView>> {
  const views = new Map<string, JobPaymentView>();
  if (jobIds.length === 0) return views;
  const rows = await db
    .select({ payment, brand: paymentMethod.brand, last4: paymentMethod.last4 })
    .from(payment)
    .leftJoin(paymentMethod, eq(paymentMethod.id, payment.methodId))
    .where(inArray(payment.jobId, jobIds))
    .orderBy(asc(payment.createdAt));
  for (const { payment: p, brand, last4 } of rows) {
    const view = views.get(p.jobId) ?? {
      status: "pending" as const,
      amountCents: 0,
      capturedCents: 0,
      refundedCents: 0,
      card: null,
      failureMessage: null,
      tipCents: 0,
      feeCents: 0,
    };
    if (p.kind === "job") {
      // The latest attempt speaks for the price (an earlier refused card is history).
      Object.assign(view, {
        status: p.status,
        amountCents: p.amountCents,
        capturedCents: p.capturedCents,
        refundedCents: p.refundedCents,
        card: brand && last4 ? cardLabel({ brand, last4 }) : null,
        failureMessage: p.failureMessage,
      });
    } else if (p.kind === "extra") {
      view.capturedCents += p.capturedCents;
      view.refundedCents += p.refundedCents;
    } else if (p.kind === "tip") {
      view.tipCents += p.capturedCents;
    }
    views.set(p.jobId, view);
  }
  // The fee as the ledger took it: a fee taken from the hold is a capture of the job's own payment, which
  // counting the 'fee' payments alone reported as 0.
  const fees = await feesTaken(
    db,
    rows.map((r) => r.payment.id),
  );
  for (const { payment: p } of rows) {
    const fee = fees.get(p.id);
    if (fee) views.get(p.jobId)!.feeCents += fee;
  }
  return views;
}

/** The customer's next scheduled visit from today on, if any. */
export async function nextScheduledJob({
  db,
  customerId,
}: {
  db: Db;
  customerId: string;
}): Promise<JobView | null> {
  const [row] = await db
    .select()
    .from(job)
    .where(
      and(
        eq(job.customerId, customerId),
        eq(job.status, "scheduled"),
        sql`${job.scheduledDate} >= ${todayInCharlotte()}`,
      ),
    )
    .orderBy(job.scheduledDate)
    .limit(1);
  return row ? toJobView(row) : null;
}

/**
 * Who may see a job's photo: its customer, admins, and its landscaper once the customer approved them (the
 * contact details' rule: a photo of the front of a house, with its neighbourhood, is an address).
 */
export async function photoOf({ db, principal, jobId }: { db: Db; principal: Principal; jobId: string }) {
  const [current] = await db.select().from(job).where(eq(job.id, jobId));
  if (!current) throw notFound("Job not found.");
  const allowed =
    principal.isAdmin ||
    current.customerId === principal.userId ||
    (current.landscaperId === principal.userId && contactApproved(current));
  if (!allowed || !current.photoKey) throw notFound("Photo not found.");
  return { key: current.photoKey, contentType: current.photoContentType ?? "application/octet-stream" };
}

/**
 * What the people on a job see beyond its row: its photos, their unread messages, its price change and its
 * series, read for a
 * whole list in a few queries; jobs shown without their contact details (someone else's, in a queue) get only
 * the series (its frequency). The
 * approval deadline follows the WORK_APPROVAL_HOURS setting.
 */
export async function withProof(
  db: DbOrTx,
  options: { userId: string; approvalHours: number },
  views: JobView[],
): Promise<JobView[]> {
  // Someone else's request (hidden and open) gets none of this; the landscaper's own offer waiting for the
  // customer's approval is hidden too but theirs: its conversation is open, so it has unread messages.
  const party = (v: JobView) => !v.contactHidden || v.status !== "pending";
  const ids = views.filter(party).map((v) => v.id);
  const [photos, unread, priceChanges, series, reviews] = await Promise.all([
    photosByJob(db, ids),
    unreadByJob(db, options.userId, ids),
    priceChangesFor(db, { viewerId: options.userId, jobIds: ids }),
    // Every job's series, also a request in someone's queue (its card says 'Weekly').
    seriesSummaries(
      db,
      views.flatMap((v) => (v.seriesId ? [v.seriesId] : [])),
    ),
    // A completed visit's reviews for its two sides; an open request's customer average for the queue.
    jobReviews({
      db,
      viewerId: options.userId,
      jobIds: views.map((v) => v.id),
    }),
  ]);
  return views.map((view) => {
    const withSeries = {
      ...view,
      series: view.seriesId ? (series.get(view.seriesId) ?? null) : null,
      ...reviews.get(view.id),
    };
    if (!party(view)) return withSeries;
    const approvalEndsAt =
      view.approvalEndsAt && view.completedAt
        ? new Date(new Date(view.completedAt).getTime() + options.approvalHours * 3_600_000).toISOString()
        : (view.approvalEndsAt ?? null);
    return {
      ...withSeries,
      approvalEndsAt,
      photos: photos.get(view.id) ?? [],
      unreadMessages: unread.get(view.id) ?? 0,
      ...(priceChanges.get(view.id) ?? { priceChange: null }),
    };
  });
}
