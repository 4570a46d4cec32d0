import { z } from "zod";
import { isValidIsoDate } from "./dates.js";
import { jobViewSchema } from "./jobs.js";
import { serviceIds } from "./services.js";

/**
 * The landscaper's job queue (issue 19): which jobs, filtered how, in which order, a page at a time. The
 * tiles count everything; the filters narrow the list only.
 */
// "active" first and the default: new requests and work still open (accepted, scheduled, or done and waiting
// for the customer's approval). Settled visits (a weekly series makes one a week) are a list of their own, so
// they never bury a new request (issue 33, item 14).
export const queueShows = ["active", "all", "open", "accepted", "completed", "cancelled"] as const;
export type QueueShow = (typeof queueShows)[number];
export const queueShowLabel: Record<QueueShow, string> = {
  active: "New requests and open work",
  all: "All but cancelled",
  open: "Pending requests",
  // Accepted and scheduled: offers still waiting for the customer, and the jobs they approved.
  accepted: "Your offers and booked jobs",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const queueSorts = ["newest", "soonest", "nearest"] as const;
export type QueueSort = (typeof queueSorts)[number];
// What each order goes by, as the cards show it: the "requested" date, the visit's date, the miles. Short
// enough for the select on a 390 px phone ("Sort by: Newest request").
export const queueSortLabel: Record<QueueSort, string> = {
  newest: "Newest request",
  soonest: "Soonest visit",
  nearest: "Nearest",
};
/** The order as the list's name line says it: "New requests and open work · newest request first". */
export const queueSortLine: Record<QueueSort, string> = {
  newest: "newest request first",
  soonest: "soonest visit first",
  nearest: "nearest first",
};

/** The distances the filter offers, in miles from the landscaper's own ZIP. */
export const queueDistances = [5, 10, 15, 25, 40] as const;
export const QUEUE_PAGE_SIZE = 20;
/** The declined section lists this many at most (its count is exact). */
export const DECLINED_LIST_LIMIT = 50;

export const queueMessages = {
  badDate: "Please choose a valid date.",
  dateOrder: "'Visit date to' is before 'Visit date from'.",
  badDistance: "Please choose a distance from the list.",
  staleCursor: "The queue changed. Please reload it from the top.",
} as const;

const optionalDate = z
  .string()
  .max(10, { message: queueMessages.badDate, abort: true })
  .refine((value) => value === "" || isValidIsoDate(value), { message: queueMessages.badDate })
  .default("");

/** GET /api/landscaper/jobs query; blank values mean "any". The form and the server parse with it. */
export const queueQuerySchema = z
  .object({
    show: z.enum(queueShows).default("active"),
    service: z.union([z.literal(""), z.enum(serviceIds)]).default(""),
    from: optionalDate,
    to: optionalDate,
    within: z
      .string()
      .max(3, { message: queueMessages.badDistance, abort: true })
      .refine((value) => value === "" || (queueDistances as readonly number[]).includes(Number(value)), {
        message: queueMessages.badDistance,
      })
      .default(""),
    sort: z.enum(queueSorts).default("newest"),
    cursor: z.string().max(200).optional(),
  })
  .refine((q) => q.from === "" || q.to === "" || q.from <= q.to, {
    message: queueMessages.dateOrder,
    path: ["to"],
  });
export type QueueQuery = z.infer<typeof queueQuerySchema>;
export type QueueFilters = Omit<QueueQuery, "cursor">;

/**
 * The area's open requests are counted up to one past this many: at a million jobs a landscaper's 92 ZIPs
 * hold 73,844 of them, and counting them exactly (an index-only scan of every one) was most of the queue's
 * time. A count above the cap means "more than the cap".
 */
export const OPEN_COUNT_CAP = 1000;

/** A queue count as the tiles and the list's line show it: '1,000+' past the cap. */
export function queueCountText(count: number): string {
  return count > OPEN_COUNT_CAP
    ? `${OPEN_COUNT_CAP.toLocaleString("en-US")}+`
    : count.toLocaleString("en-US");
}

export const queueStatsSchema = z.object({
  /** pending + accepted + completed: the jobs "All jobs" lists. */
  total: z.number(),
  /** New requests in the area, declined ones not counted. */
  pending: z.number(),
  /**
   * Accepted or scheduled, this landscaper's, a series once (as the list shows it: its first visit stands for
   * the others, which the Schedule tab lists).
   */
  accepted: z.number(),
  completed: z.number(),
  /** Outside the total: shown on request. */
  cancelled: z.number(),
  declined: z.number(),
});
export type QueueStats = z.infer<typeof queueStatsSchema>;

/** GET /api/landscaper/jobs: one page of the queue, the counts, and whether this is a master's preview. */
export const landscaperJobsAnswerSchema = z.object({
  jobs: z.array(jobViewSchema),
  stats: queueStatsSchema,
  /** How many jobs the filters match, over all pages. */
  matching: z.number(),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
  /** The requests this landscaper declined that are still open (first page only; empty on later ones). */
  declined: z.array(jobViewSchema),
  /** Whether distances could be measured (the landscaper's own ZIP is a known one). */
  distances: z.boolean(),
  /**
   * For each series of the page's jobs: how many scheduled visits of it are this landscaper's (in the dates
   * asked for). The queue lists only the first; the Schedule tab has them all.
   */
  seriesVisits: z.record(z.string(), z.number()).optional(),
  /** The same visits' dates (YYYY-MM-DD, soonest first): the card lists the next ones, as the Schedule shows two weeks. */
  seriesVisitDates: z.record(z.string(), z.array(z.string())).optional(),
  preview: z.boolean(),
});
export type LandscaperJobsAnswer = z.infer<typeof landscaperJobsAnswerSchema>;

/** GET /api/landscaper/jobs/:id: one job of the landscaper's as the queue shows it (the schedule opens it). */
export const landscaperJobAnswerSchema = z.object({ job: jobViewSchema });
export type LandscaperJobAnswer = z.infer<typeof landscaperJobAnswerSchema>;
