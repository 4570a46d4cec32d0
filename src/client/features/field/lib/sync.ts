import { FIELD_SYNC_TAG, type SendReport, sendQueuedFieldActions } from "./outbox";

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks for the queue to be sent: the service worker's Background Sync where the browser has it (Chromium),
 * which sends even after the page is closed once the network is back; and the page itself when it is online.
 */
export async function requestFieldSync(): Promise<SendReport | null> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration("/")) as
      | SyncRegistration
      | undefined;
    await registration?.sync?.register(FIELD_SYNC_TAG);
  } catch {
    // No Background Sync here: the page sends on its next open or when it sees the network come back.
  }
  if (navigator.onLine === false) return null;
  return sendQueuedFieldActions();
}
