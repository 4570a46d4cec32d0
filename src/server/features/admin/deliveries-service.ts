import { and, desc, eq, sql } from "drizzle-orm";
import type { FailedDeliveryView } from "../../../shared/deliveries.js";
import type { Db } from "../../db/client.js";
import { outbox, user } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";

/** The newest messages the outbox gave up on (every attempt failed): nothing is dropped silently. */
export async function listFailedDeliveries(options: {
  db: Db;
  limit?: number;
}): Promise<FailedDeliveryView[]> {
  const rows = await options.db
    .select({ message: outbox, accountEmail: user.email })
    .from(outbox)
    .leftJoin(user, eq(user.id, outbox.userId))
    .where(eq(outbox.status, "failed"))
    .orderBy(desc(outbox.createdAt))
    .limit(options.limit ?? 100);
  return rows.map(({ message, accountEmail }) => ({
    id: message.id,
    channel: message.channel as FailedDeliveryView["channel"],
    recipient: message.channel === "push" ? (accountEmail ?? "a deleted account") : message.to,
    summary: message.channel === "email" ? message.subject : message.text,
    template: message.template,
    attempts: message.attempts,
    lastError: message.lastError,
    createdAt: message.createdAt.toISOString(),
    failedAt: (message.nextAttemptAt ?? message.createdAt).toISOString(),
  }));
}

/** Puts a failed message back in its lane with a fresh set of attempts; only a failed one can be retried. */
export async function retryDelivery(options: { db: Db; principal: Principal; id: string }) {
  const row = await options.db.transaction(async (tx) => {
    const [retried] = await tx
      .update(outbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(outbox.id, options.id), eq(outbox.status, "failed")))
      .returning({ id: outbox.id, to: outbox.to, channel: outbox.channel, template: outbox.template });
    if (retried) {
      await recordAudit(tx, {
        actor: options.principal,
        action: "delivery.retry",
        target: {
          type: "delivery",
          id: retried.id,
          label: `${retried.channel} ${retried.template ?? ""} to ${retried.to ?? "?"}`.replace(/\s+/g, " "),
        },
        before: { status: "failed" },
        after: { status: "pending" },
      });
    }
    return retried;
  });
  if (row) return { ok: true as const, message: "Queued again: it will be sent within a few seconds." };
  const [exists] = await options.db
    .select({ status: outbox.status })
    .from(outbox)
    .where(eq(outbox.id, options.id));
  if (!exists) throw notFound("This delivery was not found.");
  throw conflict("This delivery is not failed any more.");
}
