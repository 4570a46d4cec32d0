import { ApiError } from "../../../lib/api-client";
import { withTimeout } from "../../../lib/timeout";
import { deletePushSubscriptions, getPushPublicKey, savePushSubscription } from "../api/push";
import { base64UrlToBytes, sameKey } from "./base64url";

/** The service worker that shows push messages (public/sw.js); it caches nothing. */
export const SERVICE_WORKER_URL = "/sw.js";

/**
 * How long the browser's push service may take to answer. Offline, Chromium's subscribe() never settles;
 * without a limit the switch would spin for ever.
 */
export const PUSH_SERVICE_TIMEOUT_MS = 15_000;
const WORKER_READY_TIMEOUT_MS = 10_000;

export class PushTimeoutError extends Error {
  constructor(step: string) {
    super(`${step} did not answer in time.`);
    this.name = "PushTimeoutError";
  }
}

/** The step's answer, or a PushTimeoutError naming the step once `ms` have passed. */
function answerWithin<T>(promise: Promise<T>, ms: number, step: string): Promise<T> {
  return withTimeout(promise, ms, () => {
    throw new PushTimeoutError(step);
  });
}

/** The browser refused (or the user dismissed) the notifications permission. */
export class PushPermissionError extends Error {
  constructor() {
    super("Notification permission was not granted.");
    this.name = "PushPermissionError";
  }
}

/** Whether this browser can receive web push at all (service workers, Push API, secure context). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

export type PushPermission = NotificationPermission | "unsupported";

export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : "unsupported";
}

/** This browser's current push subscription, if our service worker has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Turns push on in this browser: asks for permission (must run from a click), registers /sw.js, subscribes
 * with the server's VAPID key and stores the subscription. Throws PushPermissionError when refused.
 */
export async function enablePushInBrowser(): Promise<void> {
  if (!pushSupported()) throw new Error("This browser does not support push notifications.");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushPermissionError();

  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
  // subscribe() needs an active worker; ready resolves once the registration has one.
  const registration = await answerWithin(
    navigator.serviceWorker.ready,
    WORKER_READY_TIMEOUT_MS,
    "The service worker",
  );
  const applicationServerKey = base64UrlToBytes(await getPushPublicKey());

  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    // Made with an old key: the server could not sign for it any more.
    await subscription.unsubscribe();
    subscription = null;
  }
  const fresh = subscription === null;
  if (!subscription) {
    const pending = registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
    try {
      subscription = await answerWithin(pending, PUSH_SERVICE_TIMEOUT_MS, "The push service");
    } catch (error) {
      // Should the push service answer after all, drop that subscription: the server never heard of it.
      if (error instanceof PushTimeoutError)
        void pending.then((late) => late.unsubscribe()).catch(() => undefined);
      throw error;
    }
  }

  const { keys } = subscription.toJSON();
  try {
    if (!keys?.p256dh || !keys.auth) throw new Error("The push subscription has no keys.");
    await savePushSubscription({
      endpoint: subscription.endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    });
  } catch (error) {
    // This browser's subscription still belongs to whoever used push here before (the server never moves it
    // between accounts): drop it and subscribe afresh, which gives this account an endpoint of its own.
    if (!fresh && error instanceof ApiError && error.code === "push_endpoint_taken") {
      await subscription.unsubscribe();
      return enablePushInBrowser();
    }
    // Leave no subscription behind that the server does not know about.
    if (fresh) await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
}

/** Turns push off in this browser and forgets the user's subscriptions on the server. */
export async function disablePushInBrowser(): Promise<void> {
  const subscription = await currentPushSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => undefined);
  await deletePushSubscriptions();
}
