/*
 * GreenScape Charlotte service worker: shows web push notifications and opens their link on click.
 * It deliberately has no fetch handler and caches nothing, so pages always come from the network.
 */

const FALLBACK_TITLE = "GreenScape Charlotte";
const FALLBACK_BODY = "You have a new notification.";

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/** The payload the server sends ({ title, body, link }), or plain text as the body. */
function readPayload(data) {
  if (!data) return {};
  try {
    const json = data.json();
    return json && typeof json === "object" ? json : { body: String(json) };
  } catch {
    return { body: data.text() };
  }
}

/** Only links on this site are followed; anything else opens the home page. */
function sameOriginUrl(link) {
  try {
    const url = new URL(link || "/", self.location.origin);
    return url.origin === self.location.origin ? url.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === "string" && payload.title ? payload.title : FALLBACK_TITLE;
  const body = typeof payload.body === "string" && payload.body ? payload.body : FALLBACK_BODY;
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: "/favicon.svg",
      badge: "/favicon.svg",
      data: { link: sameOriginUrl(payload.link) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = sameOriginUrl(event.notification.data?.link);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // A tab already showing the link is focused; otherwise the link opens in a new tab (an open tab is
      // never navigated away, it may hold unsaved work).
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    })(),
  );
});
