import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { type JobStatus, statusLabel } from "../../../shared/jobs.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { job, jobAssignment, jobEvent, jobPriceChange } from "../../db/schema.js";
import { type AppError, conflict, notFound } from "../../lib/errors.js";
import { closeWaitingOffers } from "./offer-closing.js";
import type { JobRow } from "./views.js";

/**
 * The job lifecycle, one table every action goes through (../shared/notes/job-lifecycle.md shows where it
 * goes next: payments, proof of work and recurring visits add their states and actions here).
 * - `from`: the statuses the action may start from;
 * - `to`: the status it leaves the job in, or null when the job's status does not change (a decline keeps
 *   the job open for other landscapers; a rating is recorded on a completed job);
 * - `event`: what the job's history records (`job_event.to_status`) for an action that changes no status,
 *   or, for one that does, a name of its own instead of the new status (a miss is not a withdrawal).
 */
export const transitions = {
  accept: { from: ["pending"], to: "accepted", verb: "accepted" },
  decline: { from: ["pending"], to: null, event: "declined", verb: "declined" },
  // Undoing a decline: the job returns to the landscaper's new requests while it is still open.
  reconsider: { from: ["pending"], to: null, event: "reconsidered", verb: "taken back into your queue" },
  approve: { from: ["accepted"], to: "scheduled", verb: "approved" },
  // Instant booking (issue 35): the customer books a chosen pro on a free day at the firm price, card saved, in
  // one step; or, after a release, the next-best pro is booked at the same price.
  book: { from: ["pending"], to: "scheduled", verb: "booked" },
  // Several offers on one firm-priced request (issue 35): a pro offers a day at the firm price (the request
  // stays open for others) or takes the offer back; the customer books one offer, which closes the others.
  offer: { from: ["pending"], to: null, event: "offered", verb: "offered on" },
  withdraw_offer: { from: ["pending"], to: null, event: "offer_withdrawn", verb: "changed" },
  book_offer: { from: ["pending"], to: "scheduled", verb: "booked" },
  // The pro gives an instant booking back within 2 hours, with a reason (a withdrawal on their record).
  release: { from: ["scheduled"], to: "pending", event: "released", verb: "released" },
  // On the visit's day: the landscaper's arrival steps, kept as times (the on-time figure reads them).
  on_my_way: { from: ["scheduled"], to: null, event: "on_the_way", verb: "marked on the way" },
  arrived: { from: ["scheduled"], to: null, event: "arrived", verb: "marked arrived" },
  start_work: { from: ["scheduled"], to: null, event: "work_started", verb: "started" },
  // The landscaper moves a visit up to 3 days (weather); the customer may decline the new day (a cancel).
  move_visit: { from: ["scheduled"], to: null, event: "moved", verb: "moved" },
  complete: { from: ["scheduled"], to: "completed", verb: "completed" },
  // The assigned landscaper leaves a job they took: it is open to the others again, any hold released.
  withdraw: { from: ["accepted", "scheduled"], to: "pending", verb: "withdrawn from" },
  // The late lock-out (issue 17): a visit neither arrived at nor moved 2 days after its date goes back to the
  // queue, its hold released. Recorded as 'missed' (not as a withdrawal), with the landscaper who missed it as
  // the actor, so their completion rate counts it.
  miss: { from: ["scheduled"], to: "pending", event: "missed", verb: "taken back" },
  // The landscaper could not do the weekday the customer asked for (issue 33): the series goes back to the
  // queue for it. Not a withdrawal on their record: the change was the customer's.
  decline_day: { from: ["accepted", "scheduled"], to: "pending", event: "day_declined", verb: "put back" },
  cancel: { from: ["pending", "accepted", "scheduled"], to: "cancelled", verb: "cancelled" },
  // Our team suspended the pro (issue 38): their upcoming visits go back for a re-offer at the same price,
  // recorded as the team's doing (the admin is the actor), not as the pro's withdrawal.
  reassign: {
    from: ["accepted", "scheduled"],
    to: "pending",
    event: "reassigned",
    verb: "given to another pro",
  },
  // Nothing waits silently (issue 38): the scheduled pass re-announces a request nobody offered on in 12 hours
  // and puts it in our team's Needs a pro at 24; a visit given back that nobody was free to take is recorded
  // as re-offered. Our team assigns a pro (who confirms or declines) or writes to the customer.
  reannounce: { from: ["pending"], to: null, event: "reannounced", verb: "re-announced" },
  flag_needs_pro: { from: ["pending"], to: null, event: "needs_pro", verb: "flagged" },
  reoffer: { from: ["pending"], to: null, event: "reoffered", verb: "re-offered" },
  assign_pro: { from: ["pending"], to: null, event: "pro_assigned", verb: "assigned" },
  decline_assignment: { from: ["pending"], to: null, event: "assignment_declined", verb: "changed" },
  tell_customer: { from: ["pending"], to: null, event: "customer_told", verb: "changed" },
  // A price change before the work (issue 34): the landscaper asks a new price or takes the ask back, the
  // customer approves or declines it (the job's status stays). After a decline the landscaper may leave the
  // job: back to the queue, recorded by its own name so the reliability record does not count it as a
  // withdrawal (landscapers/reliability.ts counts 'pending' alone).
  ask_price_change: {
    from: ["accepted", "scheduled"],
    to: null,
    event: "price_change_asked",
    verb: "given a new price",
  },
  withdraw_price_change: {
    from: ["accepted", "scheduled"],
    to: null,
    event: "price_change_withdrawn",
    verb: "changed",
  },
  approve_price_change: {
    from: ["accepted", "scheduled"],
    to: null,
    event: "price_change_approved",
    verb: "given a new price",
  },
  decline_price_change: {
    from: ["accepted", "scheduled"],
    to: null,
    event: "price_change_declined",
    verb: "changed",
  },
  leave_after_price_decline: {
    from: ["accepted", "scheduled"],
    to: "pending",
    event: "left_after_price_declined",
    verb: "withdrawn from",
  },
  rate: { from: ["completed"], to: null, event: "rated", verb: "rated" },
  // After completion: the customer approves the work (its price is captured) or reports a problem (the
  // capture waits for our team); 48 hours of silence approve it.
  approve_work: { from: ["completed"], to: null, event: "work_approved", verb: "approved" },
  report_problem: { from: ["completed"], to: null, event: "problem_reported", verb: "reported" },
  // Our team, on the money: a refund after a charge; the hold of reported work released without charging.
  refund: { from: ["completed", "cancelled"], to: null, event: "refunded", verb: "refunded" },
  release_payment: { from: ["completed"], to: null, event: "payment_released", verb: "released" },
  // A reported problem: the landscaper offers a redo visit, the customer takes it (the job is scheduled again
  // for visit 2) or declines it; our team resolves it (a redo, a partial or full refund, or payment released).
  offer_redo: { from: ["completed"], to: null, event: "redo_offered", verb: "offered a redo" },
  decline_redo: { from: ["completed"], to: null, event: "redo_declined", verb: "changed" },
  redo: { from: ["completed"], to: "scheduled", verb: "rescheduled" },
  resolve: { from: ["completed"], to: null, event: "dispute_resolved", verb: "resolved" },
} as const satisfies Record<
  string,
  { from: readonly JobStatus[]; to: JobStatus | null; event?: string; verb: string }
>;
export type JobAction = keyof typeof transitions;

/** The 409 answer of an action the job's status does not allow. */
export function illegal(action: JobAction, status: JobStatus): AppError {
  return conflict(
    `This job is ${statusLabel[status].toLowerCase()} and can no longer be ${transitions[action].verb}.`,
  );
}

/** Refuses an action the table does not allow from the job's current status. */
export function assertAllowed(action: JobAction, current: Pick<JobRow, "status">): void {
  const from: readonly JobStatus[] = transitions[action].from;
  if (!from.includes(current.status)) throw illegal(action, current.status);
}

export async function loadJob(tx: DbOrTx, jobId: string): Promise<JobRow> {
  const [row] = await tx.select().from(job).where(eq(job.id, jobId));
  if (!row) throw notFound("Job not found.");
  return row;
}

/** Writes the action into the job's history. */
export async function recordEvent(
  tx: Tx,
  options: {
    jobId: string;
    action: JobAction;
    // Null for the scheduled pass (48 hours of silence approve the work).
    actorId: string | null;
    fromStatus: JobStatus;
    note?: string | null;
  },
) {
  const rule = transitions[options.action];
  await tx.insert(jobEvent).values({
    jobId: options.jobId,
    actorId: options.actorId,
    fromStatus: options.fromStatus,
    toStatus: "event" in rule ? rule.event : rule.to,
    note: options.note ?? null,
  });
}

/**
 * What putting a job back in the queue clears, however it gets there (the landscaper withdraws, leaves the
 * series, or misses the visit): the landscaper, their price and their date, so the next one starts afresh.
 */
export const backToQueue = {
  landscaperId: null,
  quotedPriceCents: null,
  scheduledDate: null,
  acceptedAt: null,
  scheduledAt: null,
} as const satisfies PgUpdateSetSource<typeof job>;

/** The actions by which a pro gives back a visit the customer booked (a series' weekday ask is the customer's). */
const givesBackABooking: readonly JobAction[] = [
  "release",
  "withdraw",
  "leave_after_price_decline",
  "miss",
  "reassign",
];

/**
 * Nothing waits silently (issue 38, docs/decisions/029-nothing-waits.md), kept by the one place every move
 * passes: a request back in the queue starts its 12 h / 24 h ladder afresh from now, and a booked visit a pro
 * gave back (released, withdrawn, left, missed) is due for its re-offer at the same price. Leaving the queue
 * ends both. An action's own `set` may say otherwise (a release re-offers in its own transaction).
 */
function waitingOf(current: JobRow, action: JobAction): PgUpdateSetSource<typeof job> {
  const to = transitions[action].to;
  if (to === "pending" && current.status !== "pending")
    return {
      waitingSince: sql`now()`,
      reannouncedAt: null,
      needsProAt: null,
      customerToldAt: null,
      ...(current.status === "scheduled" && givesBackABooking.includes(action)
        ? // The day the customer was booked for is the day the re-offer looks for first.
          { reofferDueAt: sql`now()`, preferredDate: current.scheduledDate ?? current.preferredDate }
        : { reofferDueAt: null }),
    };
  if (to && to !== "pending") return { reofferDueAt: null };
  return {};
}

/**
 * Applies an action to a job that is still as it was read (a conditional UPDATE on its status and
 * assignment, plus `alsoWhere` for a guard of the action's own), records the event, and answers the new row.
 * A concurrent change makes it answer 409 (`raceMessage`, or why the job's new status refuses it) instead
 * of overwriting.
 */
export async function move(
  tx: Tx,
  options: {
    current: JobRow;
    action: JobAction;
    actorId: string | null;
    /** Values, or SQL such as now() where the database's clock must be the one. */
    set: PgUpdateSetSource<typeof job>;
    /** An extra condition the row must still meet, e.g. not rated yet. */
    alsoWhere?: SQL;
    raceMessage?: string;
    note?: string | null;
  },
): Promise<JobRow> {
  const { current, action } = options;
  assertAllowed(action, current);
  const to = transitions[action].to;
  const [updated] = await tx
    .update(job)
    .set({
      ...waitingOf(current, action),
      ...options.set,
      ...(to ? { status: to } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(job.id, current.id),
        eq(job.status, current.status),
        current.landscaperId ? eq(job.landscaperId, current.landscaperId) : isNull(job.landscaperId),
        options.alsoWhere,
      ),
    )
    .returning();
  if (!updated) {
    if (options.raceMessage) throw conflict(options.raceMessage);
    throw illegal(action, (await loadJob(tx, current.id)).status);
  }
  await recordEvent(tx, {
    jobId: current.id,
    action,
    actorId: options.actorId,
    fromStatus: current.status,
    note: options.note,
  });
  // A price change waits only while the job is its landscaper's and not done: a move out of accepted and
  // scheduled (withdrawn, missed, cancelled, completed) closes it unanswered, and the agreed price stands.
  if (to && to !== "accepted" && to !== "scheduled")
    await tx
      .update(jobPriceChange)
      .set({ status: "lapsed", closedAt: new Date() })
      .where(and(eq(jobPriceChange.jobId, current.id), eq(jobPriceChange.status, "open")));
  // Offers wait only on an open request (issue 35): leaving the queue closes them.
  // So does our team's assignment waiting for a pro's answer (issue 38).
  if (current.status === "pending" && to && to !== "pending") {
    await closeWaitingOffers(tx, updated);
    await tx
      .update(jobAssignment)
      .set({ status: "closed", answeredAt: new Date() })
      .where(and(eq(jobAssignment.jobId, current.id), eq(jobAssignment.status, "open")));
  }
  return updated;
}
