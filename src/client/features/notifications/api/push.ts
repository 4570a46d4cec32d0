import { apiFetch } from "../../../lib/api-client";

/** The server's VAPID public key (base64url). */
export async function getPushPublicKey(): Promise<string> {
  const { publicKey } = await apiFetch<{ publicKey: string }>("/api/push/public-key");
  return publicKey;
}

export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Stores this browser's subscription for the signed-in user. */
export function savePushSubscription(body: PushSubscriptionBody): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>("/api/push/subscriptions", { method: "POST", json: body });
}

/** Forgets every push subscription of the signed-in user. */
export function deletePushSubscriptions(): Promise<{ deleted: number }> {
  return apiFetch<{ deleted: number }>("/api/push/subscriptions", { method: "DELETE" });
}
