import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { PushSubscriptionInput } from "../../../shared/notifications.js";
import type { Db } from "../../db/client.js";
import { pushSubscription } from "../../db/schema.js";
import { AppError } from "../../lib/errors.js";

/** A user's browsers and devices: more than this and the oldest subscription makes room for the new one. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export const subscriptionMessages = {
  taken: "This browser is already receiving another account's notifications. Sign out there first.",
} as const;

/**
 * Saves a browser's push subscription for `userId`. Renewing one's own subscription updates its keys; an
 * endpoint that belongs to another account is refused (409), never moved silently, so nobody can redirect
 * someone else's notifications by re-registering their endpoint.
 */
export async function saveSubscription(options: {
  db: Db;
  userId: string;
  subscription: PushSubscriptionInput;
}) {
  const { db, userId, subscription } = options;
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userId: pushSubscription.userId })
      .from(pushSubscription)
      .where(eq(pushSubscription.endpoint, subscription.endpoint))
      .for("update");
    if (existing && existing.userId !== userId) {
      throw new AppError(409, "push_endpoint_taken", subscriptionMessages.taken);
    }
    await tx
      .insert(pushSubscription)
      .values({
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      })
      .onConflictDoUpdate({
        target: pushSubscription.endpoint,
        set: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
        where: eq(pushSubscription.userId, userId),
      });
    const mine = await tx
      .select({ id: pushSubscription.id })
      .from(pushSubscription)
      .where(and(eq(pushSubscription.userId, userId), ne(pushSubscription.endpoint, subscription.endpoint)))
      .orderBy(asc(pushSubscription.createdAt), asc(pushSubscription.id));
    const extra = mine.length + 1 - MAX_SUBSCRIPTIONS_PER_USER;
    if (extra > 0) {
      await tx.delete(pushSubscription).where(
        inArray(
          pushSubscription.id,
          mine.slice(0, extra).map((m) => m.id),
        ),
      );
    }
  });
}
