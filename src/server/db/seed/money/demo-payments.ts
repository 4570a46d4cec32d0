import { addDaysIso, charlotteTime, daysUntil } from "../../../../shared/dates.js";
import {
  DEFAULT_CANCELLATION_FEE_CENTS,
  HOLD_AT_APPROVAL_WITHIN_DAYS,
  HOLD_DAYS_BEFORE_VISIT,
  HOLD_LIFETIME_DAYS,
  LATE_CANCEL_HOURS,
  VISIT_START_HOUR,
  WORK_APPROVAL_HOURS,
} from "../../../../shared/payments.js";
import { formatCents } from "../../../../shared/services.js";
import { DAY, type DemoEvent, type DemoJob } from "../demo-fixtures.js";
import type { DemoContext, DemoCustomer } from "../demo-people.js";
import { seedCards } from "./demo-cards.js";
import { moneyBook, splitLines, wholeLines } from "./demo-money-book.js";

/**
 * The demo's money, as the payments feature would have left it: saved test cards, the holds, captures,
 * releases, tips and a late cancellation's fee of every job at the provider (the embedded test processor's
 * own records included, so it can go on charging those cards), and their ledger transactions, dated along
 * each job's timeline. Two steps: `prepareDemoMoney` before the jobs are written (the approvals of the
 * work, the cancellations that had a hold), `seedDemoPayments` after (with the partial refund of a resolved
 * problem report, ../demo-visits.ts). The cards are ./demo-cards.ts, the rows and ledger lines
 * ./demo-money-book.ts.
 */

const HOUR = 60 * 60 * 1000;
const FEE_CENTS = DEFAULT_CANCELLATION_FEE_CENTS;

const time = (value: Date | null | undefined) => value?.getTime() ?? 0;
const later = (value: Date | number, ms: number) => new Date(new Date(value).getTime() + ms);

/**
 * When the app held the job's price: when the customer approved the booking for a visit 6 days away or
 * fewer, else by the scheduled pass just after midnight 2 days before the visit. Null when nothing is held.
 */
function holdTime(j: DemoJob): Date | null {
  if (!j.scheduledAt || !j.scheduledDate || !j.quotedPriceCents || !j.customerId || !j.landscaperId)
    return null;
  if (daysUntil(j.scheduledDate, j.scheduledAt) <= HOLD_AT_APPROVAL_WITHIN_DAYS)
    return later(j.scheduledAt, 2000);
  const dayOfPass = addDaysIso(j.scheduledDate, -HOLD_DAYS_BEFORE_VISIT);
  return later(charlotteTime(dayOfPass, 0), 7 * 60 * 1000);
}

/** A cancelled job whose price was held before the cancellation: it was a booked (scheduled) visit. */
function heldWhenCancelled(j: DemoJob): boolean {
  const held = holdTime(j);
  return j.status === "cancelled" && held !== null && time(j.cancelledAt) > time(held);
}

/** Cancelled less than 24 hours before 8 AM on the visit's date: the customer paid the fee. */
function cancelledLate(j: DemoJob): boolean {
  const start = charlotteTime(j.scheduledDate!, VISIT_START_HOUR).getTime();
  return start - time(j.cancelledAt) < LATE_CANCEL_HOURS * HOUR;
}

/** The history's line for approved work: the customer's approval, or the automatic one at 48 hours. */
export function workApprovedEvent(j: DemoJob, approvedAt: Date, automatic: boolean): DemoEvent {
  return {
    jobId: j.id!,
    actorId: automatic ? null : j.customerId,
    fromStatus: "completed",
    toStatus: "work_approved",
    note: automatic ? "Approved automatically 48 hours after completion." : "Approved by the customer.",
    createdAt: approvedAt,
  };
}

/** Work completed less than 48 hours before `now`: it waits for the customer's approval, unrated and untipped. */
export function awaitsWorkApproval(completedAt: Date | null | undefined, now: Date): boolean {
  return !!completedAt && now.getTime() - completedAt.getTime() < WORK_APPROVAL_HOURS * HOUR;
}

/**
 * Before the jobs are written: work completed 48 hours ago or more is approved (mostly by the customer within
 * hours, some automatically at 48 hours); the cancelled jobs that had a hold were booked first, and the most
 * recent of them (not the demo customer's) was cancelled hours before its visit, fee and all.
 */
export function prepareDemoMoney(
  { rnd, now }: Pick<DemoContext, "rnd" | "now">,
  { jobs, events, customers }: { jobs: DemoJob[]; events: DemoEvent[]; customers: DemoCustomer[] },
) {
  for (const j of jobs) {
    if (j.status !== "completed" || !j.completedAt || awaitsWorkApproval(j.completedAt, now)) continue;
    const automatic = rnd.chance(0.25);
    const approvedAt = later(j.completedAt, (automatic ? WORK_APPROVAL_HOURS : rnd.int(2, 40)) * HOUR);
    j.workApprovedAt = approvedAt;
    if (time(j.updatedAt) < approvedAt.getTime()) j.updatedAt = approvedAt;
    // The rating (and its tip) comes after the approval, as the dashboard asks for it only then.
    if (j.ratedAt && j.ratedAt.getTime() < approvedAt.getTime())
      j.ratedAt = new Date(Math.min(approvedAt.getTime() + 10 * 60 * 1000, now.getTime()));
    events.push(workApprovedEvent(j, approvedAt, automatic));
  }

  const held = jobs.filter(heldWhenCancelled);
  const lateOne = held
    .filter((j) => j.customerId !== customers[0]?.id)
    .map((j) => ({ j, at: later(charlotteTime(j.scheduledDate!, VISIT_START_HOUR), -rnd.int(3, 14) * HOUR) }))
    .filter(({ j, at }) => at.getTime() < now.getTime() - HOUR && at.getTime() > time(holdTime(j)))
    .sort((a, b) => time(b.j.createdAt) - time(a.j.createdAt))[0];
  if (lateOne) {
    lateOne.j.cancelledAt = lateOne.at;
    lateOne.j.updatedAt = lateOne.at;
  }
  for (const j of held) {
    const cancel = events.find((e) => e.jobId === j.id && e.toStatus === "cancelled");
    if (cancel) {
      cancel.fromStatus = "scheduled";
      cancel.createdAt = j.cancelledAt!;
      if (cancelledLate(j)) cancel.note = `${j.cancelReason} (cancellation fee ${formatCents(FEE_CENTS)})`;
    }
    events.push({
      jobId: j.id!,
      actorId: j.customerId,
      fromStatus: "accepted",
      toStatus: "scheduled",
      createdAt: j.scheduledAt!,
    });
  }
}

/**
 * After the jobs are written: the cards, every job's payments and their ledger transactions; `refunds` (job
 * id → amount and time) are refunds of a job's captured price, recorded as refundJob leaves them; `releases`
 * (job id → amount, when held and when released) are holds of jobs no longer booked (a visit the late
 * lock-out took back), released without a charge.
 */
export async function seedDemoPayments(
  context: DemoContext,
  {
    customers,
    jobs,
    refunds = new Map(),
    releases = new Map(),
  }: {
    customers: DemoCustomer[];
    jobs: DemoJob[];
    refunds?: Map<string, { cents: number; at: Date }>;
    releases?: Map<string, { cents: number; heldAt: Date; at: Date }>;
  },
) {
  const { now } = context;
  const cards = await seedCards(context, customers, jobs);
  const { add, write } = moneyBook();

  /** A hold still open at the provider: placed at `at`, but never in the future nor lapsed already. */
  const openHoldAt = (at: Date) =>
    new Date(
      Math.max(Math.min(at.getTime(), now.getTime() - HOUR), now.getTime() - (HOLD_LIFETIME_DAYS - 1) * DAY),
    );

  for (const j of jobs) {
    const released = releases.get(j.id!);
    const card = cards.get(j.customerId ?? "");
    if (!released || !card) continue;
    add(j, card, {
      kind: "job",
      key: `job:${j.id}:hold:1`,
      status: "released",
      amountCents: released.cents,
      capturedCents: 0,
      heldAt: released.heldAt,
      doneAt: released.at,
    });
  }

  for (const j of jobs) {
    const card = cards.get(j.customerId ?? "");
    const heldAt = holdTime(j);
    if (!card || !heldAt || !j.landscaperId) continue;
    const price = j.quotedPriceCents!;
    const hold = `job:${j.id}:hold:1`;
    const stillHeld = (at: Date) =>
      add(j, card, {
        kind: "job",
        key: hold,
        status: "held",
        amountCents: price,
        capturedCents: 0,
        heldAt: at,
      });
    if (j.status === "scheduled" && daysUntil(j.scheduledDate!, now) <= HOLD_AT_APPROVAL_WITHIN_DAYS) {
      stillHeld(openHoldAt(heldAt));
    } else if (j.status === "completed" && j.completedAt) {
      const finalCents = j.finalPriceCents ?? price;
      const before = new Date(Math.min(heldAt.getTime(), j.completedAt.getTime() - HOUR));
      if (j.workApprovedAt) {
        // Captured when the work was approved, from a hold that had not lapsed by then.
        const capturedAt = later(j.workApprovedAt, 3000);
        const at = new Date(
          Math.max(before.getTime(), capturedAt.getTime() - (HOLD_LIFETIME_DAYS - 1) * DAY),
        );
        const refund = refunds.get(j.id!);
        add(j, card, {
          kind: "job",
          key: hold,
          status: "captured",
          amountCents: finalCents,
          capturedCents: finalCents,
          heldAt: at,
          doneAt: capturedAt,
          ledger: { kind: "job_charge", lines: splitLines(finalCents, j.landscaperId) },
          ...(refund
            ? {
                refund: {
                  ...refund,
                  lines: splitLines(refund.cents, j.landscaperId).map((line) => ({
                    ...line,
                    amountCents: -line.amountCents,
                  })),
                },
              }
            : {}),
        });
      } else {
        // Waiting for the customer to approve the work (or for 48 hours to pass): still held.
        stillHeld(openHoldAt(before));
      }
      const tipCents = j.tipCents ?? 0;
      if (tipCents > 0) {
        // Charged with the rating (after the work's approval, as only approved work has a tip), as its own
        // payment.
        const tippedAt = new Date(
          Math.min(time(j.ratedAt) || time(j.workApprovedAt) + 10 * 60 * 1000, now.getTime() - 60 * 1000),
        );
        add(j, card, {
          kind: "tip",
          key: `job:${j.id}:tip:1`,
          status: "captured",
          amountCents: tipCents,
          capturedCents: tipCents,
          doneAt: tippedAt,
          ledger: { kind: "tip", lines: wholeLines(tipCents, j.landscaperId) },
        });
      }
    } else if (heldWhenCancelled(j)) {
      const cancelledAt = later(j.cancelledAt!, 2000);
      const feeCents = cancelledLate(j) ? Math.min(FEE_CENTS, price) : 0;
      add(j, card, {
        kind: "job",
        key: hold,
        status: feeCents ? "captured" : "released",
        amountCents: price,
        capturedCents: feeCents,
        heldAt,
        doneAt: cancelledAt,
        ...(feeCents
          ? { ledger: { kind: "cancellation_fee" as const, lines: wholeLines(feeCents, j.landscaperId) } }
          : {}),
      });
    }
  }

  await write(context);
}
