import { z } from "zod";
import { addDaysIso } from "./dates.js";
import { visitStages } from "./proof.js";
import type { SeriesFrequency } from "./recurring.js";

/**
 * The landscaper's week (issue 17): this week's and next week's scheduled visits, Monday to Sunday on
 * Charlotte's calendar, each day in a suggested driving order (nearest neighbour improved by 2-opt and Or-opt
 * over ZIP centroids from the landscaper's base ZIP, decision 026) with the estimated miles of each leg and of
 * the day, and the minutes that order saves against the booked one.
 */

export const scheduleWeeks = ["this", "next"] as const;
export type ScheduleWeek = (typeof scheduleWeeks)[number];
export const scheduleWeekLabel: Record<ScheduleWeek, string> = { this: "This week", next: "Next week" };

/** The Monday of the Monday–Sunday week holding `isoDate` (yyyy-mm-dd, a calendar date: no time zone). */
export function weekStartOf(isoDate: string): string {
  const weekday = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  return addDaysIso(isoDate, -((weekday + 6) % 7));
}

/** One visit of a day, at its place in the suggested order. */
export const scheduleVisitSchema = z.object({
  jobId: z.string(),
  number: z.number(),
  customerName: z.string(),
  services: z.array(z.string()),
  /** The street address as the customer gave it (the visit is this landscaper's job). */
  address: z.string(),
  zipCode: z.string(),
  /** "Dilworth (28203)" or "ZIP 28299". */
  area: z.string(),
  /** The agreed price (the landscaper's quote the customer approved). */
  priceCents: z.number().nullable(),
  /** A visit of a recurring series: its number and how often it comes. */
  series: z
    .object({
      number: z.number(),
      frequency: z.enum(["weekly", "biweekly", "monthly"] as const satisfies readonly SeriesFrequency[]),
    })
    .nullable(),
  /** Where the visit stands on its day (on the way, arrived, working), null before the first step. */
  stage: z.enum(visitStages).nullable(),
  /** The date the visit was moved from (weather), if it was. */
  movedFrom: z.string().nullable(),
  /** 1 for the first stop of the day, 2 for the next… */
  stop: z.number(),
  /**
   * Miles from the previous stop (from the base ZIP for the first), great-circle between ZIP centroids, to a
   * tenth: an estimate, not a route. Null when either end has no centroid.
   */
  legMiles: z.number().nullable(),
  /** The visit's ZIP has no centroid in our data: it is placed after every visit that has one. */
  unmapped: z.boolean(),
});
export type ScheduleVisit = z.infer<typeof scheduleVisitSchema>;

export const scheduleDaySchema = z.object({
  date: z.string(),
  visits: z.array(scheduleVisitSchema),
  /** The sum of the day's legs (unmapped visits count nothing), to a tenth of a mile. */
  totalMiles: z.number(),
  /**
   * Whole minutes of driving the suggested order saves against the booked order (by job number), from
   * straight-line miles with a detour factor and an urban speed (decision 026); 0 under one minute.
   */
  minutesSaved: z.number().int().nonnegative(),
  /** Visits a day from the landscaper's availability (issue 35), null on a day they don't work. */
  capacity: z.number().nullable(),
  /**
   * What instant booking can still sell of that day: the capacity less the day's accepted and scheduled jobs
   * (an offer waiting for its customer holds a slot too), never below 0; null on a day off.
   */
  remaining: z.number().nullable(),
});
export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

/** Seven days, Monday first. */
export const scheduleWeekSchema = z.object({ start: z.string(), days: z.array(scheduleDaySchema) });
export type ScheduleWeekView = z.infer<typeof scheduleWeekSchema>;

/** GET /api/landscaper/schedule: both weeks in one answer, so switching between them waits for nothing. */
export const scheduleAnswerSchema = z.object({
  /** Charlotte's today, so the screen marks it by the same clock that chose the weeks. */
  today: z.string(),
  /** Where each day's order starts; `mapped` false when the base ZIP has no centroid (no first leg then). */
  base: z
    .object({
      zipCode: z.string(),
      area: z.string(),
      mapped: z.boolean(),
      /** The landscaper's own street address, the origin of the day's "Open in Maps" directions. */
      address: z.string(),
    })
    .nullable(),
  weeks: z.object({ this: scheduleWeekSchema, next: scheduleWeekSchema }),
  /** A master user's preview: no visits. */
  preview: z.boolean(),
});
export type ScheduleAnswer = z.infer<typeof scheduleAnswerSchema>;

/** "3.2 mi", or "Same ZIP" for a leg within one ZIP (centroid to centroid is 0). */
export function legLabel(miles: number): string {
  return miles < 0.05 ? "Same ZIP" : `${miles.toFixed(1)} mi`;
}
