import { z } from "zod";
import { type Reliability, reliabilitySchema } from "./recurring.js";

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

/** What a screen reader says for reliabilityLine: "rated 4.8 out of 5 (12 ratings), 97% on time, 124 jobs completed". */
export function reliabilitySpoken(r: Reliability): string {
  const parts: string[] = [];
  if (r.averageRating !== null)
    parts.push(
      `rated ${r.averageRating.toFixed(1)} out of 5 (${r.ratingCount} ${r.ratingCount === 1 ? "rating" : "ratings"})`,
    );
  if (r.onTimeRate !== null) parts.push(`${Math.round(r.onTimeRate)}% on time`);
  parts.push(`${r.completedJobs} ${r.completedJobs === 1 ? "job" : "jobs"} completed`);
  return parts.join(", ");
}
