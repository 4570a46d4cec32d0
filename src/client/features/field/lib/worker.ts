/** The service worker (built from src/client/sw/service-worker.ts by `npm run build`). */
export const SERVICE_WORKER_URL = "/sw.js";

/**
 * Registers the service worker for the landscaper's screens: it keeps the app's files for a day without a
 * network and sends queued field actions by Background Sync. Nothing happens where the browser has none.
 */
export async function registerFieldWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
  } catch {
    return null;
  }
}

/** A new version installed and waiting: take it over, then the page reloads once it controls the page. */
export function applyWaitingWorker(registration: ServiceWorkerRegistration) {
  const waiting = registration.waiting;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: "SKIP_WAITING" });
}
