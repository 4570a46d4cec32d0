import type { z } from "zod";
import type { OkAnswer } from "../../../../shared/answers";
import type {
  DeletedAnswer,
  PushPublicKeyAnswer,
  pushSubscriptionSchema,
} from "../../../../shared/notifications";
import { apiFetch } from "../../../lib/api-client";

/** The server's VAPID public key (base64url). */
export async function getPushPublicKey(): Promise<string> {
  const { publicKey } = await apiFetch<PushPublicKeyAnswer>("/api/push/public-key");
  return publicKey;
}

export type PushSubscriptionBody = z.input<typeof pushSubscriptionSchema>;

/** Stores this browser's subscription for the signed-in user. */
export function savePushSubscription(body: PushSubscriptionBody): Promise<OkAnswer> {
  return apiFetch<OkAnswer>("/api/push/subscriptions", { method: "POST", json: body });
}

/** Forgets every push subscription of the signed-in user. */
export function deletePushSubscriptions(): Promise<DeletedAnswer> {
  return apiFetch<DeletedAnswer>("/api/push/subscriptions", { method: "DELETE" });
}
