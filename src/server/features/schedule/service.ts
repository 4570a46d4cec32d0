import { and, asc, between, eq } from "drizzle-orm";
import { defaultAvailability } from "../../../shared/booking.js";
import { addDaysIso, todayInCharlotte } from "../../../shared/dates.js";
import { areaLabel } from "../../../shared/neighbourhoods.js";
import { frequencies, type SeriesFrequency } from "../../../shared/recurring.js";
import type {
  ScheduleAnswer,
  ScheduleDay,
  ScheduleVisit,
  ScheduleWeekView,
} from "../../../shared/schedule.js";
import { weekStartOf } from "../../../shared/schedule.js";
import type { Db } from "../../db/client.js";
import { job, jobSeries, landscaper, zipCode } from "../../db/schema.js";
import { capacityOn, type DayCapacity, dayCapacities } from "../booking/index.js";
import { visitStageOf } from "../jobs/index.js";
import { minutesSaved } from "./drive-minutes.js";
import { type OrderStop, type Point, suggestDrivingOrder } from "./driving-order.js";

type Schedule = Omit<ScheduleAnswer, "preview">;
type Stop = OrderStop & { visit: Omit<ScheduleVisit, "stop" | "legMiles" | "unmapped"> };

const isSeriesFrequency = (value: string | null): value is SeriesFrequency =>
  value !== null && value !== "one_time" && (frequencies as readonly string[]).includes(value);

function pointOf(latitude: number | null, longitude: number | null): Point | null {
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

/** The fourteen days of this week and next, Monday first. */
const fortnightFrom = (start: string) => Array.from({ length: 14 }, (_, i) => addDaysIso(start, i));

/** Seven days from `start`, each in its suggested driving order from `base`, with its capacity. */
function weekOf(
  start: string,
  base: Point | null,
  stopsByDate: Map<string, Stop[]>,
  capacities: Map<string, DayCapacity>,
): ScheduleWeekView {
  const days: ScheduleDay[] = [];
  for (let i = 0; i < 7; i++) {
    const date = addDaysIso(start, i);
    const order = suggestDrivingOrder(base, stopsByDate.get(date) ?? []);
    days.push({
      date,
      totalMiles: order.totalMiles,
      minutesSaved: minutesSaved(order.bookedMiles, order.suggestedMiles),
      capacity: capacities.get(date)?.capacity ?? null,
      remaining: capacities.get(date)?.remaining ?? null,
      visits: order.legs.map((leg, index) => ({
        ...leg.stop.visit,
        stop: index + 1,
        legMiles: leg.legMiles,
        unmapped: leg.stop.point === null,
      })),
    });
  }
  return { start, days };
}

/**
 * Both weeks with no visits, for a master's preview: every day as a landscaper who never set their
 * availability has it (the defaults), all of it free.
 */
export function emptySchedule(now: Date = new Date()): Schedule {
  const today = todayInCharlotte(now);
  const start = weekStartOf(today);
  const none = new Map<string, Stop[]>();
  const capacities = new Map(
    fortnightFrom(start).map((date) => {
      const capacity = capacityOn(defaultAvailability, date);
      return [date, { capacity, remaining: capacity }] as const;
    }),
  );
  return {
    today,
    base: null,
    weeks: {
      this: weekOf(start, null, none, capacities),
      next: weekOf(addDaysIso(start, 7), null, none, capacities),
    },
  };
}

/**
 * The landscaper's scheduled visits of this week and next (Monday to Sunday, Charlotte's calendar, from
 * `now`), by day, each day in the suggested driving order from their base ZIP and with its capacity. Run
 * together: the base ZIP's centroid, the visits (the `job_landscaper_date_idx` range) with their series and
 * their ZIPs' centroids, and each day's capacity as instant booking counts it (booking's dayCapacities).
 */
export async function landscaperSchedule({
  db,
  landscaperId,
  now = new Date(),
}: {
  db: Db;
  landscaperId: string;
  now?: Date;
}): Promise<Schedule> {
  const today = todayInCharlotte(now);
  const start = weekStartOf(today);
  const nextStart = addDaysIso(start, 7);

  const [bases, rows, capacities] = await Promise.all([
    db
      .select({
        zipCode: landscaper.zipCode,
        streetAddress: landscaper.streetAddress,
        city: landscaper.city,
        state: landscaper.state,
        latitude: zipCode.latitude,
        longitude: zipCode.longitude,
      })
      .from(landscaper)
      .leftJoin(zipCode, eq(zipCode.zip, landscaper.zipCode))
      .where(eq(landscaper.userId, landscaperId)),
    db
      .select({
        id: job.id,
        number: job.number,
        customerName: job.customerName,
        services: job.selectedServices,
        address: job.address,
        zipCode: job.zipCode,
        scheduledDate: job.scheduledDate,
        quotedPriceCents: job.quotedPriceCents,
        status: job.status,
        onTheWayAt: job.onTheWayAt,
        arrivedAt: job.arrivedAt,
        workStartedAt: job.workStartedAt,
        movedFrom: job.movedFrom,
        seriesNumber: jobSeries.number,
        seriesFrequency: jobSeries.frequency,
        latitude: zipCode.latitude,
        longitude: zipCode.longitude,
      })
      .from(job)
      .leftJoin(jobSeries, eq(jobSeries.id, job.seriesId))
      .leftJoin(zipCode, eq(zipCode.zip, job.zipCode))
      .where(
        and(
          eq(job.landscaperId, landscaperId),
          eq(job.status, "scheduled"),
          between(job.scheduledDate, start, addDaysIso(nextStart, 6)),
        ),
      )
      .orderBy(asc(job.scheduledDate), asc(job.number)),
    dayCapacities(db, landscaperId, fortnightFrom(start)),
  ]);

  const baseRow = bases[0];
  const basePoint = baseRow ? pointOf(baseRow.latitude, baseRow.longitude) : null;
  const stopsByDate = new Map<string, Stop[]>();
  for (const row of rows) {
    if (!row.scheduledDate) continue;
    const stop: Stop = {
      number: row.number,
      zipCode: row.zipCode,
      point: pointOf(row.latitude, row.longitude),
      visit: {
        jobId: row.id,
        number: row.number,
        customerName: row.customerName,
        services: row.services,
        address: row.address,
        zipCode: row.zipCode,
        area: areaLabel(row.zipCode),
        priceCents: row.quotedPriceCents,
        series:
          row.seriesNumber !== null && isSeriesFrequency(row.seriesFrequency)
            ? { number: row.seriesNumber, frequency: row.seriesFrequency }
            : null,
        stage: visitStageOf(row),
        movedFrom: row.movedFrom,
      },
    };
    const day = stopsByDate.get(row.scheduledDate);
    if (day) day.push(stop);
    else stopsByDate.set(row.scheduledDate, [stop]);
  }

  return {
    today,
    base: baseRow
      ? {
          zipCode: baseRow.zipCode,
          area: areaLabel(baseRow.zipCode),
          mapped: basePoint !== null,
          address: `${baseRow.streetAddress}, ${baseRow.city}, ${baseRow.state} ${baseRow.zipCode}`,
        }
      : null,
    weeks: {
      this: weekOf(start, basePoint, stopsByDate, capacities),
      next: weekOf(nextStart, basePoint, stopsByDate, capacities),
    },
  };
}
