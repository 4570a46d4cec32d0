// The landscaper's day in the field (issue 37): the app without a network, queued actions, the service worker.
export { type KeptAnswer, sendOrKeep, wasKept } from "./api/send-or-keep";
export { AppUpdatePrompt } from "./components/app-update-prompt";
export { FieldDayBanner } from "./components/field-day-banner";
export { FieldJobNote } from "./components/field-job-note";
export { useFieldOutbox } from "./hooks/use-field-outbox";
export { useFieldSync } from "./hooks/use-field-sync";
export { clearFieldData } from "./lib/clear";
export { type FieldEntry, sendQueuedFieldActions } from "./lib/outbox";
export { fieldJobTitle, hasQueued, withQueued } from "./lib/overlay";
export { keepFieldSnapshot, restoreFieldSnapshot } from "./lib/snapshot";
