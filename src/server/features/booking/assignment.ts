import { and, eq, sql } from "drizzle-orm";
import { formatLongDate } from "../../../shared/dates.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import { waitMessages } from "../../../shared/nothing-waits.js";
import { jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { Db, Tx } from "../../db/client.js";
import { job, jobAssignment, jobDecline } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";
import { type JobRow, move } from "../jobs/index.js";
import { findProfile } from "../landscapers/index.js";
import { notify, notifyAdmins } from "../notifications/index.js";
import { recordedFirmPrice } from "../pricing/index.js";
import { bookWith } from "./book.js";
import { declinedBy } from "./given-back.js";
import { availablePros } from "./matching.js";
import { tellRequester } from "./reoffer.js";

/** A request in Needs a pro, locked for the admin's action: open, nobody's, flagged by the 24-hour step. */
async function lockedNeedingPro(tx: Tx, jobId: string): Promise<JobRow> {
  const [current] = await tx.select().from(job).where(eq(job.id, jobId)).for("update");
  if (!current) throw notFound("Request not found.");
  if (current.status !== "pending" || current.landscaperId || !current.needsProAt)
    throw conflict(waitMessages.notNeedingPro);
  return current;
}

/**
 * The pros our team may assign to a request: those free for its ZIP and services from its day on, as the
 * customer's list counts them (capacity, notice, coverage), whether or not instant booking is on (the pro
 * confirms), at the request's price (their own rate ignored), best first; not those who declined it.
 */
export async function assignCandidates(options: { db: Db | Tx; jobId: string; now?: Date; only?: string[] }) {
  const [current] = await options.db.select().from(job).where(eq(job.id, options.jobId));
  if (!current) throw notFound("Request not found.");
  const firm = recordedFirmPrice(current);
  if (!firm) return [];
  const pros = await availablePros({
    db: options.db,
    zipCode: current.zipCode,
    services: current.selectedServices,
    wantedDate: current.preferredDate,
    price: firm,
    exclude: await declinedBy(options.db, current.id),
    ...(options.only ? { only: options.only } : {}),
    fixedPrice: true,
    confirmsThemselves: true,
    limit: 10,
    now: options.now,
  });
  return pros.map((p) => ({
    landscaperId: p.landscaperId,
    name: landscaperDisplayName({ businessName: p.businessName, fullName: p.personName }),
    firstDays: p.firstDays,
    reason: p.reason,
  }));
}

/**
 * "Assign a pro" (issue 38): our team asks one free pro to take a request in Needs a pro, on a day they are
 * free, at the request's price. The pro confirms or declines from their dashboard; nothing is booked until
 * they confirm. Refused with nothing written (the audit row included) when the request no longer needs a
 * pro, has no firm price, already waits for a pro's answer, or the pro is not free that day.
 */
export async function assignPro(options: {
  db: Db;
  principal: Principal;
  jobId: string;
  landscaperId: string;
  date: string;
  reason: string;
  now?: Date;
}): Promise<{ message: string }> {
  const { principal } = options;
  return options.db.transaction(async (tx) => {
    const current = await lockedNeedingPro(tx, options.jobId);
    const firm = recordedFirmPrice(current);
    if (!firm) throw conflict(waitMessages.noFirmPrice);
    const [open] = await tx
      .select({ id: jobAssignment.id })
      .from(jobAssignment)
      .where(and(eq(jobAssignment.jobId, current.id), eq(jobAssignment.status, "open")));
    if (open) throw conflict(waitMessages.assignmentOpen);
    const [pro] = await assignCandidates({
      db: tx,
      jobId: current.id,
      only: [options.landscaperId],
      ...(options.now ? { now: options.now } : {}),
    });
    if (!pro?.firstDays.includes(options.date)) throw conflict(waitMessages.proNotFree);
    await tx.insert(jobAssignment).values({
      jobId: current.id,
      landscaperId: pro.landscaperId,
      adminId: principal.userId,
      scheduledDate: options.date,
      reason: options.reason,
    });
    const label = jobLabel(current.number);
    await move(tx, {
      current,
      action: "assign_pro",
      actorId: principal.userId,
      set: {},
      note: `${pro.name} asked to confirm ${formatLongDate(options.date)}: ${options.reason}`,
    });
    await notify(tx, [
      {
        userId: pro.landscaperId,
        type: "job",
        message: waitMessages.assignedToPro(label, formatLongDate(options.date), firm.firstVisitCents),
        link: "/landscaper-dashboard",
      },
    ]);
    await recordAudit(tx, {
      actor: principal,
      action: "job.assign_pro",
      target: { type: "job", id: current.id, label },
      reason: options.reason,
      before: { status: current.status, landscaperId: null },
      after: {
        status: "pending",
        assignedTo: pro.landscaperId,
        date: options.date,
        priceCents: firm.firstVisitCents,
      },
    });
    return { message: waitMessages.assigned(pro.name) };
  });
}

/** The assigned pro's open assignment, locked; 404 when it is not theirs or not open any more. */
async function lockedAssignment(tx: Tx, id: string, landscaperId: string) {
  const [row] = await tx
    .select()
    .from(jobAssignment)
    .where(and(eq(jobAssignment.id, id), eq(jobAssignment.landscaperId, landscaperId)))
    .for("update");
  if (!row) throw notFound("Assignment not found.");
  if (row.status !== "open") throw conflict(waitMessages.assignmentGone);
  return row;
}

/**
 * The pro confirms our team's assignment: the request is booked with them on that day at its price, as an
 * instant booking is (bookWith; no 2-hour release, they chose it), and the customer is told who comes. The
 * hold on the customer's card is placed by the payment pass two days before, as for any booked visit.
 */
export async function confirmAssignment(options: {
  db: Db;
  env: Env;
  principal: Principal;
  assignmentId: string;
}): Promise<{ message: string }> {
  const { principal, env } = options;
  return options.db.transaction(async (tx) => {
    const assignment = await lockedAssignment(tx, options.assignmentId, principal.userId);
    const current = await lockedNeedingPro(tx, assignment.jobId);
    const firm = recordedFirmPrice(current);
    if (!firm) throw conflict(waitMessages.noFirmPrice);
    const booked = await bookWith(tx, {
      env,
      request: { ...current, firm },
      landscaperId: principal.userId,
      date: assignment.scheduledDate,
      price: { perVisitCents: firm.perVisitCents, firstVisitCents: firm.firstVisitCents },
      priceAdjustPercent: 0,
      customer: null,
      actorId: principal.userId,
      assigned: true,
    });
    await tx
      .update(jobAssignment)
      .set({ status: "confirmed", answeredAt: sql`now()` })
      .where(eq(jobAssignment.id, assignment.id));
    const profile = await findProfile(tx, principal.userId);
    const name = profile ? landscaperDisplayName(profile) : "A pro";
    const label = jobLabel(booked.number);
    const day = formatLongDate(assignment.scheduledDate);
    // The booking confirmation email went out with the booking (bookWith): in the app, the news.
    if (booked.customerId)
      await notify(tx, [
        {
          userId: booked.customerId,
          type: "job",
          message: waitMessages.assignmentConfirmed(label, name, day, firm.firstVisitCents),
          link: "/dashboard/customer",
        },
      ]);
    await notifyAdmins(tx, env, {
      type: "job",
      message: waitMessages.assignmentConfirmedAdmins(label, name, day),
      link: "/admin/needs-a-pro",
    });
    return { message: waitMessages.confirmed };
  });
}

/** The pro declines: the request stays in Needs a pro (our team told), and it is not offered to them again. */
export async function declineAssignment(options: {
  db: Db;
  env: Env;
  principal: Principal;
  assignmentId: string;
  reason: string;
}): Promise<{ message: string }> {
  const { principal } = options;
  return options.db.transaction(async (tx) => {
    const assignment = await lockedAssignment(tx, options.assignmentId, principal.userId);
    await tx
      .update(jobAssignment)
      .set({ status: "declined", answeredAt: sql`now()` })
      .where(eq(jobAssignment.id, assignment.id));
    await tx
      .insert(jobDecline)
      .values({ jobId: assignment.jobId, landscaperId: principal.userId })
      .onConflictDoNothing();
    const [current] = await tx.select().from(job).where(eq(job.id, assignment.jobId));
    if (current?.status === "pending")
      await move(tx, {
        current,
        action: "decline_assignment",
        actorId: principal.userId,
        set: {},
        note: options.reason || "Declined our team's assignment.",
      });
    const profile = await findProfile(tx, principal.userId);
    const name = profile ? landscaperDisplayName(profile) : "The pro";
    await notifyAdmins(tx, options.env, {
      type: "job",
      message: waitMessages.assignmentDeclinedAdmins(
        current ? jobLabel(current.number) : "A request",
        name,
        options.reason,
      ),
      link: "/admin/needs-a-pro",
    });
    return { message: waitMessages.declined };
  });
}

/**
 * "Tell the customer" (issue 38): our team's message on a request in Needs a pro, in the app and by email,
 * recorded on the job (`customer_told_at`, shown in the queue) and in the audit trail.
 */
export async function tellCustomer(options: {
  db: Db;
  env: Env;
  principal: Principal;
  jobId: string;
  message: string;
}): Promise<{ message: string }> {
  const { principal } = options;
  return options.db.transaction(async (tx) => {
    const current = await lockedNeedingPro(tx, options.jobId);
    const told = await move(tx, {
      current,
      action: "tell_customer",
      actorId: principal.userId,
      set: { customerToldAt: sql`now()` },
      note: options.message,
    });
    const label = jobLabel(current.number);
    await tellRequester(tx, options.env, current, waitMessages.toldByTeam(label, options.message));
    await recordAudit(tx, {
      actor: principal,
      action: "job.tell_customer",
      target: { type: "job", id: current.id, label },
      reason: options.message,
      before: { status: current.status, customerToldAt: current.customerToldAt?.toISOString() ?? null },
      after: { status: told.status, customerToldAt: told.customerToldAt?.toISOString() ?? null },
    });
    return { message: waitMessages.told };
  });
}
