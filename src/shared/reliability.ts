import { z } from "zod";
import { formatLongDate } from "./dates.js";
import { LATE_LOCKOUT_DAYS, type Reliability, reliabilitySchema } from "./recurring.js";
import { jobLabel } from "./services.js";

/**
 * The late lock-out's side of reliability (issue 17): a landscaper who neither arrived at nor moved a visit 2
 * days after its date is paused from new jobs until an admin lifts the pause from the dashboard's queue.
 */
export const pauseMessages = {
  acceptWhilePaused:
    "Your account is paused from new jobs while our team reviews a missed visit. Your scheduled visits stay yours, and we'll tell you as soon as the pause is lifted.",
  notPaused: "This landscaper is not paused.",
  lifted: (name: string) => `${name} can take new jobs again.`,
} as const;

/** One paused landscaper in the admins' review queue. */
export const pausedLandscaperSchema = z.object({
  userId: z.string(),
  /** Business · person, as every screen names a landscaper. */
  name: z.string(),
  email: z.string(),
  pausedAt: z.string(),
  /** Which visit was missed, in words. */
  pausedReason: z.string().nullable(),
  /** The same visit for the queue's short form, when the reason names one (missedVisitOf). */
  missedVisit: z.object({ jobNumber: z.number(), visitDate: z.string() }).nullable(),
  reliability: reliabilitySchema,
  /** Visits still booked with them (a pause keeps them). */
  scheduledVisits: z.number(),
});
export type PausedLandscaper = z.infer<typeof pausedLandscaperSchema>;

/** GET /api/admin/paused-landscapers: longest paused first. */
export const pausedLandscapersAnswerSchema = z.object({ landscapers: z.array(pausedLandscaperSchema) });
export type PausedLandscapersAnswer = z.infer<typeof pausedLandscapersAnswerSchema>;

/** POST /api/admin/landscapers/:userId/lift-pause: what the admin checked, told to the landscaper. */
export const liftPauseSchema = z.object({
  note: z
    .string()
    .trim()
    .min(1, { message: "Say what you checked; the landscaper reads it." })
    .max(500, { message: "Please keep the note under 500 characters." }),
});
export type LiftPauseInput = z.input<typeof liftPauseSchema>;

/** No history at all: what a new landscaper shows. */
export const noReliability: Reliability = {
  onTimeRate: null,
  completionRate: null,
  averageRating: null,
  ratingCount: 0,
  completedJobs: 0,
  visitsDue: 0,
  visitsOnTime: 0,
  acceptedJobs: 0,
  withdrawnJobs: 0,
};

/**
 * Below this many counted visits (or accepted jobs) a share is shown as its counts, "0 of 1 on time": a
 * percentage of one or two visits reads as a verdict ("0% on time") that one late morning does not deserve.
 * A landscaper with fewer completed jobs is "New on GreenScape".
 */
export const MIN_COUNTED_FOR_SHARE = 5;

/** "96%" from MIN_COUNTED_FOR_SHARE counted on, "0 of 1" below, null with nothing counted. */
export function shareText(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  if (whole < MIN_COUNTED_FOR_SHARE) return `${part} of ${whole}`;
  return `${Math.round((part / whole) * 100)}%`;
}

export function isNewOnGreenScape(r: Reliability): boolean {
  return r.completedJobs < MIN_COUNTED_FOR_SHARE;
}

/** Nothing to judge at all: no visit due, no job accepted, no rating. */
export function hasNoHistory(r: Reliability): boolean {
  return r.completedJobs === 0 && r.acceptedJobs === 0 && r.visitsDue === 0 && r.ratingCount === 0;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const jobsText = (r: Reliability) =>
  r.completedJobs === 0 ? "no jobs yet" : plural(r.completedJobs, "job", "jobs");

/**
 * A landscaper's record on one line, as customers read it: "4.8 ★ · 96% on time · 22 jobs", or for a
 * newcomer "New on GreenScape · 5.0 ★ · 0 of 1 on time · 1 job" (parts without data left out).
 */
/** `withRating: false` where the reviews' own line says the rating (issue 36: "4.8 ★ (12 reviews)"). */
export function reliabilityLine(
  r: Reliability,
  { withRating = true }: { withRating?: boolean } = {},
): string {
  const parts: string[] = [];
  if (isNewOnGreenScape(r)) parts.push("New on GreenScape");
  if (withRating && r.averageRating !== null) parts.push(`${r.averageRating.toFixed(1)}\u00a0★`);
  const onTime = shareText(r.visitsOnTime, r.visitsDue);
  if (onTime) parts.push(`${onTime} on time`);
  parts.push(jobsText(r));
  return parts.join(" · ");
}

/** What a screen reader says for reliabilityLine: "rated 4.8 out of 5 (12 ratings), 96% on time, 22 jobs completed". */
export function reliabilitySpoken(
  r: Reliability,
  { withRating = true }: { withRating?: boolean } = {},
): string {
  const parts: string[] = [];
  if (isNewOnGreenScape(r)) parts.push("new on GreenScape");
  if (withRating && r.averageRating !== null)
    parts.push(
      `rated ${r.averageRating.toFixed(1)} out of 5 (${plural(r.ratingCount, "rating", "ratings")})`,
    );
  const onTime = shareText(r.visitsOnTime, r.visitsDue);
  if (onTime)
    parts.push(
      r.visitsDue < MIN_COUNTED_FOR_SHARE
        ? `on time at ${onTime} ${r.visitsDue === 1 ? "visit" : "visits"}`
        : `${onTime} on time`,
    );
  parts.push(r.completedJobs === 0 ? "no jobs completed yet" : `${jobsText(r)} completed`);
  return parts.join(", ");
}

/** One labelled figure of an admin's view: "On time" "0 of 1", or "96%" with "21 of 22 visits by 6 PM". */
export interface ReliabilityFigure {
  label: string;
  value: string;
  detail: string;
}

/**
 * The record as admins read it, each figure named (rating, on time, completed of accepted, jobs, and the
 * withdrawals when there are any): the users list joins them on a line ("On time 0 of 1 · Completed 1 of 2 accepted"), cards show them as tiles.
 */
export function reliabilityFigures(r: Reliability): ReliabilityFigure[] {
  const onTime = shareText(r.visitsOnTime, r.visitsDue);
  const completed = shareText(r.completedJobs, r.acceptedJobs);
  return [
    {
      label: "Rating",
      value: r.averageRating === null ? "—" : `${r.averageRating.toFixed(1)}\u00a0★`,
      detail: r.ratingCount ? plural(r.ratingCount, "rating", "ratings") : "none yet",
    },
    {
      label: "On time",
      value: onTime ?? "—",
      detail:
        onTime === null
          ? "no visits due yet"
          : r.visitsDue < MIN_COUNTED_FOR_SHARE
            ? "arrived by 6 PM"
            : `${r.visitsOnTime} of ${r.visitsDue} by 6 PM`,
    },
    {
      label: "Completed",
      value: completed ?? "—",
      detail:
        completed === null
          ? "no jobs accepted yet"
          : r.acceptedJobs < MIN_COUNTED_FOR_SHARE
            ? "accepted jobs"
            : `${r.completedJobs} of ${r.acceptedJobs} accepted`,
    },
    { label: "Jobs", value: String(r.completedJobs), detail: "completed" },
    ...(r.withdrawnJobs > 0
      ? [{ label: "Withdrawn", value: String(r.withdrawnJobs), detail: "jobs left after accepting" }]
      : []),
  ];
}

/**
 * The users list's line: "Rating 5.0 ★ (1) · On time 0 of 1 · Completed 1 of 2 accepted", or with enough
 * history "… · On time 96% (21 of 22) · Completed 95% (20 of 21 accepted)". Figures without data are left out.
 */
export function reliabilityLabelled(r: Reliability): string[] {
  const parts: string[] = [];
  if (r.averageRating !== null) parts.push(`Rating ${r.averageRating.toFixed(1)}\u00a0★ (${r.ratingCount})`);
  const onTime = shareText(r.visitsOnTime, r.visitsDue);
  if (onTime)
    parts.push(
      r.visitsDue < MIN_COUNTED_FOR_SHARE
        ? `On time ${onTime}`
        : `On time ${onTime} (${r.visitsOnTime} of ${r.visitsDue})`,
    );
  const completed = shareText(r.completedJobs, r.acceptedJobs);
  if (completed)
    parts.push(
      r.acceptedJobs < MIN_COUNTED_FOR_SHARE
        ? `Completed ${completed} accepted`
        : `Completed ${completed} (${r.completedJobs} of ${r.acceptedJobs} accepted)`,
    );
  else if (r.completedJobs > 0) parts.push(`Completed ${plural(r.completedJobs, "job", "jobs")}`);
  if (r.withdrawnJobs > 0) parts.push(`Withdrew from ${plural(r.withdrawnJobs, "job", "jobs")}`);
  return parts;
}

/* ---------- Why a landscaper is paused ---------- */

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The pause's reason as the late lock-out stores it (paused_reason) and the landscaper's banner reads it. */
export function missedVisitReason(jobNumber: number, visitDate: string): string {
  return `Missed ${jobLabel(jobNumber)} on ${formatLongDate(visitDate)}: no arrival was marked within ${LATE_LOCKOUT_DAYS} days, so the visit went back to the queue.`;
}

const missedReasonPattern = /^Missed JOB-(\d+) on \w+, (\w+) (\d{1,2}), (\d{4}):/;

/**
 * The visit a stored reason names (missedVisitReason read back), so the admins' queue can say it in its own
 * short form; null for any other wording.
 */
export function missedVisitOf(reason: string | null): { jobNumber: number; visitDate: string } | null {
  const match = reason ? missedReasonPattern.exec(reason) : null;
  if (!match) return null;
  const month = MONTHS.indexOf(match[2]!);
  if (month < 0) return null;
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    jobNumber: Number(match[1]),
    visitDate: `${match[4]}-${pad(month + 1)}-${pad(Number(match[3]))}`,
  };
}
