// The field actions' constants and sentences, without zod: the service worker sends queued actions with
// them (src/client/sw), and it should not carry a schema library it never runs.

/** The header a field action's idempotency key travels in. */
export const FIELD_KEY_HEADER = "idempotency-key";
export const fieldKeyPattern = /^[A-Za-z0-9_-]{8,100}$/;

/** An action may say when it happened: no earlier than this before it arrives, and never after it arrives. */
export const OCCURRED_AT_MAX_AGE_HOURS = 24;

export const fieldTexts = {
  queued: "Saved on this phone — will send when you're back online",
  savedTitle: "Saved on this phone",
  notToldYet: "The customer hasn't been told yet.",
  keyReused: "This action was already sent as a different one. Reload the page and try again.",
  offlineDay: "You're offline. Today's and tomorrow's visits are kept on this phone.",
} as const;
