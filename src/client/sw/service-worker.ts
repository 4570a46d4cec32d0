import type { PrecacheEntry } from "workbox-precaching";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { PHOTO_CACHE } from "../features/field/lib/clear";
import { FIELD_SYNC_TAG, sendQueuedFieldActions } from "../features/field/lib/outbox";
import { openPushLink, showPush } from "./push";

// GreenScape Charlotte's service worker (docs/decisions/027-offline-field-day.md), built by `npm run build`
// (scripts/build-service-worker.mjs) with the list of the app's files to keep, so a landscaper's screens
// open without a network; it sends the field actions kept on the phone by Background Sync, and shows push
// notifications. A new version waits until the landscaper accepts the reload (AppUpdatePrompt).

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The landscaper's screens: from the network when there is one, else the app from the cache (the page then
// opens from what the phone kept of the day). Other pages always come from the network, as before.
const appShell = createHandlerBoundToURL("/__spa-fallback.html");
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await fetch(options.request);
      } catch {
        return appShell(options);
      }
    },
    { allowlist: [/^\/landscaper-dashboard(\/|$)/, /^\/dashboard\/landscaper(\/|$)/] },
  ),
);

// A job's proof photos (private, immutable under their id): kept once seen, so today's visits show them
// offline. Signing out deletes this cache (clearFieldData).
registerRoute(
  ({ url, request }) =>
    request.method === "GET" &&
    url.origin === self.location.origin &&
    /^\/api\/jobs\/[^/]+\/photos\/[^/]+$/.test(url.pathname),
  new CacheFirst({ cacheName: PHOTO_CACHE }),
);

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

self.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== FIELD_SYNC_TAG) return;
  sync.waitUntil(
    sendQueuedFieldActions().then((report) => {
      // Still waiting (no network yet): a failed sync is retried by the browser later.
      if (report.waiting > 0) throw new Error(`${report.waiting} field actions still waiting`);
    }),
  );
});

self.addEventListener("push", (event) => event.waitUntil(showPush(self.registration, event.data)));
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openPushLink(self, event.notification.data?.link));
});
