import { z } from "zod";

export * from "./field-texts.js";

// The landscaper's day in the field (issue 37): actions done on a phone without a network are kept there and
// sent later, each with its own time and an idempotency key (docs/decisions/027-offline-field-day.md).

/** When the action happened on the phone (ISO 8601 with offset); the time it arrives when absent. */
export const occurredAtField = z
  .string()
  .max(40, { message: "Give the time as an ISO date and time.", abort: true })
  .pipe(z.iso.datetime({ offset: true, message: "Give the time as an ISO date and time." }))
  .optional();

/** The body of Arrived and Start work: only, optionally, when it happened. */
export const fieldStepSchema = z.object({ occurredAt: occurredAtField }).optional();
