import { eq } from "drizzle-orm";
import { addDaysIso, charlotteTime, formatLongDate } from "../../../../shared/dates.js";
import { changeableFreely, seriesLabel } from "../../../../shared/recurring.js";
import { seriesDates } from "../../../features/series/rule.js";
import * as s from "../../schema.js";
import { type DemoJob, HOUR, later } from "../demo-fixtures.js";
import type { DemoContext, DemoCustomer, DemoLandscaper } from "../demo-people.js";
import {
  type Active,
  activeSeries,
  approvedNotice,
  generatedAt,
  generateFromToday,
  type SeriesSeed,
  seriesVisit,
} from "./demo-series-active.js";

/**
 * SER-102, Priya's mowing and edging every 2 weeks with Tasha, Fridays, paused yesterday until 3 weeks from
 * today: the visits before that date cancelled as pauseSeries does it (one less than 48 hours away stays);
 * after the jobs are written, the visits from the end of the pause generated.
 */

export type PausedSeries = Active & { pausedAt: Date; until: string };

const PAUSED_PRICE_CENTS = 8000;

export async function preparePausedSeries(
  seed: SeriesSeed,
  priya: DemoCustomer,
  tasha: DemoLandscaper,
): Promise<PausedSeries> {
  const { today, jobs, events } = seed;
  const { tx, now } = seed.context;
  const active = await activeSeries(seed, {
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
  return { ...active, row: row!, pausedAt, until };
}

/** Generates the paused series' visits after its pause, with Tasha's notices of the approval and the pause. */
export async function finishPausedSeries(
  context: DemoContext,
  paused: PausedSeries,
  notifications: (typeof s.notification.$inferInsert)[],
) {
  const visits = await generateFromToday(context, paused);
  const label = seriesLabel(paused.row.number);
  notifications.push(approvedNotice(paused), {
    userId: paused.landscaper.id,
    type: "job",
    message: `${paused.customer.name} paused ${label} until ${formatLongDate(paused.until)}; those visits are off your schedule.`,
    link: "/landscaper-dashboard?tab=schedule",
    read: false,
    createdAt: paused.pausedAt,
  });
  return visits;
}
