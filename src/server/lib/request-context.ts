import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The id of the request, or of the scheduled pass run, whose work is running now. Outbox rows queued within it
 * carry it (outbox.request_id), so the worker's line for a message names the request that caused it: carried
 * by the async context rather than through every service's options, which queue messages many calls deep.
 * It is the request's own scope, not state shared between requests.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` (and everything it starts) as part of request or run `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return context.run({ requestId }, work);
}

/** The id of the request or pass run this code runs within; null outside one (the outbox worker, start-up). */
export function currentRequestId(): string | null {
  return context.getStore()?.requestId ?? null;
}
