import { z } from "zod";
import { isValidIsoDate } from "./dates.js";

/**
 * Rain days on the landscaper's Schedule (issue 37): a scheduled pass reads the chance of rain for each visit
 * of the next 3 days and flags those at or above a setting; "Move my day" moves one flagged day's visits to
 * the next dry working day.
 */

const isoDate = z
  .string()
  .max(10, { message: "Choose a date.", abort: true })
  .refine(isValidIsoDate, { message: "Choose a date." });

/** One flagged day of the landscaper's, from today on. */
export const rainDaySchema = z.object({
  date: z.string(),
  /** The highest chance of rain among the day's flagged visits, in percent. */
  percent: z.number(),
  /** When that forecast was read (ISO 8601). */
  readAt: z.string(),
  /** The day's visits "Move my day" would move (scheduled, not yet arrived at). */
  visits: z.number(),
  /** The next dry working day they would move to, or null when there is none within the move rules. */
  moveTo: z.string().nullable(),
});
export type RainDay = z.infer<typeof rainDaySchema>;

/** GET /api/landscaper/weather. */
export const rainDaysAnswerSchema = z.object({ days: z.array(rainDaySchema) });
export type RainDaysAnswer = z.infer<typeof rainDaysAnswerSchema>;

/** POST /api/landscaper/weather/move-day: the day, and the day the confirmation named (checked again). */
export const moveDaySchema = z.object({ date: isoDate, to: isoDate });
export type MoveDayInput = z.infer<typeof moveDaySchema>;

export const moveDayAnswerSchema = z.object({ moved: z.number(), to: z.string(), message: z.string() });
export type MoveDayAnswer = z.infer<typeof moveDayAnswerSchema>;

/** "70% chance of rain". */
export const rainText = (percent: number) => `${percent}% chance of rain`;
