import { z } from "zod";
import { addDaysIso, formatCharlotteDateTime, isValidIsoDate, todayInCharlotte } from "./dates.js";

/*
 * Admin → Health (issue 38): whether customers are being served. The server counts (admin/health-*.ts, whose
 * SQL follows the definitions below word for word); the page divides and shows each definition beside its
 * figure, so the counts behind every share are in the answer and on the screen.
 */

/** The period shown when none is asked for: the last 12 weeks, today included. */
export const HEALTH_DEFAULT_WEEKS = 12;
/** The longest period one request may ask for (a year of weeks). */
export const HEALTH_MAX_DAYS = 371;
/** The fill rate's two windows, in hours after the request was sent. */
export const FILL_WINDOWS_HOURS = [24, 72] as const;
/** The repeat windows, in days after the customer's first completed visit. */
export const REPEAT_DAYS = [30, 60, 90] as const;
/** A ZIP with requests and fewer available pros than this is a supply gap. */
export const SUPPLY_GAP_PROS = 2;
/** A pro is available when they have a free working day within this many days from today. */
export const SUPPLY_HORIZON_DAYS = 7;

const isoDate = z.string().trim().refine(isValidIsoDate, { message: "Enter a date as YYYY-MM-DD." });

/**
 * GET /api/admin/health?weeks=12, or ?from=YYYY-MM-DD&to=YYYY-MM-DD (Charlotte dates, both included). The
 * answer carries the period as resolved.
 */
export const healthQuerySchema = z
  .object({
    weeks: z.coerce
      .number({ message: "Enter a number of weeks." })
      .int({ message: "Enter a whole number of weeks." })
      .min(1, { message: "Choose at least 1 week." })
      .max(52, { message: "Choose at most 52 weeks." })
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [query.from === undefined ? "from" : "to"],
        message: "Give both a start and an end date, or neither.",
      });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    // A date already refused above is not compared (zod still runs this check after a field's refusal).
    if (!isValidIsoDate(query.from) || !isValidIsoDate(query.to)) return;
    if (query.weeks !== undefined)
      ctx.addIssue({ code: "custom", path: ["weeks"], message: "Choose weeks or dates, not both." });
    if (query.from > query.to)
      ctx.addIssue({ code: "custom", path: ["to"], message: "The end date must not be before the start." });
    else if (query.from < addDaysIso(query.to, -(HEALTH_MAX_DAYS - 1)))
      ctx.addIssue({ code: "custom", path: ["from"], message: "Choose at most 53 weeks at once." });
    if (query.to > todayInCharlotte())
      ctx.addIssue({ code: "custom", path: ["to"], message: "The end date cannot be after today." });
  });
export type HealthQuery = z.infer<typeof healthQuerySchema>;

/** The period a query asks for, as Charlotte dates (both included): the last N weeks end today. */
export function healthPeriod(query: HealthQuery, today: string): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  const weeks = query.weeks ?? HEALTH_DEFAULT_WEEKS;
  return { from: addDaysIso(today, -(weeks * 7 - 1)), to: today };
}

const count = z.number().int().nonnegative();

/** The counts of one group (the whole period, a week, a neighbourhood or a service). */
export const healthFiguresSchema = z.object({
  /** Requests sent in the group (one-off requests and a series' first visit). */
  requests: count,
  /** Per fill window (24 h, 72 h): requests old enough to have had it, and of those the ones booked in it. */
  fill: z.array(z.object({ hours: z.number().int(), due: count, filled: count })),
  /** Requests booked so far, and the median and 90th percentile hours from sent to booked (null: none). */
  booked: count,
  medianHoursToBooked: z.number().nullable(),
  p90HoursToBooked: z.number().nullable(),
  /** First visits completed, and of those the ones started on their scheduled day. */
  firstVisits: count,
  firstVisitsOnDay: count,
  /** Bookings made, and what pros undid of them. */
  bookings: count,
  proCancellations: count,
  releases: count,
  misses: count,
  /** Visits completed, and problems reported. */
  completedVisits: count,
  disputes: count,
  /** The ledger: charged for work and late cancellations, and refunded, in cents. */
  chargedCents: z.number().int(),
  refundedCents: z.number().int(),
  /** Per repeat window: customers whose first completed visit is that old, and the ones who came back. */
  repeat: z.array(z.object({ days: z.number().int(), customers: count, repeated: count })),
});
export type HealthFigures = z.infer<typeof healthFiguresSchema>;

export const supplyGapSchema = z.object({
  zipCode: z.string(),
  /** The neighbourhood's name, or null for a ZIP without one. */
  neighbourhood: z.string().nullable(),
  requests: count,
  availablePros: count,
});
export type SupplyGap = z.infer<typeof supplyGapSchema>;

/**
 * When the figures were counted, and how they are kept fresh: the default period by the scheduled pass every
 * `refreshMinutes` ("schedule"), another period when asked, kept that long ("request").
 */
const freshness = {
  computedAt: z.string(),
  refreshMinutes: z.number().int().positive(),
  refreshedBy: z.enum(["schedule", "request"]),
};

export const healthAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  ...freshness,
  overall: healthFiguresSchema,
  /** Seven-day weeks from `from` (the last may be shorter when the period is not whole weeks), oldest first. */
  byWeek: z.array(z.object({ start: z.string(), end: z.string(), figures: healthFiguresSchema })),
  /** Neighbourhoods (ZIPs without a name as "ZIP 28299"), most requests first. */
  byNeighbourhood: z.array(z.object({ name: z.string(), figures: healthFiguresSchema })),
  /** A request counts under each service it asked for. */
  byService: z.array(z.object({ service: z.string(), name: z.string(), figures: healthFiguresSchema })),
  supplyGaps: z.array(supplyGapSchema),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** GET /api/admin/health/summary: the dashboard's four tiles over the default period. */
export const healthSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  ...freshness,
  fill24: z.object({ due: count, filled: count }),
  medianHoursToBooked: z.number().nullable(),
  firstVisits: count,
  firstVisitsOnDay: count,
  supplyGapZips: count,
});
export type HealthSummary = z.infer<typeof healthSummarySchema>;

/**
 * What each figure means, as the page shows it. The SQL in admin/health-facts.ts counts exactly this; a
 * change to one is a change to the other.
 */
export const healthDefinitions = {
  requests:
    "Requests: one-off requests and the first visit of a recurring series, sent in the period (their Charlotte date). Visits generated for a series and redo visits are not requests.",
  fill: "Fill rate within 24 h / 72 h: of those requests, the share booked within 24 / 72 hours of being sent, whatever became of the booking since. Requests sent less than 24 / 72 hours ago are left out of that share.",
  booked:
    "Booked: the first time a pro was scheduled for the request, by the customer approving a pro's offer or booking a pro at once. Median and 90th percentile hours from sent to booked count booked requests only.",
  firstVisits:
    "First visits on their day: of requests' first visits completed in the period, the share whose arrival (else work start, else completion) was on the visit's scheduled date, Charlotte time. A visit since redone is left out: its times are the redo's.",
  losses:
    "Per 100 bookings (made in the period): pro cancellations are a pro withdrawing from a job they had taken (as their reliability record counts withdrawals) or cancelling visits when leaving a series; releases are instant bookings given back within the release window; misses are visits the late lock-out took back.",
  disputes:
    "Disputes per 100 completed visits: problems reported by customers in the period, per visit completed in the period (redo visits included).",
  refunds:
    "Refunds as a share of revenue: refunds the ledger recorded in the period, as a share of what it charged in the period for work and late cancellations (tips apart).",
  repeat:
    "Repeat customers at 30 / 60 / 90 days: of customers whose first completed visit was in the period and at least 30 / 60 / 90 days ago, the share with another visit (booked or done, not cancelled) dated within 30 / 60 / 90 days after it.",
  supply: `Supply gaps: ZIPs with requests in the period and fewer than ${SUPPLY_GAP_PROS} available pros today. An available pro is approved, not paused, not banned, covers the ZIP, and has a working day in the next ${SUPPLY_HORIZON_DAYS} days with fewer jobs (accepted or scheduled) than the visits a day they take. Services are not compared.`,
} as const;

/**
 * "Figures as of Tue, Nov 24, 8:00 AM, refreshed every 10 minutes.": when the shown count was made (Charlotte
 * time) and how it is kept fresh (health-store.ts on the server).
 */
export function healthFreshnessText(answer: {
  computedAt: string;
  refreshMinutes: number;
  refreshedBy: "schedule" | "request";
}): string {
  const asOf = `Figures as of ${formatCharlotteDateTime(new Date(answer.computedAt))}`;
  const every = `${answer.refreshMinutes} minute${answer.refreshMinutes === 1 ? "" : "s"}`;
  return answer.refreshedBy === "schedule"
    ? `${asOf}, refreshed every ${every}.`
    : `${asOf}, counted when asked and kept for ${every}.`;
}

/** A share of 0–100 to one decimal ("62.5%"), or null when there is nothing to share. */
export function healthShare(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  return `${(Math.round((part / whole) * 1000) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
}

/** How many per 100 of a whole, to one decimal ("3.2"), or null when the whole is 0. */
export function per100(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  return (Math.round((part / whole) * 1000) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 });
}

/** "5.5 h", "36 h", "3.2 days": hours to booked, in hours below two days. */
export function hoursText(hours: number): string {
  if (hours < 48) return `${(Math.round(hours * 10) / 10).toLocaleString("en-US")} h`;
  return `${(Math.round((hours / 24) * 10) / 10).toLocaleString("en-US")} days`;
}
