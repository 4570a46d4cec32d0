import { and, between, count, eq, inArray } from "drizzle-orm";
import type { Availability } from "../../../shared/booking.js";
import type { JobStatus } from "../../../shared/jobs.js";
import type { DbOrTx } from "../../db/client.js";
import { job } from "../../db/schema.js";
import { getAvailability } from "./availability.js";

/**
 * The statuses whose visit takes one of a landscaper's visits on its day: a booked visit, and an offer waiting
 * for the customer (they may approve it any moment). The one list free-days.ts's query and the schedule count by.
 */
export const slotTakingStatuses = ["accepted", "scheduled"] as const satisfies readonly JobStatus[];

/** 0 Sunday … 6 Saturday of a yyyy-mm-dd date, as PostgreSQL's `extract(dow …)` that free-days.ts uses. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** How many visits a landscaper takes on `date`: their visits a day on a working weekday, null on a day off. */
export function capacityOn(availability: Availability, date: string): number | null {
  return availability.weekdays.includes(weekdayOf(date)) ? availability.visitsPerDay : null;
}

export interface DayCapacity {
  /** Visits a day on a working weekday, null on a day off. */
  capacity: number | null;
  /** What is left of it after the day's accepted and scheduled jobs, never below 0; null on a day off. */
  remaining: number | null;
}

/**
 * Each of `dates`' capacity and what remains of it, counted as instant booking counts a free day
 * (free-days.ts): the saved availability (the defaults without a row) and the landscaper's jobs accepted or
 * scheduled on the day. The notice is not applied: a day inside it has its slots, it is only not bookable yet.
 */
export async function dayCapacities(
  db: DbOrTx,
  landscaperId: string,
  dates: readonly string[],
): Promise<Map<string, DayCapacity>> {
  const answer = new Map<string, DayCapacity>();
  if (dates.length === 0) return answer;
  const sorted = [...dates].sort();
  const [availability, taken] = await Promise.all([
    getAvailability(db, landscaperId),
    db
      .select({ date: job.scheduledDate, n: count() })
      .from(job)
      .where(
        and(
          eq(job.landscaperId, landscaperId),
          inArray(job.status, [...slotTakingStatuses]),
          between(job.scheduledDate, sorted[0]!, sorted.at(-1)!),
        ),
      )
      .groupBy(job.scheduledDate),
  ]);
  const takenOn = new Map(taken.map((row) => [row.date, Number(row.n)]));
  for (const date of dates) {
    const capacity = capacityOn(availability, date);
    answer.set(date, {
      capacity,
      remaining: capacity === null ? null : Math.max(0, capacity - (takenOn.get(date) ?? 0)),
    });
  }
  return answer;
}
