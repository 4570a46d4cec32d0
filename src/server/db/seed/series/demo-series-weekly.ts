import { eq } from "drizzle-orm";
import { addDaysIso, charlotteTime, formatLongDate, todayInCharlotte } from "../../../../shared/dates.js";
import { SKIP_REASON, weekdayNames } from "../../../../shared/recurring.js";
import { jobLabel } from "../../../../shared/services.js";
import * as s from "../../schema.js";
import type { Finish } from "../demo-booking.js";
import { HOUR, later, MINUTE } from "../demo-fixtures.js";
import type { DemoContext, DemoCustomer, DemoLandscaper } from "../demo-people.js";
import {
  type Active,
  activeSeries,
  approvedNotice,
  generateFromToday,
  type SeriesSeed,
} from "./demo-series-active.js";

/**
 * SER-101, Olivia's weekly mowing with Carlos, Tuesdays at $45, active for about seven weeks: its past visits
 * done (on time but the fourth, a day late; some rated, one tipped); after the jobs are written, its visits
 * 8 weeks ahead, the next one moved a day by Carlos for rain and a later one skipped by Olivia.
 */

const WEEKLY_PRICE_CENTS = 4500;

export function prepareWeeklySeries(
  seed: SeriesSeed,
  olivia: DemoCustomer,
  carlos: DemoLandscaper,
): Promise<Active> {
  const ratings: Record<number, Finish["rating"]> = {
    0: { stars: 5, comment: "Great first visit: neat stripes, and the clippings were blown off the walk." },
    1: { stars: 5 },
    3: { stars: 4, comment: "A day late this week, but the lawn looks good." },
    5: { stars: 5, comment: "Always tidy. Thank you, Carlos!", tipCents: 500 },
  };
  return activeSeries(seed, {
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

type Visit = typeof s.job.$inferSelect;

/**
 * A scheduled visit changed as its action would change it, at `set.updatedAt`: the row in the database, its
 * event, and the copy in `visit` the later steps read.
 */
async function changeVisit(
  tx: DemoContext["tx"],
  visit: Visit,
  set: Partial<Visit> & { updatedAt: Date },
  event: { actorId: string; toStatus: "moved" | "cancelled"; note: string },
) {
  Object.assign(visit, set);
  await tx.update(s.job).set(set).where(eq(s.job.id, visit.id));
  await tx
    .insert(s.jobEvent)
    .values({ jobId: visit.id, fromStatus: "scheduled", createdAt: set.updatedAt, ...event });
}

/** Generates the weekly series' visits, then moves the next one and skips a later one, with their notices. */
export async function finishWeeklySeries(
  context: DemoContext,
  weekly: Active,
  notifications: (typeof s.notification.$inferInsert)[],
) {
  const { tx, now } = context;
  const today = todayInCharlotte(now);
  const visits = await generateFromToday(context, weekly);
  const { customer, landscaper, row } = weekly;
  notifications.push(approvedNotice(weekly));
  const upcoming = visits.filter((v) => v.seriesDate! > today);
  // The next visit after today: rain is forecast, Carlos moves it a day.
  const moved = upcoming[0];
  if (moved) {
    const from = moved.scheduledDate!;
    const to = addDaysIso(from, 1);
    const movedAt = new Date(Math.max(later(now, -5 * HOUR).getTime(), moved.createdAt.getTime() + MINUTE));
    const reason = `Heavy rain is forecast for ${weekdayNames[row.weekday!]}; the lawn will be too wet to mow.`;
    await changeVisit(
      tx,
      moved,
      { scheduledDate: to, movedAt, movedFrom: from, moveReason: reason, updatedAt: movedAt },
      {
        actorId: landscaper.id,
        toStatus: "moved",
        note: `Moved from ${formatLongDate(from)} to ${formatLongDate(to)}: ${reason}`,
      },
    );
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
    await changeVisit(
      tx,
      skipped,
      { status: "cancelled", cancelReason: SKIP_REASON, cancelledAt: skippedAt, updatedAt: skippedAt },
      { actorId: customer.id, toStatus: "cancelled", note: SKIP_REASON },
    );
    notifications.push({
      userId: landscaper.id,
      type: "job",
      message: `${jobLabel(skipped.number)} was cancelled: ${SKIP_REASON}`,
      link: "/landscaper-dashboard",
      read: false,
      createdAt: skippedAt,
    });
  }
  return visits;
}
