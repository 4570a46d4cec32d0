// Web push in the service worker: the notification the server sent ({ title, body, link }), and its link
// opened on click. Only links on this site are followed.

const FALLBACK_TITLE = "GreenScape Charlotte";
const FALLBACK_BODY = "You have a new notification.";

interface PushPayload {
  title?: unknown;
  body?: unknown;
  link?: unknown;
}

/** The payload the server sends, or plain text as the body. */
function readPayload(data: PushMessageData | null): PushPayload {
  if (!data) return {};
  try {
    const json = data.json() as unknown;
    return json && typeof json === "object" ? (json as PushPayload) : { body: String(json) };
  } catch {
    return { body: data.text() };
  }
}

function sameOriginUrl(origin: string, link: unknown): string {
  try {
    const url = new URL(typeof link === "string" && link ? link : "/", origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

export function showPush(registration: ServiceWorkerRegistration, data: PushMessageData | null) {
  const payload = readPayload(data);
  const title = typeof payload.title === "string" && payload.title ? payload.title : FALLBACK_TITLE;
  const body = typeof payload.body === "string" && payload.body ? payload.body : FALLBACK_BODY;
  return registration.showNotification(title, {
    body,
    icon: "/icons/icon-192.png",
    badge: "/favicon.svg",
    data: { link: sameOriginUrl(registration.scope ? new URL(registration.scope).origin : "", payload.link) },
  });
}

/**
 * A tab already showing the link is focused; otherwise the link opens in a new tab (an open tab is never
 * navigated away, it may hold unsaved work).
 */
export async function openPushLink(scope: ServiceWorkerGlobalScope, link: unknown) {
  const target = sameOriginUrl(scope.location.origin, link);
  const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.url === target);
  if (open) return open.focus();
  return scope.clients.openWindow(target);
}
