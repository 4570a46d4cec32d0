import { randomUUID } from "node:crypto";
import { and, asc, eq, gte } from "drizzle-orm";
import { addDaysIso, charlotteTime, formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import {
  GENERATE_WEEKS_AHEAD,
  type SeriesFrequency,
  seriesLabel,
  weekdayNames,
} from "../../../shared/recurring.js";
import { formatCents, jobLabel, type ServiceId } from "../../../shared/services.js";
import { changeableFreely, generateVisits, horizonOf } from "../../features/jobs/series.js";
import { firstOnWeekday, seriesDates } from "../../features/jobs/series-rule.js";
import * as s from "../schema.js";
import {
  completeVisit,
  type DemoEvent,
  type DemoJob,
  type Finish,
  HOUR,
  later,
  MINUTE,
  requestOf,
} from "./demo-booking.js";
import type { DemoContext, DemoCustomer, DemoLandscaper } from "./demo-people.js";

/**
 * Recurring service in the demo (issue 17), as the series flow leaves it:
 * - Olivia's weekly mowing with Carlos (SER-101, $45 a visit on Tuesdays), active for about seven weeks: its
 *   past visits done (on time but one, a day late; some rated, one tipped), the next visit moved a day by
 *   Carlos for rain, a later one skipped, and its visits generated 8 weeks ahead by the app's own
 *   generateVisits.
 * - Priya's mowing and edging every 2 weeks with Tasha (SER-102), paused yesterday until 3 weeks from today:
 *   the visits before that date cancelled as the pause does it (one less than 48 hours away stays), the
 *   visits after it generated.
 * - Grace's weekly mowing request (SER-103), still requested: its first visit waits in Carlos's queue.
 * - Marcus's flower bed maintenance every 2 weeks (SER-104), offered by Carlos, waiting for Marcus's approval.
 * The past and first visits are prepared with the demo's other jobs (before they are written); the visits
 * from today on are generated after, with their creation times set to when the daily pass would have made
 * them, and returned for ./demo-payments.ts.
 */

type SeriesRow = typeof s.jobSeries.$inferSelect;

interface Active {
  row: SeriesRow;
  customer: DemoCustomer;
  landscaper: DemoLandscaper;
  approvedAt: Date;
  /** Visits at approval (the first visit and those generated then), for the landscaper's notice. */
  visitsAtApproval: number;
}

export interface DemoSeriesPlan {
  weekly: Active | null;
  paused: (Active & { pausedAt: Date; until: string }) | null;
  requested: { row: SeriesRow; visit: DemoJob; landscaper: DemoLandscaper } | null;
  offered: { row: SeriesRow; visit: DemoJob; landscaper: DemoLandscaper } | null;
}

export const SKIP_REASON = "Skipped this visit";
const WEEKLY_PRICE_CENTS = 4500;
const PAUSED_PRICE_CENTS = 8000;
const OFFERED_PRICE_CENTS = 8500;

/** When the daily pass made a visit: the first pass with the date in its 8 weeks, or the approval. */
function generatedAt(date: string, approvedAt: Date, now: Date): Date {
  const pass = charlotteTime(addDaysIso(date, -(GENERATE_WEEKS_AHEAD * 7 - 1)), 0, 5);
  const at = Math.max(approvedAt.getTime(), pass.getTime());
  return new Date(Math.min(at, now.getTime() - MINUTE));
}

/** A visit as generateVisits writes it (scheduled with the series' landscaper and price), made at `at`. */
function seriesVisit(
  events: DemoEvent[],
  series: SeriesRow,
  first: DemoJob,
  date: string,
  at: Date,
): DemoJob {
  const j: DemoJob = {
    id: randomUUID(),
    customerId: series.customerId,
    customerName: series.customerName,
    customerEmail: series.customerEmail,
    customerPhone: series.customerPhone,
    address: series.address,
    zipCode: series.zipCode,
    selectedServices: series.selectedServices,
    serviceType: series.serviceType,
    additionalNotes: series.additionalNotes,
    preferredDate: date,
    scheduledDate: date,
    status: "scheduled",
    landscaperId: series.landscaperId,
    quotedPriceCents: series.pricePerVisitCents,
    estimateLowCents: first.estimateLowCents,
    estimateHighCents: first.estimateHighCents,
    acceptedAt: at,
    scheduledAt: at,
    seriesId: series.id,
    seriesDate: date,
    createdAt: at,
    updatedAt: at,
  };
  events.push({
    jobId: j.id!,
    actorId: null,
    fromStatus: null,
    toStatus: "scheduled",
    note: `A visit of ${seriesLabel(series.number)}`,
    createdAt: at,
  });
  return j;
}

export async function prepareDemoSeries(
  context: DemoContext,
  options: {
    jobs: DemoJob[];
    events: DemoEvent[];
    customers: DemoCustomer[];
    landscapers: DemoLandscaper[];
  },
): Promise<DemoSeriesPlan> {
  const { tx, now } = context;
  const { jobs, events, customers, landscapers } = options;
  const today = todayInCharlotte(now);
  const customer = (name: string) => customers.find((c) => c.name === name);
  const landscaper = (name: string) => landscapers.find((l) => l.name === name && l.status === "approved");
  const carlos = landscaper("Carlos Mendoza");
  const tasha = landscaper("Tasha Williams");
  const plan: DemoSeriesPlan = { weekly: null, paused: null, requested: null, offered: null };

  const insertSeries = async (values: typeof s.jobSeries.$inferInsert) =>
    (await tx.insert(s.jobSeries).values(values).returning())[0]!;

  /**
   * An active series: requested six days before its first visit, offered the next morning, approved at
   * lunch; its visits before today done as `finish` says, each made when the daily pass would have made it.
   */
  async function activeSeries(o: {
    customer: DemoCustomer;
    landscaper: DemoLandscaper;
    serviceIds: ServiceId[];
    notes: string;
    frequency: SeriesFrequency;
    weekday: number;
    priceCents: number;
    weeksBack: number;
    finish: (index: number, date: string) => Finish;
  }): Promise<Active> {
    // Not before the customer signed up (a week after, at the earliest).
    const earliest = addDaysIso(todayInCharlotte(o.customer.createdAt), 8);
    const from = [addDaysIso(today, -o.weeksBack * 7), earliest].sort().at(-1)!;
    const startDate = firstOnWeekday(from, o.weekday);
    const requestedAt = charlotteTime(addDaysIso(startDate, -6), 19, 20);
    const offeredAt = charlotteTime(addDaysIso(startDate, -5), 8, 15);
    const approvedAt = charlotteTime(addDaysIso(startDate, -5), 12, 30);
    const request = { ...requestOf(o.customer, o.serviceIds), additionalNotes: o.notes };
    const row = await insertSeries({
      ...request,
      landscaperId: o.landscaper.id,
      frequency: o.frequency,
      weekday: o.weekday,
      pricePerVisitCents: o.priceCents,
      status: "active",
      startDate,
      offeredAt,
      approvedAt,
      createdAt: requestedAt,
      updatedAt: approvedAt,
    });
    const rule = { frequency: o.frequency, weekday: o.weekday, startDate };
    // The first visit is the request itself: asked for the day before, Carlos chose the weekday.
    const first: DemoJob = {
      id: randomUUID(),
      ...request,
      preferredDate: addDaysIso(startDate, -1),
      status: "scheduled",
      landscaperId: o.landscaper.id,
      quotedPriceCents: o.priceCents,
      scheduledDate: startDate,
      acceptedAt: offeredAt,
      scheduledAt: approvedAt,
      seriesId: row.id,
      seriesDate: startDate,
      createdAt: requestedAt,
      updatedAt: approvedAt,
    };
    const base = { jobId: first.id! };
    events.push(
      { ...base, actorId: o.customer.id, fromStatus: null, toStatus: "pending", createdAt: requestedAt },
      {
        ...base,
        actorId: o.landscaper.id,
        fromStatus: "pending",
        toStatus: "accepted",
        createdAt: offeredAt,
      },
      {
        ...base,
        actorId: o.customer.id,
        fromStatus: "accepted",
        toStatus: "scheduled",
        createdAt: approvedAt,
      },
    );
    const past = seriesDates(rule, { from: startDate, through: addDaysIso(today, -1) });
    past.forEach((date, index) => {
      const visit =
        index === 0 ? first : seriesVisit(events, row, first, date, generatedAt(date, approvedAt, now));
      completeVisit(visit, events, now, o.finish(index, date));
      jobs.push(visit);
    });
    const visitsAtApproval = seriesDates(rule, {
      from: startDate,
      through: horizonOf(todayInCharlotte(approvedAt)),
    }).length;
    return { row, customer: o.customer, landscaper: o.landscaper, approvedAt, visitsAtApproval };
  }

  // SER-101: Olivia's weekly mowing with Carlos, Tuesdays at $45; his fourth visit came a day late.
  const olivia = customers[0];
  if (olivia && carlos) {
    const ratings: Record<number, Finish["rating"]> = {
      0: { stars: 5, comment: "Great first visit: neat stripes, and the clippings were blown off the walk." },
      1: { stars: 5 },
      3: { stars: 4, comment: "A day late this week, but the lawn looks good." },
      5: { stars: 5, comment: "Always tidy. Thank you, Carlos!", tipCents: 500 },
    };
    plan.weekly = await activeSeries({
      customer: olivia,
      landscaper: carlos,
      serviceIds: ["lawn-mowing"],
      notes: "Front and back lawns. The side gate is usually unlocked.",
      frequency: "weekly",
      weekday: 2,
      priceCents: WEEKLY_PRICE_CENTS,
      weeksBack: 7,
      finish: (index, date) => ({
        start:
          index === 3
            ? charlotteTime(addDaysIso(date, 1), 8, 50)
            : charlotteTime(date, [10, 9, 11][index % 3]!, [5, 40, 15][index % 3]!),
        approvalHours: index % 3 === 2 ? null : 2 + index,
        rating: ratings[index],
      }),
    });
  }

  // SER-102: Priya's mowing and edging every 2 weeks with Tasha, Fridays; paused yesterday for 3 weeks.
  const priya = customer("Priya Nguyen");
  if (priya && tasha) {
    const active = await activeSeries({
      customer: priya,
      landscaper: tasha,
      serviceIds: ["lawn-mowing", "edging-trimming"],
      notes: "Please edge along the driveway and the front walk.",
      frequency: "biweekly",
      weekday: 5,
      priceCents: PAUSED_PRICE_CENTS,
      weeksBack: 9,
      finish: (index, date) => ({
        start: charlotteTime(date, 13, 10 + ((index * 7) % 40)),
        approvalHours: index % 2 === 0 ? 5 : null,
        rating: index % 2 === 0 ? { stars: index === 0 ? 4 : 5 } : undefined,
      }),
    });
    const pausedAt = later(now, -26 * HOUR);
    const until = addDaysIso(today, 21);
    const reason = `Series paused until ${formatLongDate(until)}`;
    const [first] = jobs.filter((j) => j.seriesId === active.row.id);
    // As pauseSeries does it: the visits before `until` at least 48 hours away are cancelled; a closer one stays.
    for (const date of seriesDates(
      { frequency: "biweekly", weekday: 5, startDate: active.row.startDate },
      { from: today, through: addDaysIso(until, -1) },
    )) {
      const visit = seriesVisit(events, active.row, first!, date, generatedAt(date, active.approvedAt, now));
      if (changeableFreely(date, pausedAt)) {
        Object.assign(visit, {
          status: "cancelled",
          cancelReason: reason,
          cancelledAt: pausedAt,
          updatedAt: pausedAt,
        } satisfies Partial<DemoJob>);
        events.push({
          jobId: visit.id!,
          actorId: priya.id,
          fromStatus: "scheduled",
          toStatus: "cancelled",
          note: reason,
          createdAt: pausedAt,
        });
      }
      jobs.push(visit);
    }
    const [row] = await tx
      .update(s.jobSeries)
      .set({ pausedUntil: until, updatedAt: pausedAt })
      .where(eq(s.jobSeries.id, active.row.id))
      .returning();
    plan.paused = { ...active, row: row!, pausedAt, until };
  }

  // SER-103: Grace's weekly mowing, requested last night: its first visit waits in Carlos's queue.
  const grace = customer("Grace Coleman");
  if (grace && carlos) {
    const requestedAt = later(now, -20 * HOUR);
    const preferredDate = addDaysIso(today, 4);
    const request = {
      ...requestOf(grace, ["lawn-mowing"]),
      additionalNotes: "Weekly through the fall, please. Two dogs in the back yard; they are friendly.",
    };
    const row = await insertSeries({
      ...request,
      frequency: "weekly",
      startDate: preferredDate,
      createdAt: requestedAt,
      updatedAt: requestedAt,
    });
    const visit: DemoJob = {
      id: randomUUID(),
      ...request,
      preferredDate,
      seriesId: row.id,
      seriesDate: preferredDate,
      status: "pending",
      createdAt: requestedAt,
      updatedAt: requestedAt,
    };
    events.push({
      jobId: visit.id!,
      actorId: grace.id,
      fromStatus: null,
      toStatus: "pending",
      createdAt: requestedAt,
    });
    jobs.push(visit);
    plan.requested = { row, visit, landscaper: carlos };
  }

  // SER-104: Marcus's flower beds every 2 weeks, offered by Carlos on Thursdays at $85: Marcus approves once.
  const marcus = customer("Marcus Carter");
  if (marcus && carlos) {
    const requestedAt = later(now, -3 * 24 * HOUR);
    const offeredAt = later(now, -30 * HOUR);
    const preferredDate = addDaysIso(today, 5);
    const weekday = 4;
    const startDate = firstOnWeekday(preferredDate, weekday);
    const request = {
      ...requestOf(marcus, ["flower-bed-maintenance"]),
      additionalNotes: "The beds along the front porch and around the mailbox.",
    };
    const row = await insertSeries({
      ...request,
      landscaperId: carlos.id,
      frequency: "biweekly",
      weekday,
      pricePerVisitCents: OFFERED_PRICE_CENTS,
      status: "offered",
      startDate,
      offeredAt,
      createdAt: requestedAt,
      updatedAt: offeredAt,
    });
    const visit: DemoJob = {
      id: randomUUID(),
      ...request,
      preferredDate,
      seriesId: row.id,
      seriesDate: startDate,
      status: "accepted",
      landscaperId: carlos.id,
      quotedPriceCents: OFFERED_PRICE_CENTS,
      scheduledDate: startDate,
      acceptedAt: offeredAt,
      createdAt: requestedAt,
      updatedAt: offeredAt,
    };
    const base = { jobId: visit.id! };
    events.push(
      { ...base, actorId: marcus.id, fromStatus: null, toStatus: "pending", createdAt: requestedAt },
      { ...base, actorId: carlos.id, fromStatus: "pending", toStatus: "accepted", createdAt: offeredAt },
    );
    jobs.push(visit);
    plan.offered = { row, visit, landscaper: carlos };
  }
  return plan;
}

/**
 * After the jobs are written: the active series' visits from today on, generated by the app's
 * generateVisits (which also sets how far they go), dated as the daily pass would have made them; Olivia's
 * next visit moved by Carlos for rain and a later one skipped; the notices of it all. Answers the
 * generated visits, for the payments.
 */
export async function finishDemoSeries(
  context: DemoContext,
  plan: DemoSeriesPlan,
  numbers: Map<string, number>,
): Promise<DemoJob[]> {
  const { tx, now } = context;
  const today = todayInCharlotte(now);
  const notifications: (typeof s.notification.$inferInsert)[] = [];
  const generated: DemoJob[] = [];

  async function generate(active: Active): Promise<(typeof s.job.$inferSelect)[]> {
    const from = [today, active.row.pausedUntil ?? today].sort().at(-1)!;
    await generateVisits(tx, active.row, today);
    const visits = await tx
      .select()
      .from(s.job)
      .where(and(eq(s.job.seriesId, active.row.id), gte(s.job.seriesDate, from)))
      .orderBy(asc(s.job.seriesDate));
    for (const visit of visits) {
      const at = generatedAt(visit.seriesDate!, active.approvedAt, now);
      Object.assign(visit, { acceptedAt: at, scheduledAt: at, createdAt: at, updatedAt: at });
      await tx
        .update(s.job)
        .set({ acceptedAt: at, scheduledAt: at, createdAt: at, updatedAt: at })
        .where(eq(s.job.id, visit.id));
      await tx.update(s.jobEvent).set({ createdAt: at }).where(eq(s.jobEvent.jobId, visit.id));
    }
    return visits;
  }

  const weekly = plan.weekly;
  if (weekly) {
    const visits = await generate(weekly);
    const { customer, landscaper, row } = weekly;
    notifications.push({
      userId: landscaper.id,
      type: "job",
      message: `${customer.name} approved ${seriesLabel(row.number)}: ${weekly.visitsAtApproval} visits are on your schedule.`,
      link: "/landscaper-dashboard?tab=schedule",
      read: true,
      createdAt: weekly.approvedAt,
    });
    const upcoming = visits.filter((v) => v.seriesDate! > today);
    // The next visit after today: rain is forecast, Carlos moves it a day.
    const moved = upcoming[0];
    if (moved) {
      const from = moved.scheduledDate!;
      const to = addDaysIso(from, 1);
      const movedAt = new Date(Math.max(later(now, -5 * HOUR).getTime(), moved.createdAt.getTime() + MINUTE));
      const reason = `Heavy rain is forecast for ${weekdayNames[row.weekday!]}; the lawn will be too wet to mow.`;
      Object.assign(moved, {
        scheduledDate: to,
        movedAt,
        movedFrom: from,
        moveReason: reason,
        updatedAt: movedAt,
      });
      await tx
        .update(s.job)
        .set({ scheduledDate: to, movedAt, movedFrom: from, moveReason: reason, updatedAt: movedAt })
        .where(eq(s.job.id, moved.id));
      await tx.insert(s.jobEvent).values({
        jobId: moved.id,
        actorId: landscaper.id,
        fromStatus: "scheduled",
        toStatus: "moved",
        note: `Moved from ${formatLongDate(from)} to ${formatLongDate(to)}: ${reason}`,
        createdAt: movedAt,
      });
      const label = jobLabel(moved.number);
      notifications.push({
        userId: customer.id,
        type: "job",
        message: `Your visit ${label} moves from ${formatLongDate(from)} to ${formatLongDate(to)}: ${reason} If the new day does not suit you, decline it on your dashboard (nothing is charged).`,
        link: "/dashboard/customer",
        read: false,
        createdAt: movedAt,
      });
    }
    // Two weeks after it: Olivia skips a visit (weeks ahead, so nothing was held and no fee applies).
    const skipped = upcoming[2];
    if (skipped) {
      const skippedAt = new Date(
        Math.max(later(now, -20 * HOUR).getTime(), skipped.createdAt.getTime() + MINUTE),
      );
      Object.assign(skipped, {
        status: "cancelled" as const,
        cancelReason: SKIP_REASON,
        cancelledAt: skippedAt,
        updatedAt: skippedAt,
      });
      await tx
        .update(s.job)
        .set({ status: "cancelled", cancelReason: SKIP_REASON, cancelledAt: skippedAt, updatedAt: skippedAt })
        .where(eq(s.job.id, skipped.id));
      await tx.insert(s.jobEvent).values({
        jobId: skipped.id,
        actorId: customer.id,
        fromStatus: "scheduled",
        toStatus: "cancelled",
        note: SKIP_REASON,
        createdAt: skippedAt,
      });
      notifications.push({
        userId: landscaper.id,
        type: "job",
        message: `${jobLabel(skipped.number)} was cancelled: ${SKIP_REASON}`,
        link: "/landscaper-dashboard",
        read: false,
        createdAt: skippedAt,
      });
    }
    generated.push(...visits);
  }

  const paused = plan.paused;
  if (paused) {
    generated.push(...(await generate(paused)));
    const label = seriesLabel(paused.row.number);
    notifications.push(
      {
        userId: paused.landscaper.id,
        type: "job",
        message: `${paused.customer.name} approved ${label}: ${paused.visitsAtApproval} visits are on your schedule.`,
        link: "/landscaper-dashboard?tab=schedule",
        read: true,
        createdAt: paused.approvedAt,
      },
      {
        userId: paused.landscaper.id,
        type: "job",
        message: `${paused.customer.name} paused ${label} until ${formatLongDate(paused.until)}; those visits are off your schedule.`,
        link: "/landscaper-dashboard?tab=schedule",
        read: false,
        createdAt: paused.pausedAt,
      },
    );
  }

  const requested = plan.requested;
  if (requested) {
    const { visit, landscaper } = requested;
    notifications.push({
      userId: landscaper.id,
      type: "job",
      message: `New job request in ${visit.zipCode}: Lawn Mowing (${formatLongDate(visit.preferredDate)}).`,
      link: "/landscaper-dashboard",
      read: false,
      createdAt: visit.createdAt,
    });
  }

  const offered = plan.offered;
  if (offered) {
    const { visit, landscaper } = offered;
    const label = jobLabel(numbers.get(visit.id!) ?? 0);
    const price = formatCents(visit.quotedPriceCents ?? 0);
    const name = landscaperDisplayName({ businessName: landscaper.business, fullName: landscaper.name });
    notifications.push(
      {
        userId: landscaper.id,
        type: "job",
        message: `You accepted ${label} for ${price}. Waiting for the customer's approval.`,
        link: "/landscaper-dashboard",
        read: true,
        createdAt: visit.acceptedAt!,
      },
      {
        userId: visit.customerId!,
        type: "job",
        message: `${name} accepted ${label}: ${price} on ${formatLongDate(visit.scheduledDate!)}. Please approve.`,
        link: "/dashboard/customer",
        read: false,
        createdAt: visit.acceptedAt!,
      },
    );
  }

  if (notifications.length) await tx.insert(s.notification).values(notifications);
  return generated;
}
