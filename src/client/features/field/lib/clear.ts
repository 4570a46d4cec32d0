import { clearFieldStore } from "./field-store";

/** The service worker's cache of the photos it served (src/client/sw/service-worker.ts). */
export const PHOTO_CACHE = "greenscape-photos";

/**
 * Signing out deletes the phone's copy of the landscaper's day: the queued actions, the snapshot and the
 * cached photos. What was still queued is lost with it, so the sign-out button says so first.
 */
export async function clearFieldData(): Promise<void> {
  await clearFieldStore();
  if (typeof caches !== "undefined") await caches.delete(PHOTO_CACHE).catch(() => false);
}
