import { z } from "zod";
import { charlotteTime } from "./dates.js";

/**
 * Recurring service, the landscaper's week and reliability (issue 17): the rules both sides share.
 */

export const frequencies = ["one_time", "weekly", "biweekly", "monthly"] as const;
export type Frequency = (typeof frequencies)[number];
export type SeriesFrequency = Exclude<Frequency, "one_time">;
export const frequencyLabel: Record<Frequency, string> = {
  one_time: "One time",
  weekly: "Weekly",
  biweekly: "Every 2 weeks",
  monthly: "Monthly",
};

/** Services that make sense on a schedule; a request with any other service is one time only. */
export const recurringServices = ["lawn-mowing", "edging-trimming", "flower-bed-maintenance"] as const;
export function canRecur(services: readonly string[]): boolean {
  return services.length > 0 && services.every((s) => (recurringServices as readonly string[]).includes(s));
}

/** Visits exist this many weeks ahead of today. */
export const GENERATE_WEEKS_AHEAD = 8;
/** A change less than this many hours before a visit follows that visit's cancellation rule. */
export const SERIES_CHANGE_NOTICE_HOURS = 48;
/** The landscaper may move one visit by at most this many days (weather), with a reason. */
export const MAX_MOVE_DAYS = 3;

export const weekdayNames = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

const ordinals = ["1st", "2nd", "3rd", "4th"];

/**
 * When the visits come, in words: "every Tuesday", "every other Tuesday", "the 2nd Tuesday of each month"
 * (the monthly rule keeps the week of the month of the first visit; a start in the 5th week means the last).
 */
export function cadenceText(frequency: SeriesFrequency, weekday: number, firstDate?: string | null): string {
  const day = weekdayNames[weekday] ?? "";
  if (frequency === "weekly") return `every ${day}`;
  if (frequency === "biweekly") return `every other ${day}`;
  if (!firstDate) return `one ${day} a month`;
  const week = Math.ceil(Number(firstDate.slice(8, 10)) / 7);
  return `the ${week >= 5 ? "last" : ordinals[week - 1]} ${day} of each month`;
}

/**
 * Reliability. A visit is on time when the landscaper marked their arrival on the visit's date by the end of
 * its window (Charlotte time); a visit neither arrived at nor moved this many days after its date pauses the
 * landscaper from new jobs and goes back to the queue.
 */
export const VISIT_WINDOW_START_HOUR = 8;
export const VISIT_WINDOW_END_HOUR = 18;
export const LATE_LOCKOUT_DAYS = 2;

/**
 * What customers and admins see of a landscaper's record (null figures: not enough history yet). The counts
 * behind the shares travel too: below a few visits a screen shows "0 of 1", not "0%" (./reliability.ts).
 */
export const reliabilitySchema = z.object({
  /** Share of visits (with an arrival due) arrived at within their window, 0–100, null with no visits. */
  onTimeRate: z.number().nullable(),
  /** Share of accepted visits that were completed (not withdrawn, not missed), 0–100. */
  completionRate: z.number().nullable(),
  averageRating: z.number().nullable(),
  ratingCount: z.number(),
  completedJobs: z.number(),
  /** The on-time share's whole and part. */
  visitsDue: z.number(),
  visitsOnTime: z.number(),
  /** The completion share's whole: completed, withdrawn by them or missed. */
  acceptedJobs: z.number(),
  /** Jobs they accepted and then withdrew from, before or after the customer's approval (admins read it). */
  withdrawnJobs: z.number(),
});
export type Reliability = z.infer<typeof reliabilitySchema>;

/* ---------- Series: what the screens see and send ---------- */

export const seriesStatuses = ["requested", "offered", "active", "cancelled"] as const;
export type SeriesStatus = (typeof seriesStatuses)[number];

/** A series as a job card shows it (the job is one of its visits). */
export const seriesSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  frequency: z.enum(["weekly", "biweekly", "monthly"]),
  status: z.enum(seriesStatuses),
  /** 0 Sunday … 6 Saturday, once a landscaper has offered. */
  weekday: z.number().nullable(),
  pricePerVisitCents: z.number().nullable(),
  /** The weekday the customer asked to move to, until the landscaper answers (the visits stay meanwhile). */
  requestedWeekday: z.number().nullable(),
  /** When that ask lapses unanswered (ISO instant): the visits then stay where they are. */
  weekdayAnswerBy: z.string().nullable(),
  /** The first visit on the asked-for weekday if the landscaper agreed now (YYYY-MM-DD). */
  requestedStartDate: z.string().nullable(),
  /** Visits are paused up to (not including) this date. */
  pausedUntil: z.string().nullable(),
  /** The series' visits from today on that are still to come (scheduled), for the customer's and landscaper's lists. */
  upcoming: z.array(
    z.object({ jobId: z.string(), number: z.number(), date: z.string(), moved: z.boolean() }),
  ),
});
export type SeriesSummary = z.infer<typeof seriesSummarySchema>;

/** "SER-104" */
export const seriesLabel = (number: number) => `SER-${number}`;

const isoDate = z
  .string()
  .max(10, { message: "Choose a date.", abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Choose a date." });

/** POST /api/series/:id/pause: no visits before `until` (visits less than 48 hours away stay). */
export const pauseSeriesSchema = z.object({ until: isoDate });
/** POST /api/series/:id/weekday */
export const changeWeekdaySchema = z.object({
  weekday: z.coerce
    .number({ message: "Choose a day of the week." })
    .int()
    .min(0, { message: "Choose a day of the week." })
    .max(6, { message: "Choose a day of the week." }),
});
/** POST /api/series/:id/cancel (customer) and /leave (landscaper). */
export const seriesReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: "Please say why." })
    .max(500, { message: "Please keep it under 500 characters." }),
});
/** POST /api/jobs/:id/move (the landscaper, weather): a new date within 3 days of the visit's, and why. */
export const moveVisitSchema = z.object({
  date: isoDate,
  reason: z
    .string()
    .trim()
    .min(1, { message: "Tell the customer why the visit moves." })
    .max(300, { message: "Please keep it under 300 characters." }),
});

export const seriesMessages = {
  notRecurring:
    "Recurring visits are offered for mowing, edging and trimming, and flower bed maintenance only.",
  notYours: "Series not found.",
  notActive: "This series is not active.",
} as const;

/** Whether a visit is at least 48 hours before its 8 AM start: a pause or day change cancels only
 * those, and only such a skipped visit can be brought back. */
export function changeableFreely(date: string, now: Date): boolean {
  return (
    charlotteTime(date, VISIT_WINDOW_START_HOUR).getTime() - now.getTime() >
    SERIES_CHANGE_NOTICE_HOURS * 3_600_000
  );
}

/** The reason a skipped visit of a series is cancelled with; only such a visit can be brought back. */
export const SKIP_REASON = "Skipped this visit";

/** How long a landscaper has to answer a customer's ask for another weekday; unanswered, it lapses. */
export const DAY_REQUEST_ANSWER_HOURS = 72;

/** When an ask made at `askedAt` lapses. */
export const dayRequestAnswerBy = (askedAt: Date) =>
  new Date(askedAt.getTime() + DAY_REQUEST_ANSWER_HOURS * 3_600_000);

/** POST /api/series/:id/weekday-answer (the landscaper): yes to the customer's new weekday, or no. */
export const weekdayAnswerSchema = z.object({ agree: z.boolean({ message: "Answer yes or no." }) });

/** GET /api/series/day-requests (the landscaper): customers' asks for another weekday awaiting an answer. */
export const dayRequestsAnswerSchema = z.object({
  requests: z.array(z.object({ series: seriesSummarySchema, customerName: z.string() })),
});
export type DayRequestsAnswer = z.infer<typeof dayRequestsAnswerSchema>;

/** The answer of a change to a series: the series as it now stands and the sentence the screen shows. */
export const seriesActionAnswerSchema = z.object({ series: seriesSummarySchema, message: z.string() });
export type SeriesActionAnswer = z.infer<typeof seriesActionAnswerSchema>;

/** POST /api/jobs/:id/repeat: a completed job's card books the same service again, once or on a schedule. */
export const repeatJobSchema = z.object({
  frequency: z.enum(frequencies, { message: "Choose how often." }),
  preferredDate: isoDate,
  /** One key per click: a retry creates one request. */
  idempotencyKey: z.string().trim().min(8).max(100).optional(),
});
export type RepeatJobInput = z.input<typeof repeatJobSchema>;
