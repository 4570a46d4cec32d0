import { eq } from "drizzle-orm";
import { addDaysIso, charlotteTime, formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import { LATE_LOCKOUT_DAYS } from "../../../shared/recurring.js";
import { missedVisitReason } from "../../../shared/reliability.js";
import { jobLabel } from "../../../shared/services.js";
import { MISSED_EVENT } from "../../features/landscapers/index.js";
import * as s from "../schema.js";
import { bookedJob, completeVisit, midPrice, requestOf, VISIT_LENGTH } from "./demo-booking.js";
import { DAY, type DemoEvent, type DemoJob, HOUR, later, MINUTE } from "./demo-fixtures.js";
import type { DemoContext, DemoCustomer, DemoLandscaper } from "./demo-people.js";
import { arrive } from "./demo-visits.js";
import { awaitsWorkApproval } from "./money/demo-payments.js";

/**
 * Reliability in the demo (issue 17), on the job rows before they are written (after ./demo-visits.ts, so
 * the generator's sequence and the rest of the demo stay as they were; no randomness here):
 * - Every finished visit has its arrival steps on its day (the on-time figure reads them), its completion
 *   moved to that day: Carlos and Rosa always on time, Tasha late once, Ben Whitaker late on every other
 *   visit (he came the next morning).
 * - A booked visit whose day has passed without anyone arriving would be taken by the late lock-out at the
 *   first pass: the demo has none (those visits are in the coming days), except the one below.
 * - Ben withdrew from a job he had accepted (it is open again, out of his queue).
 * - Jamal Harris (Harris Outdoor Services) did three jobs on time and has one booked, but never came to a
 *   visit three days ago: the late lock-out took it back to the queue (its hold released) and paused him,
 *   so the admin dashboard's review queue lists him.
 */

export interface DemoReliabilityPlan {
  withdrawal: { job: DemoJob; landscaper: DemoLandscaper; at: Date; reason: string } | null;
  missed: { job: DemoJob; landscaper: DemoLandscaper; date: string; at: Date } | null;
  /** Holds released without a charge (the missed visit's): job id → amount, when held and released. */
  releases: Map<string, { cents: number; heldAt: Date; at: Date }>;
}

/** Who is late on which of their finished visits (in date order); everyone else is always on time. */
const lateOn: Record<string, (index: number) => boolean> = {
  "Ben Whitaker": (index) => index % 2 === 0,
  "Tasha Williams": (index) => index === 2,
};

/**
 * Gives a finished visit its arrival steps on its day: on time (set off between 9 AM and 2 PM), or late
 * (the next morning). The completion moves to match, and the approval and rating after it by as much;
 * a visit where that would change what the demo already said (booked after it, approved or not yet) keeps
 * its times and goes without arrival steps.
 */
function stampArrival(j: DemoJob, events: DemoEvent[], now: Date, late: boolean, index: number): boolean {
  const old = j.completedAt!;
  const day = [j.scheduledDate!, todayInCharlotte(old)].sort()[0]!;
  const start = late
    ? charlotteTime(addDaysIso(day, 1), 8, 45)
    : charlotteTime(day, 9 + (index % 6), (index * 23) % 60);
  const completedAt = later(start, VISIT_LENGTH);
  const delta = completedAt.getTime() - old.getTime();
  const shift = (value: Date | null | undefined) => (value ? later(value, delta) : null);
  const approvedAt = shift(j.workApprovedAt);
  const ratedAt = shift(j.ratedAt);
  const fits =
    (j.scheduledAt?.getTime() ?? Number.POSITIVE_INFINITY) < start.getTime() - HOUR &&
    completedAt.getTime() < now.getTime() - HOUR &&
    awaitsWorkApproval(old, now) === awaitsWorkApproval(completedAt, now) &&
    (!approvedAt || approvedAt.getTime() < now.getTime() - 30 * MINUTE) &&
    (!ratedAt || ratedAt.getTime() < now.getTime() - MINUTE);
  if (!fits) return false;
  Object.assign(j, {
    scheduledDate: day,
    completedAt,
    workApprovedAt: approvedAt,
    ratedAt,
    updatedAt: ratedAt ?? approvedAt ?? completedAt,
  } satisfies Partial<DemoJob>);
  for (const e of events) {
    if (e.jobId !== j.id) continue;
    if (e.toStatus === "completed") e.createdAt = completedAt;
    if (e.toStatus === "work_approved") e.createdAt = shift(e.createdAt as Date)!;
  }
  arrive(j, events, start);
  return true;
}

export function prepareDemoReliability(
  { now }: Pick<DemoContext, "now">,
  options: {
    jobs: DemoJob[];
    events: DemoEvent[];
    customers: DemoCustomer[];
    landscapers: DemoLandscaper[];
  },
): DemoReliabilityPlan {
  const { jobs, events, customers, landscapers } = options;
  const today = todayInCharlotte(now);
  const plan: DemoReliabilityPlan = { withdrawal: null, missed: null, releases: new Map() };
  const approved = landscapers.filter((l) => l.status === "approved");
  const landscaper = (name: string) => approved.find((l) => l.name === name);
  const customer = (name: string) => customers.find((c) => c.name === name);

  // Booked visits whose day has passed are in the coming days instead: nobody missed them.
  let shifted = 0;
  for (const j of jobs) {
    if (j.status !== "scheduled" || !j.scheduledDate || j.scheduledDate >= today || j.arrivedAt) continue;
    j.scheduledDate = addDaysIso(today, 1 + (shifted++ % 3));
  }

  // Arrival steps on every finished visit, late as `lateOn` says.
  for (const l of approved) {
    const finished = jobs
      .filter((j) => j.landscaperId === l.id && j.status === "completed" && j.completedAt && !j.onTheWayAt)
      .sort((a, b) => a.scheduledDate!.localeCompare(b.scheduledDate!));
    let index = 0;
    for (const j of finished)
      if (stampArrival(j, events, now, lateOn[l.name]?.(index) ?? false, index)) index++;
  }

  // Ben withdrew from the latest request in his area he had taken (a day after accepting it).
  const ben = landscaper("Ben Whitaker");
  const withdrawn = jobs
    .filter(
      (j) =>
        ben &&
        j.status === "pending" &&
        j.customerId &&
        j.customerId !== customers[0]?.id &&
        (ben.zips as readonly string[]).includes(j.zipCode!) &&
        (j.createdAt as Date).getTime() < now.getTime() - 3 * DAY,
    )
    .sort((a, b) => (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime())[0];
  if (ben && withdrawn) {
    const acceptedAt = later(withdrawn.createdAt as Date, 5 * HOUR);
    const at = later(acceptedAt, 22 * HOUR);
    const reason = "My trailer broke down and I can't get to this job this week. Sorry for the trouble.";
    withdrawn.updatedAt = at;
    const base = { jobId: withdrawn.id! };
    events.push(
      { ...base, actorId: ben.id, fromStatus: "pending", toStatus: "accepted", createdAt: acceptedAt },
      { ...base, actorId: ben.id, fromStatus: "accepted", toStatus: "pending", note: reason, createdAt: at },
    );
    plan.withdrawal = { job: withdrawn, landscaper: ben, at, reason };
  }

  // Jamal: three jobs done on time, one booked, and the visit he missed three days ago.
  const jamal = landscaper("Jamal Harris");
  const kevin = customer("Kevin Price");
  const hannah = customer("Hannah Foster");
  const marcus = customer("Marcus Carter");
  const andre = customer("Andre Ramirez");
  if (!jamal || !kevin || !hannah || !marcus || !andre) return plan;
  const book = (who: DemoCustomer, serviceIds: Parameters<typeof requestOf>[1], date: string) => {
    const request = requestOf(who, serviceIds);
    const j = bookedJob(events, {
      request,
      landscaperId: jamal.id,
      priceCents: midPrice(request),
      date,
      requestedAt: charlotteTime(addDaysIso(date, -9), 18, 5),
      acceptedAt: charlotteTime(addDaysIso(date, -8), 9, 30),
      approvedAt: charlotteTime(addDaysIso(date, -8), 13, 45),
    });
    jobs.push(j);
    return j;
  };
  const done = [
    {
      j: book(kevin, ["bush-shrub-trimming"], addDaysIso(today, -33)),
      start: [10, 10],
      approvalHours: 4,
      rating: { stars: 5, comment: "Hedges look sharp. Thank you!", tipCents: 1000 },
    },
    {
      j: book(hannah, ["leaf-removal"], addDaysIso(today, -19)),
      start: [9, 25],
      approvalHours: null,
      rating: { stars: 4 },
    },
    {
      j: book(marcus, ["lawn-mowing", "edging-trimming"], addDaysIso(today, -9)),
      start: [14, 5],
      approvalHours: 3,
      rating: { stars: 5, comment: "Quick and careful." },
    },
  ];
  for (const { j, start, approvalHours, rating } of done)
    completeVisit(j, events, now, {
      start: charlotteTime(j.scheduledDate!, start[0]!, start[1]),
      approvalHours,
      rating,
    });
  book(kevin, ["mulch-installation"], addDaysIso(today, 4));

  // The missed visit: held by the pass two days before, taken back by the lock-out two days after.
  const date = addDaysIso(today, -(LATE_LOCKOUT_DAYS + 1));
  const missed = book(andre, ["lawn-mowing", "leaf-removal"], date);
  const at = charlotteTime(addDaysIso(date, LATE_LOCKOUT_DAYS), 0, 7);
  plan.releases.set(missed.id!, {
    cents: missed.quotedPriceCents!,
    heldAt: charlotteTime(addDaysIso(date, -2), 0, 7),
    at: later(at, 2000),
  });
  Object.assign(missed, {
    status: "pending",
    landscaperId: null,
    quotedPriceCents: null,
    scheduledDate: null,
    acceptedAt: null,
    scheduledAt: null,
    updatedAt: at,
  } satisfies Partial<DemoJob>);
  events.push({
    jobId: missed.id!,
    actorId: jamal.id,
    fromStatus: "scheduled",
    toStatus: MISSED_EVENT,
    note: `Missed: no arrival by ${formatLongDate(addDaysIso(date, LATE_LOCKOUT_DAYS))}. Back in the queue.`,
    createdAt: at,
  });
  plan.missed = { job: missed, landscaper: jamal, date, at };
  return plan;
}

/**
 * After the jobs are written: the withdrawn and missed jobs out of their landscaper's queue, Jamal paused
 * with the visit named (as the late lock-out leaves it), and the notices the customers, the landscapers and
 * our team got.
 */
export async function finishDemoReliability(
  { tx }: DemoContext,
  plan: DemoReliabilityPlan,
  numbers: Map<string, number>,
  adminId: string | null,
) {
  const notifications: (typeof s.notification.$inferInsert)[] = [];
  const { withdrawal, missed } = plan;
  if (withdrawal) {
    const { job, landscaper, at, reason } = withdrawal;
    const label = jobLabel(numbers.get(job.id!) ?? 0);
    await tx.insert(s.jobDecline).values({ jobId: job.id!, landscaperId: landscaper.id, createdAt: at });
    notifications.push({
      userId: job.customerId!,
      type: "job",
      message: `Your landscaper withdrew from ${label}: ${reason} It is open to other landscapers again, and nothing was charged.`,
      link: "/dashboard/customer",
      read: true,
      createdAt: at,
    });
    if (adminId)
      notifications.push({
        userId: adminId,
        type: "job",
        message: `A landscaper withdrew from ${label}: ${reason}`,
        link: "/admin/jobs",
        read: true,
        createdAt: at,
      });
  }
  if (missed) {
    const { job, landscaper, date, at } = missed;
    const label = jobLabel(numbers.get(job.id!) ?? 0);
    const day = formatLongDate(date);
    const reason = missedVisitReason(numbers.get(job.id!) ?? 0, date);
    await tx.insert(s.jobDecline).values({ jobId: job.id!, landscaperId: landscaper.id, createdAt: at });
    await tx
      .update(s.landscaper)
      .set({ pausedAt: at, pausedReason: reason, updatedAt: at })
      .where(eq(s.landscaper.userId, landscaper.id));
    const name = landscaperDisplayName({ businessName: landscaper.business, fullName: landscaper.name });
    notifications.push(
      {
        userId: job.customerId!,
        type: "job",
        message: `Your landscaper did not come for ${label} on ${day}, so the visit is back in the queue for another landscaper. Nothing was charged.`,
        link: "/dashboard/customer",
        read: false,
        createdAt: at,
      },
      {
        userId: landscaper.id,
        type: "system",
        message: `Your account is paused from new jobs: you did not mark your arrival at ${label} on ${day}, and it went back to the queue. Our team reviews every pause and will contact you. Your other scheduled visits stay yours.`,
        link: "/landscaper-dashboard",
        read: false,
        createdAt: at,
      },
    );
    if (adminId)
      notifications.push({
        userId: adminId,
        type: "system",
        message: `${name} was paused from new jobs: they missed ${label} on ${day} (no arrival marked). Review the pause on the dashboard.`,
        link: "/admin#paused-landscapers",
        read: false,
        createdAt: at,
      });
  }
  if (notifications.length) await tx.insert(s.notification).values(notifications);
}
