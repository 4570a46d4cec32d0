import type { Agent } from "node:https";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import { pushSubscription } from "../../db/schema.js";
import { getOrCreateSetting } from "../../lib/settings.js";
import { assertPushEndpointAllowed } from "./push-endpoints.js";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** VAPID keys from the environment, or generated once and stored so every instance signs alike. */
export async function vapidKeys(db: Db, env: Env): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  }
  return getOrCreateSetting(db, "vapid_keys", () => webpush.generateVAPIDKeys());
}

export interface PushMessage {
  title: string;
  body: string;
  link?: string | null;
}

/**
 * Sends one message to every subscription of a user. A push service that answers 404 or 410 has
 * forgotten the subscription, so it is removed; other failures are thrown so the outbox retries.
 */
export async function sendPush(options: {
  db: Db;
  env: Env;
  userId: string;
  message: PushMessage;
  agent: Agent;
}) {
  const { db, env } = options;
  const keys = await vapidKeys(db, env);
  const subscriptions = await db
    .select()
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, options.userId));
  let delivered = 0;
  for (const sub of subscriptions) {
    // Checked again at every send: the allowlist may have changed, and an address literal never goes through
    // the agent's DNS check.
    try {
      await assertPushEndpointAllowed(env, sub.endpoint);
    } catch {
      await db.delete(pushSubscription).where(eq(pushSubscription.id, sub.id));
      continue;
    }
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(options.message),
        {
          vapidDetails: {
            subject: env.VAPID_SUBJECT,
            publicKey: keys.publicKey,
            privateKey: keys.privateKey,
          },
          TTL: 3600,
          // Connections go through an agent that refuses private addresses, and give up after the timeout.
          agent: options.agent,
          timeout: env.OUTBOUND_TIMEOUT_MS,
        },
      );
      delivered++;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await db.delete(pushSubscription).where(eq(pushSubscription.id, sub.id));
        continue;
      }
      throw error;
    }
  }
  return delivered;
}
