import { aliasedTable, and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import {
  type JobStatus,
  type JobView,
  jobMessages,
  type QuoteRequest,
  statusLabel,
} from "../../../shared/jobs.js";
import { areaLabel } from "../../../shared/neighbourhoods.js";
import { formatCents, formatRange, jobLabel, serviceName } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import { job, jobDecline, jobEvent, landscaper, servicePrice, user } from "../../db/schema.js";
import { type AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors.js";
import { enqueueEmail, enqueueEmailIfOptedIn } from "../../lib/outbox/enqueue.js";
import type { Principal } from "../accounts/principal.js";
import { type NewNotification, notify, notifyAdmins, notifyEach } from "../notifications/service.js";

type JobRow = typeof job.$inferSelect;

const services = (row: Pick<JobRow, "selectedServices">) => row.selectedServices.map(serviceName).join(", ");

/** The columns a JobView is made of: lists select these alone rather than whole rows. */
export const jobViewColumns = {
  id: job.id,
  number: job.number,
  status: job.status,
  customerName: job.customerName,
  customerEmail: job.customerEmail,
  customerPhone: job.customerPhone,
  address: job.address,
  zipCode: job.zipCode,
  selectedServices: job.selectedServices,
  serviceType: job.serviceType,
  preferredDate: job.preferredDate,
  scheduledDate: job.scheduledDate,
  additionalNotes: job.additionalNotes,
  estimateLowCents: job.estimateLowCents,
  estimateHighCents: job.estimateHighCents,
  quotedPriceCents: job.quotedPriceCents,
  finalPriceCents: job.finalPriceCents,
  tipCents: job.tipCents,
  rating: job.rating,
  ratingComment: job.ratingComment,
  cancelReason: job.cancelReason,
  photoKey: job.photoKey,
  createdAt: job.createdAt,
  updatedAt: job.updatedAt,
};

type JobViewRow = Pick<JobRow, keyof typeof jobViewColumns>;

export function toJobView(
  row: JobViewRow,
  extra: { landscaperName?: string | null; declinedByMe?: boolean } = {},
): JobView {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    address: row.address,
    zipCode: row.zipCode,
    services: row.selectedServices,
    serviceType: row.serviceType,
    preferredDate: row.preferredDate,
    scheduledDate: row.scheduledDate,
    additionalNotes: row.additionalNotes,
    estimateLowCents: row.estimateLowCents,
    estimateHighCents: row.estimateHighCents,
    quotedPriceCents: row.quotedPriceCents,
    finalPriceCents: row.finalPriceCents,
    tipCents: row.tipCents,
    rating: row.rating,
    ratingComment: row.ratingComment,
    cancelReason: row.cancelReason,
    landscaperName: extra.landscaperName ?? null,
    hasPhoto: Boolean(row.photoKey),
    ...(extra.declinedByMe === undefined ? {} : { declinedByMe: extra.declinedByMe }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/* ---------------- Estimates ---------------- */

export async function estimateFor(db: DbOrTx, serviceIds: string[]) {
  const rows = await db.select().from(servicePrice).where(inArray(servicePrice.serviceId, serviceIds));
  if (rows.length !== new Set(serviceIds).size) throw badRequest("Please select at least one service.");
  return {
    lowCents: rows.reduce((sum, r) => sum + r.lowCents, 0),
    highCents: rows.reduce((sum, r) => sum + r.highCents, 0),
  };
}

export async function priceTable(db: Db) {
  return db.select().from(servicePrice).orderBy(servicePrice.sortOrder);
}

/* ---------------- Quote submission ---------------- */

export interface SubmitQuoteOptions {
  db: Db;
  env: Env;
  input: QuoteRequest;
  customerId: string | null;
  photo?: { key: string; contentType: string } | undefined;
}

/**
 * Creates a pending job with its estimate, first event, emails and alerts, all in one transaction.
 * The same idempotency key always answers the same job (a double click or a retry creates one).
 */
export async function submitQuote({ db, env, input, customerId, photo }: SubmitQuoteOptions) {
  if (input.idempotencyKey) {
    const [existing] = await db.select().from(job).where(eq(job.idempotencyKey, input.idempotencyKey));
    if (existing) return { job: existing, created: false };
  }
  return db.transaction(async (tx) => {
    const estimate = await estimateFor(tx, input.services);
    const [created] = await tx
      .insert(job)
      .values({
        customerId,
        customerName: input.fullName,
        customerEmail: input.email.toLowerCase(),
        customerPhone: input.phone,
        address: input.address,
        zipCode: input.zipCode,
        selectedServices: input.services,
        serviceType: input.services.join(", "),
        preferredDate: input.preferredDate,
        additionalNotes: input.additionalNotes || null,
        photoKey: photo?.key ?? null,
        photoContentType: photo?.contentType ?? null,
        estimateLowCents: estimate.lowCents,
        estimateHighCents: estimate.highCents,
        idempotencyKey: input.idempotencyKey ?? null,
      })
      .onConflictDoNothing({ target: job.idempotencyKey })
      .returning();
    if (!created) {
      // Lost a race with the same key: the other request created the job.
      const [existing] = await tx.select().from(job).where(eq(job.idempotencyKey, input.idempotencyKey!));
      return { job: existing!, created: false };
    }
    await tx
      .insert(jobEvent)
      .values({ jobId: created.id, actorId: customerId, fromStatus: null, toStatus: "pending" });

    const label = jobLabel(created.number);
    const estimateText = formatRange(estimate.lowCents, estimate.highCents);
    const date = formatLongDate(input.preferredDate);
    await enqueueEmail(tx, created.customerEmail, {
      template: "quote_received",
      name: input.fullName,
      services: services(created),
      address: input.address,
      date,
      estimate: estimateText,
      jobNumber: label,
    });
    await enqueueEmail(tx, env.TEAM_EMAIL, {
      template: "job_request",
      name: input.fullName,
      email: created.customerEmail,
      phone: input.phone,
      services: services(created),
      address: input.address,
      date,
      estimate: estimateText,
      jobNumber: label,
      adminUrl: `${env.PUBLIC_URL}/admin/jobs`,
    });

    await notifyEach(
      tx,
      sql`select ${landscaper.userId} from ${landscaper}
        where ${landscaper.status} = 'approved' and ${input.zipCode} = any(${landscaper.coveredZipCodes})`,
      {
        type: "job",
        message: `New job request in ${input.zipCode}: ${services(created)} (${date}).`,
        link: "/landscaper-dashboard",
      },
    );
    return { job: created, created: true };
  });
}

/* ---------------- Reads ---------------- */

const assigned = aliasedTable(user, "assigned");

export async function listCustomerJobs(db: Db, customerId: string): Promise<JobView[]> {
  const rows = await db
    .select({ job: jobViewColumns, landscaperName: assigned.name })
    .from(job)
    .leftJoin(assigned, eq(assigned.id, job.landscaperId))
    .where(eq(job.customerId, customerId))
    .orderBy(desc(job.createdAt))
    .limit(200);
  return rows.map((r) => toJobView(r.job, { landscaperName: r.landscaperName }));
}

export async function nextScheduledJob(db: Db, customerId: string): Promise<JobView | null> {
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

async function landscaperProfile(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(landscaper).where(eq(landscaper.userId, userId));
  return row ?? null;
}

/**
 * The landscaper's queue: pending jobs in their service area (declined ones flagged) and the jobs assigned
 * to them. Matching is one indexed lookup on the ZIPs the profile covers.
 */
export async function landscaperQueue(db: Db, landscaperId: string): Promise<JobView[]> {
  const profile = await landscaperProfile(db, landscaperId);
  const covered = profile?.status === "approved" ? profile.coveredZipCodes : [];
  const declined = aliasedTable(jobDecline, "declined");
  const rows = await db
    // Only what the screen shows: the queue is the largest list a landscaper loads (up to 200 jobs), and
    // reading the lifecycle timestamps it never shows made each request parse a thousand more dates.
    .select({
      job: jobViewColumns,
      landscaperId: job.landscaperId,
      landscaperName: assigned.name,
      declinedAt: declined.createdAt,
    })
    .from(job)
    .leftJoin(assigned, eq(assigned.id, job.landscaperId))
    .leftJoin(declined, and(eq(declined.jobId, job.id), eq(declined.landscaperId, landscaperId)))
    .where(
      or(
        eq(job.landscaperId, landscaperId),
        covered.length ? and(eq(job.status, "pending"), inArray(job.zipCode, covered)) : sql`false`,
      ),
    )
    .orderBy(desc(job.createdAt))
    .limit(200);
  return rows.map((r) => {
    const view = toJobView(r.job, { landscaperName: r.landscaperName, declinedByMe: r.declinedAt !== null });
    return r.landscaperId === landscaperId ? view : withoutContact(view);
  });
}

/**
 * A job as a landscaper sees it before it is theirs: what the work is, when, where roughly and for how much,
 * but not who the customer is or where exactly they live. Every approved landscaper in the area sees the
 * queue; only the one the customer ends up with needs the door.
 */
export function withoutContact(view: JobView): JobView {
  return {
    ...view,
    customerName: "",
    customerEmail: "",
    customerPhone: "",
    address: "",
    additionalNotes: null,
    contactHidden: true,
    area: areaLabel(view.zipCode),
  };
}

export function queueStats(queue: JobView[]) {
  return {
    total: queue.length,
    pending: queue.filter((j) => j.status === "pending" && !j.declinedByMe).length,
    accepted: queue.filter((j) => j.status === "accepted" || j.status === "scheduled").length,
    completed: queue.filter((j) => j.status === "completed").length,
  };
}

/* ---------------- The lifecycle ---------------- */

export type JobAction = "accept" | "decline" | "approve" | "complete" | "cancel" | "rate";

/** Which statuses each action may start from: the one state machine every screen goes through. */
export const transitions: Record<JobAction, { from: JobStatus[]; to: JobStatus | null }> = {
  accept: { from: ["pending"], to: "accepted" },
  decline: { from: ["pending"], to: null },
  approve: { from: ["accepted"], to: "scheduled" },
  complete: { from: ["scheduled"], to: "completed" },
  cancel: { from: ["pending", "accepted", "scheduled"], to: "cancelled" },
  rate: { from: ["completed"], to: null },
};

function illegal(action: JobAction, status: JobStatus): AppError {
  const verb: Record<JobAction, string> = {
    accept: "accepted",
    decline: "declined",
    approve: "approved",
    complete: "completed",
    cancel: "cancelled",
    rate: "rated",
  };
  return conflict(`This job is ${statusLabel[status].toLowerCase()} and can no longer be ${verb[action]}.`);
}

async function loadJob(tx: DbOrTx, jobId: string): Promise<JobRow> {
  const [row] = await tx.select().from(job).where(eq(job.id, jobId));
  if (!row) throw notFound("Job not found.");
  return row;
}

/**
 * Moves a job from one of `from` to `to` only if it is still there (a conditional UPDATE), records the
 * event, and answers the new row; a concurrent change makes it answer 409 instead of overwriting.
 */
async function move(
  tx: Tx,
  options: {
    current: JobRow;
    action: JobAction;
    actorId: string;
    set: Partial<typeof job.$inferInsert>;
    raceMessage?: string;
    note?: string | null;
  },
): Promise<JobRow> {
  const { current, action } = options;
  const rule = transitions[action];
  if (!rule.from.includes(current.status)) throw illegal(action, current.status);
  const [updated] = await tx
    .update(job)
    .set({ ...options.set, ...(rule.to ? { status: rule.to } : {}), updatedAt: new Date() })
    .where(
      and(
        eq(job.id, current.id),
        eq(job.status, current.status),
        current.landscaperId ? eq(job.landscaperId, current.landscaperId) : isNull(job.landscaperId),
      ),
    )
    .returning();
  if (!updated) {
    const latest = await loadJob(tx, current.id);
    if (options.raceMessage) throw conflict(options.raceMessage);
    throw illegal(action, latest.status);
  }
  await tx.insert(jobEvent).values({
    jobId: current.id,
    actorId: options.actorId,
    fromStatus: current.status,
    toStatus: (rule.to ?? action === "rate") ? (rule.to ?? "rated") : current.status,
    note: options.note ?? null,
  });
  return updated;
}

function customerLink(env: Env) {
  return `${env.PUBLIC_URL}/dashboard/customer`;
}

interface ActionOptions {
  db: Db;
  env: Env;
  principal: Principal;
  jobId: string;
}

async function assertApprovedLandscaper(tx: DbOrTx, principal: Principal) {
  if (principal.isMaster && principal.role !== "landscaper")
    throw forbidden("Job actions are disabled in preview mode.");
  const profile = await landscaperProfile(tx, principal.userId);
  if (profile?.status !== "approved") throw forbidden(jobMessages.notApproved);
  return profile;
}

export async function acceptJob(
  options: ActionOptions & { priceCents: number; scheduledDate?: string | undefined },
) {
  const { db, env, principal } = options;
  return db.transaction(async (tx) => {
    const profile = await assertApprovedLandscaper(tx, principal);
    const current = await loadJob(tx, options.jobId);
    if (current.status === "pending" && !profile.coveredZipCodes.includes(current.zipCode)) {
      throw forbidden("This job is outside your service area.");
    }
    if (current.status !== "pending" && current.landscaperId && current.landscaperId !== principal.userId) {
      throw conflict(jobMessages.takenByAnother);
    }
    const scheduledDate =
      options.scheduledDate ??
      // A preferred date already in the past is moved to today.
      [current.preferredDate, todayInCharlotte()].sort().at(-1)!;
    const updated = await move(tx, {
      current,
      action: "accept",
      actorId: principal.userId,
      set: {
        landscaperId: principal.userId,
        quotedPriceCents: options.priceCents,
        scheduledDate,
        acceptedAt: new Date(),
      },
      raceMessage: jobMessages.takenByAnother,
    });
    await tx
      .delete(jobDecline)
      .where(and(eq(jobDecline.jobId, current.id), eq(jobDecline.landscaperId, principal.userId)));
    const landscaperName = profile.businessName ?? profile.fullName;
    await enqueueEmailIfOptedIn(tx, updated.customerEmail, {
      template: "job_match",
      name: updated.customerName,
      landscaperName,
      services: services(updated),
      price: formatCents(options.priceCents),
      date: formatLongDate(scheduledDate),
      jobNumber: jobLabel(updated.number),
      dashboardUrl: customerLink(env),
    });
    const alerts: NewNotification[] = [
      {
        userId: principal.userId,
        type: "job",
        message: `You accepted ${jobLabel(updated.number)} for ${formatCents(options.priceCents)}. Waiting for the customer's approval.`,
        link: "/landscaper-dashboard",
      },
    ];
    if (updated.customerId) {
      alerts.push({
        userId: updated.customerId,
        type: "job" as const,
        message: `${landscaperName} accepted ${jobLabel(updated.number)}: ${formatCents(options.priceCents)} on ${formatLongDate(scheduledDate)}. Please approve.`,
        link: "/dashboard/customer",
      });
    }
    await notify(tx, alerts);
    return updated;
  });
}

export async function declineJob(options: ActionOptions) {
  const { db, principal } = options;
  return db.transaction(async (tx) => {
    const profile = await assertApprovedLandscaper(tx, principal);
    const current = await loadJob(tx, options.jobId);
    if (current.status !== "pending") throw illegal("decline", current.status);
    if (!profile.coveredZipCodes.includes(current.zipCode))
      throw forbidden("This job is outside your service area.");
    const inserted = await tx
      .insert(jobDecline)
      .values({ jobId: current.id, landscaperId: principal.userId })
      .onConflictDoNothing()
      .returning();
    if (inserted.length) {
      await tx.insert(jobEvent).values({
        jobId: current.id,
        actorId: principal.userId,
        fromStatus: "pending",
        toStatus: "declined",
        note: "Declined by a landscaper; still open for others.",
      });
    }
    return current;
  });
}

export async function completeJob(options: ActionOptions & { finalPriceCents: number }) {
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
    const updated = await move(tx, {
      current,
      action: "complete",
      actorId: principal.userId,
      set: { finalPriceCents: options.finalPriceCents, completedAt: new Date() },
    });
    await enqueueEmailIfOptedIn(tx, updated.customerEmail, {
      template: "job_complete",
      name: updated.customerName,
      landscaperName: profile.businessName ?? profile.fullName,
      services: services(updated),
      price: formatCents(options.finalPriceCents),
      jobNumber: jobLabel(updated.number),
      dashboardUrl: customerLink(env),
    });
    const alerts: NewNotification[] = [
      {
        userId: principal.userId,
        type: "payment",
        message: `${jobLabel(updated.number)} completed: ${formatCents(options.finalPriceCents)}.`,
        link: "/landscaper-dashboard",
      },
    ];
    if (updated.customerId) {
      alerts.push({
        userId: updated.customerId,
        type: "job" as const,
        message: `${jobLabel(updated.number)} is complete. Rate your service and leave a tip if you wish.`,
        link: "/dashboard/customer",
      });
    }
    await notify(tx, alerts);
    return updated;
  });
}

function assertOwnCustomerJob(principal: Principal, current: JobRow) {
  if (current.customerId !== principal.userId) throw notFound("Job not found.");
}

export async function approveJob(options: ActionOptions) {
  const { db, principal } = options;
  return db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    assertOwnCustomerJob(principal, current);
    const updated = await move(tx, {
      current,
      action: "approve",
      actorId: principal.userId,
      set: { scheduledAt: new Date() },
    });
    if (updated.landscaperId) {
      await notify(tx, [
        {
          userId: updated.landscaperId,
          type: "job",
          message: `${updated.customerName} approved ${jobLabel(updated.number)}: scheduled for ${formatLongDate(updated.scheduledDate!)}.`,
          link: "/landscaper-dashboard",
        },
      ]);
    }
    return updated;
  });
}

export async function cancelJob(options: ActionOptions & { reason: string }) {
  const { db, env, principal } = options;
  return db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    if (!principal.isAdmin) assertOwnCustomerJob(principal, current);
    const updated = await move(tx, {
      current,
      action: "cancel",
      actorId: principal.userId,
      set: { cancelReason: options.reason, cancelledAt: new Date() },
      note: options.reason,
    });
    const label = jobLabel(updated.number);
    const alerts: NewNotification[] = [];
    if (updated.landscaperId) {
      alerts.push({
        userId: updated.landscaperId,
        type: "job" as const,
        message: `${label} was cancelled: ${options.reason}`,
        link: "/landscaper-dashboard",
      });
    }
    if (updated.customerId && updated.customerId !== principal.userId) {
      alerts.push({
        userId: updated.customerId,
        type: "job" as const,
        message: `${label} was cancelled by our team: ${options.reason}`,
        link: "/dashboard/customer",
      });
    }
    await notify(tx, alerts);
    if (principal.userId === updated.customerId) {
      await notifyAdmins(tx, env, {
        type: "job",
        message: `${updated.customerName} cancelled ${label}.`,
        link: "/admin/jobs",
      });
    }
    return updated;
  });
}

export async function rateJob(
  options: ActionOptions & { rating: number; comment: string; tipCents: number },
) {
  const { db, principal } = options;
  return db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    assertOwnCustomerJob(principal, current);
    if (current.status === "completed" && current.rating !== null)
      throw conflict("You have already rated this job.");
    if (current.status !== "completed") throw illegal("rate", current.status);
    const [updated] = await tx
      .update(job)
      .set({
        rating: options.rating,
        ratingComment: options.comment || null,
        tipCents: options.tipCents,
        ratedAt: new Date(),
      })
      .where(and(eq(job.id, current.id), eq(job.status, "completed"), isNull(job.rating)))
      .returning();
    if (!updated) throw conflict("You have already rated this job.");
    await tx.insert(jobEvent).values({
      jobId: current.id,
      actorId: principal.userId,
      fromStatus: "completed",
      toStatus: "rated",
      note: `${options.rating} stars${options.tipCents ? `, tip ${formatCents(options.tipCents)}` : ""}`,
    });
    if (updated.landscaperId) {
      await notify(tx, [
        {
          userId: updated.landscaperId,
          type: options.tipCents ? "payment" : "job",
          message: `${updated.customerName} rated ${jobLabel(updated.number)} ${options.rating}/5${options.tipCents ? ` and tipped ${formatCents(options.tipCents)}` : ""}.`,
          link: "/landscaper-dashboard",
        },
      ]);
    }
    return updated;
  });
}

/** Who may see a job's photo: its customer, its assigned landscaper, admins. */
export async function photoOf(db: Db, principal: Principal, jobId: string) {
  const current = await loadJob(db, jobId);
  const allowed =
    principal.isAdmin || current.customerId === principal.userId || current.landscaperId === principal.userId;
  if (!allowed || !current.photoKey) throw notFound("Photo not found.");
  return { key: current.photoKey, contentType: current.photoContentType ?? "application/octet-stream" };
}
