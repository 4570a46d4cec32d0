import {
  addDaysIso,
  charlotteTime,
  formatCharlotteClock,
  formatLongDate,
  todayInCharlotte,
} from "../../../shared/dates.js";
import { type ProblemReason, problemReasonLabel } from "../../../shared/proof.js";
import { formatCents } from "../../../shared/services.js";
import type { DemoEvent, DemoJob } from "./demo-fixtures.js";
import { DAY } from "./demo-fixtures.js";
import type { DemoContext, DemoCustomer, DemoLandscaper } from "./demo-people.js";

/**
 * Issue 16 in the demo, on the job rows before they are written (after ./money/demo-payments.ts prepareDemoMoney,
 * so the generator's sequence and the rest of the demo stay as they were): the arrival steps of the finished
 * visits, and two problem reports on Carlos's jobs of other customers. One is open: finished two days ago,
 * partly done, a redo offered and declined, the payment still held, waiting for our team on the Resolutions
 * page. The other was resolved weeks ago with a partial refund (the work charged, then part refunded: the
 * refund is returned for ./money/demo-payments.ts to record with its ledger transaction). No randomness here.
 */

export interface DemoVisits {
  /** Olivia's showcase jobs with Carlos: booked (visit days ahead) and finished (waiting for her approval). */
  showcaseScheduled: DemoJob | null;
  showcaseCompleted: DemoJob | null;
  /** Another customer's finished job with Carlos: problem reported, redo offered then declined; open. */
  openDispute: DemoJob | null;
  /** A report our team resolved a few weeks ago: partial refund. */
  resolvedDispute: DemoJob | null;
  /** Refunds the payments step records: job id → amount, and when. */
  refunds: Map<string, { cents: number; at: Date }>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const later = (value: Date, ms: number) => new Date(value.getTime() + ms);

/** What a customer writes when only part of the work was done, by the job's first service. */
const partlyDone: Record<string, string> = {
  "lawn-mowing": "Only the front lawn was mowed. The back yard behind the fence was not touched at all.",
  "edging-trimming":
    "The driveway was edged, but the front walk and the beds along the back fence were skipped.",
  "mulch-installation":
    "Mulch went down in the front beds only; the beds along the back fence are still bare.",
  "bush-shrub-trimming":
    "The shrubs in front were trimmed, but the hedge along the side of the house was not.",
  "leaf-removal": "Leaves were cleared from the front yard only; the back yard is still covered.",
  "flower-bed-maintenance": "The front beds were weeded, but the two beds by the patio were not touched.",
  "seasonal-cleanup": "The front was cleaned up, but the back yard and the side of the house were skipped.",
};

/**
 * The landscaper's arrival steps on a visit (on the way with a 30-minute ETA, arrived a little early, work
 * started), from `start`, with the history's events as the arrival actions record them.
 */
export function arrive(j: DemoJob, events: DemoEvent[], start: Date) {
  const eta = later(start, 30 * MINUTE);
  j.onTheWayAt = start;
  j.etaAt = eta;
  j.arrivedAt = later(start, 26 * MINUTE);
  j.workStartedAt = later(start, 34 * MINUTE);
  const step = (toStatus: string, createdAt: Date, note: string | null = null) =>
    events.push({
      jobId: j.id!,
      actorId: j.landscaperId,
      fromStatus: "scheduled",
      toStatus,
      note,
      createdAt,
    });
  step("on_the_way", start, `ETA ${formatCharlotteClock(eta)}`);
  step("arrived", j.arrivedAt);
  step("work_started", j.workStartedAt);
}

/**
 * Makes `j` a visit finished at `completedAt` on its date, booked before (accepted, then approved by the
 * customer), with its history rewritten from the request on: whatever the generator had made of it (rated,
 * tipped, approved) is replaced.
 */
function finishVisit(j: DemoJob, events: DemoEvent[], visitDay: string, completedAt: Date) {
  const acceptedAt = j.acceptedAt!;
  const scheduledAt = j.scheduledAt ?? later(acceptedAt, 4 * HOUR);
  Object.assign(j, {
    status: "completed",
    preferredDate: visitDay,
    scheduledDate: visitDay,
    scheduledAt,
    completedAt,
    finalPriceCents: j.finalPriceCents ?? j.quotedPriceCents,
    tipCents: 0,
    rating: null,
    ratingComment: null,
    ratedAt: null,
    workApprovedAt: null,
    cancelReason: null,
    cancelledAt: null,
    updatedAt: completedAt,
  } satisfies Partial<DemoJob>);
  for (let i = events.length - 1; i >= 0; i--) if (events[i]!.jobId === j.id) events.splice(i, 1);
  const base = { jobId: j.id! };
  events.push(
    { ...base, actorId: j.customerId, fromStatus: null, toStatus: "pending", createdAt: j.createdAt! },
    { ...base, actorId: j.landscaperId, fromStatus: "pending", toStatus: "accepted", createdAt: acceptedAt },
    { ...base, actorId: j.customerId, fromStatus: "accepted", toStatus: "scheduled", createdAt: scheduledAt },
  );
  arrive(j, events, later(completedAt, -(2 * HOUR + 35 * MINUTE)));
  events.push({
    ...base,
    actorId: j.landscaperId,
    fromStatus: "scheduled",
    toStatus: "completed",
    createdAt: completedAt,
  });
}

/** The customer reports a problem: the job's fields and event as reportProblem leaves them. */
function report(j: DemoJob, events: DemoEvent[], reason: ProblemReason, note: string, at: Date) {
  Object.assign(j, {
    problemReportedAt: at,
    problemNote: note,
    problemReason: reason,
    disputeReportedAt: at,
    updatedAt: at,
  } satisfies Partial<DemoJob>);
  events.push({
    jobId: j.id!,
    actorId: j.customerId,
    fromStatus: "completed",
    toStatus: "problem_reported",
    note: `${problemReasonLabel[reason]}: ${note}`,
    createdAt: at,
  });
}

export function prepareDemoVisits(
  { now }: Pick<DemoContext, "now">,
  options: {
    jobs: DemoJob[];
    events: DemoEvent[];
    customers: DemoCustomer[];
    carlos: DemoLandscaper | undefined;
    adminId: string | null;
    showcase: { scheduledId: string | undefined; completedId: string | undefined };
  },
): DemoVisits {
  const { jobs, events, customers, carlos, adminId, showcase } = options;
  const byId = (id: string | undefined) => jobs.find((j) => id !== undefined && j.id === id) ?? null;
  const visits: DemoVisits = {
    showcaseScheduled: byId(showcase.scheduledId),
    showcaseCompleted: byId(showcase.completedId),
    openDispute: null,
    resolvedDispute: null,
    refunds: new Map(),
  };

  // Olivia's finished visit: Carlos was on his way at 12:20 for her 3 PM completion. Her booked visit is days
  // ahead, and arrival updates open only on a visit's day, so it has none.
  const finished = visits.showcaseCompleted;
  if (finished?.completedAt && finished.landscaperId) {
    arrive(finished, events, later(finished.completedAt, -(2 * HOUR + 40 * MINUTE)));
  }
  if (!carlos) return visits;

  // Carlos's jobs of the other (signed-up) customers, booked well before the visit they are given here.
  const olivia = customers[0]?.id;
  const others = (j: DemoJob) =>
    j.landscaperId === carlos.id &&
    !!j.customerId &&
    j.customerId !== olivia &&
    !!j.acceptedAt &&
    !!j.scheduledDate &&
    (j.status === "accepted" || j.status === "scheduled" || j.status === "completed");
  const dayOf = (iso: string) => new Date(`${iso}T12:00:00Z`).getTime();

  // The open one: the job whose visit date is nearest two days ago becomes that visit, finished at 1:40 PM.
  const visitDay = addDaysIso(todayInCharlotte(now), -2);
  const finishedAt = charlotteTime(visitDay, 13, 40);
  const open = jobs
    .filter((j) => others(j) && j.acceptedAt!.getTime() < finishedAt.getTime() - 3 * DAY)
    .map((j) => ({ j, off: Math.abs(dayOf(j.scheduledDate!) - dayOf(visitDay)) }))
    .sort((a, b) => a.off - b.off)[0]?.j;
  if (open) {
    finishVisit(open, events, visitDay, finishedAt);
    const reason: ProblemReason = "partly_done";
    const note = partlyDone[open.selectedServices?.[0] ?? ""] ?? partlyDone["seasonal-cleanup"]!;
    report(open, events, reason, note, charlotteTime(visitDay, 18, 20));
    const nextDay = addDaysIso(visitDay, 1);
    const redoDate = addDaysIso(visitDay, 4);
    const offeredAt = charlotteTime(nextDay, 8, 10);
    const declinedAt = charlotteTime(nextDay, 12, 5);
    const redoNote = "The back gate was locked on my first visit. I'll finish everything that was left.";
    Object.assign(open, {
      redoDate,
      redoNote,
      redoOfferedAt: offeredAt,
      redoDeclinedAt: declinedAt,
      updatedAt: declinedAt,
    } satisfies Partial<DemoJob>);
    const day = formatLongDate(redoDate);
    events.push(
      {
        jobId: open.id!,
        actorId: carlos.id,
        fromStatus: "completed",
        toStatus: "redo_offered",
        note: `Redo visit offered for ${day}: ${redoNote}`,
        createdAt: offeredAt,
      },
      {
        jobId: open.id!,
        actorId: open.customerId,
        fromStatus: "completed",
        toStatus: "redo_declined",
        note: `Redo visit for ${day} declined`,
        createdAt: declinedAt,
      },
    );
    visits.openDispute = open;
  }

  // The resolved one: Carlos's most recent finished job of another customer 10 to 28 days ago (so its
  // resolution, two days after, is on the Resolutions page's last 30 days), finished at 11:50 AM that day.
  const resolved = jobs
    .filter((j) => {
      if (!others(j) || j.status !== "completed" || j.customerId === open?.customerId) return false;
      const finished = charlotteTime(j.scheduledDate!, 11, 50).getTime();
      return (
        finished > (j.scheduledAt?.getTime() ?? 0) + 12 * HOUR &&
        finished > now.getTime() - 28 * DAY &&
        finished < now.getTime() - 10 * DAY
      );
    })
    .sort((a, b) => dayOf(b.scheduledDate!) - dayOf(a.scheduledDate!))[0];
  if (resolved) {
    const day = resolved.scheduledDate!;
    const completedAt = charlotteTime(day, 11, 50);
    finishVisit(resolved, events, day, completedAt);
    report(
      resolved,
      events,
      "damage",
      "The trimmer cut two hostas in the bed by the front path down to the ground. Photo attached.",
      later(completedAt, 5 * HOUR),
    );
    const price = resolved.finalPriceCents ?? 0;
    const refundCents = Math.min(price, Math.max(2000, Math.round((price * 0.2) / 500) * 500));
    const amount = formatCents(refundCents);
    const resolvedAt = charlotteTime(addDaysIso(day, 2), 10, 15);
    const resolutionNote = `Two hostas were cut down by the trimmer and ${carlos.business ?? carlos.name} agreed to cover replacing them: ${amount} refunded, the rest of the job charged.`;
    // As resolveDispute does it: the resolution claimed, the work approved on the customer's behalf (its
    // price captured, ./money/demo-payments.ts), then the refund.
    Object.assign(resolved, {
      disputeResolution: "partial_refund",
      disputeResolutionNote: resolutionNote,
      disputeResolvedAt: resolvedAt,
      workApprovedAt: later(resolvedAt, 1000),
      updatedAt: later(resolvedAt, 6000),
    } satisfies Partial<DemoJob>);
    visits.refunds.set(resolved.id!, { cents: refundCents, at: later(resolvedAt, 6000) });
    const byTeam = { jobId: resolved.id!, actorId: adminId, fromStatus: "completed" as const };
    events.push(
      {
        ...byTeam,
        toStatus: "work_approved",
        note: "Approved by our team after the reported problem.",
        createdAt: later(resolvedAt, 1000),
      },
      {
        ...byTeam,
        toStatus: "refunded",
        note: `${amount} refunded: ${resolutionNote}`,
        createdAt: later(resolvedAt, 6000),
      },
      {
        ...byTeam,
        toStatus: "dispute_resolved",
        note: `partial refund (${amount}): ${resolutionNote}`,
        createdAt: later(resolvedAt, 7000),
      },
    );
    visits.resolvedDispute = resolved;
  }
  return visits;
}
