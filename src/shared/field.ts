import { z } from "zod";

// The landscaper's day in the field (issue 37): actions done on a phone without a network are kept there and
// sent later, each with its own time and an idempotency key (docs/decisions/027-offline-field-day.md).

/** The header a field action's idempotency key travels in. */
export const FIELD_KEY_HEADER = "idempotency-key";
export const fieldKeyPattern = /^[A-Za-z0-9_-]{8,100}$/;

/** An action may say when it happened: no earlier than this before it arrives, and never after it arrives. */
export const OCCURRED_AT_MAX_AGE_HOURS = 24;

/** When the action happened on the phone (ISO 8601 with offset); the time it arrives when absent. */
export const occurredAtField = z
  .string()
  .max(40, { message: "Give the time as an ISO date and time.", abort: true })
  .pipe(z.iso.datetime({ offset: true, message: "Give the time as an ISO date and time." }))
  .optional();

/** The body of Arrived and Start work: only, optionally, when it happened. */
export const fieldStepSchema = z.object({ occurredAt: occurredAtField }).optional();

export const fieldTexts = {
  queued: "Saved on this phone — will send when you're back online",
  sending: "Sending what you saved on this phone…",
  keyReused: "This action was already sent as a different one. Reload the page and try again.",
  offlineDay: "You're offline. Today's and tomorrow's visits are kept on this phone.",
} as const;
