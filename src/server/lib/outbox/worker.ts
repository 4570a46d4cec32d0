import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { outbox } from "../../db/schema.js";
import { type OutboxChannel, outboxChannels } from "./enqueue.js";

export const MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min … capped at 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export type OutboxRow = typeof outbox.$inferSelect;

/** Delivers one message of a lane; throws to have it retried. */
export interface LaneSender {
  send(message: OutboxRow): Promise<void>;
  /**
   * After a failure: true when the service itself looks down (an SMTP server refusing), so the rest of the
   * batch waits for the next tick instead of failing one by one.
   */
  stopsBatchOnFailure?: boolean;
}

export interface OutboxWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  senders: Record<OutboxChannel, LaneSender>;
  pollMs?: number;
  /** One message may take at most this long (the outbound call's own timeout plus a margin). */
  messageDeadlineMs: number;
  /** Told of each attempt's outcome (the metrics count them per instance). */
  onOutcome?: (channel: OutboxChannel, outcome: DeliveryOutcome) => void;
}

/** What one attempt at a message came to: sent, to be retried, or failed for good. */
export type DeliveryOutcome = "sent" | "retry" | "failed";

const BATCH = 5;

class DeadlineError extends Error {
  constructor(ms: number) {
    super(`gave up after ${ms} ms`);
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(ms)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Sends queued messages with retries and backoff, one lane per channel. Each lane claims only its own rows
 * (SKIP LOCKED, with a lease), so several app instances share the work, a crash mid-send only delays a
 * message, and a push service that never answers cannot hold up a password-reset email.
 */
export class OutboxWorker {
  private readonly timers = new Map<OutboxChannel, NodeJS.Timeout>();
  private readonly running = new Map<OutboxChannel, Promise<number>>();
  private stopped = false;

  constructor(private readonly options: OutboxWorkerOptions) {}

  start() {
    this.stopped = false;
    const poll = this.options.pollMs ?? 2000;
    for (const channel of outboxChannels) {
      const tick = async () => {
        try {
          await this.drainLane(channel);
        } catch (error) {
          this.options.log.error({ err: error, channel }, "outbox lane tick failed");
        }
        if (this.stopped) return;
        const timer = setTimeout(tick, poll);
        timer.unref();
        this.timers.set(channel, timer);
      };
      const first = setTimeout(tick, 200);
      first.unref();
      this.timers.set(channel, first);
    }
  }

  async stop() {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled(this.running.values());
  }

  /** Sends every message that is due now, every lane at once; answers how many were sent. */
  async drain(): Promise<number> {
    const sent = await Promise.all(outboxChannels.map((channel) => this.drainLane(channel)));
    return sent.reduce((a, b) => a + b, 0);
  }

  /** One lane's due messages; a second call while one runs joins it. */
  drainLane(channel: OutboxChannel): Promise<number> {
    let running = this.running.get(channel);
    if (!running) {
      running = this.sendDue(channel).finally(() => this.running.delete(channel));
      this.running.set(channel, running);
    }
    return running;
  }

  private claim(channel: OutboxChannel) {
    const { db, messageDeadlineMs } = this.options;
    // The database's clock, not this process's: rows are stamped by now() in microseconds, and a
    // millisecond JavaScript date taken right after an insert can fall before it.
    const now = sql`now()`;
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, "pending"),
          eq(outbox.channel, channel),
          lte(outbox.nextAttemptAt, now),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
        ),
      )
      .orderBy(outbox.nextAttemptAt)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    // The lease outlasts the whole batch at its deadlines, so no other instance takes a message mid-send;
    // after a crash, the few leased messages wait that long and no longer.
    const leaseMs = BATCH * messageDeadlineMs + 10_000;
    return db
      .update(outbox)
      .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(inArray(outbox.id, due))
      .returning();
  }

  private async sendDue(channel: OutboxChannel): Promise<number> {
    const { db, senders, messageDeadlineMs, onOutcome } = this.options;
    const sender = senders[channel];
    let sent = 0;
    for (;;) {
      if (this.stopped) return sent;
      const batch = await this.claim(channel);
      if (batch.length === 0) return sent;
      for (const [index, message] of batch.entries()) {
        // Every line about a message names it and the request (or pass run) that queued it.
        const log = this.options.log.child({
          reqId: message.requestId ?? undefined,
          outboxId: message.id,
          channel,
          template: message.template,
        });
        try {
          await withDeadline(sender.send(message), messageDeadlineMs);
          await db
            .update(outbox)
            .set({
              status: "sent",
              sentAt: new Date(),
              attempts: message.attempts + 1,
              lockedUntil: null,
              lastError: null,
            })
            .where(eq(outbox.id, message.id));
          sent++;
          log.info({ attempts: message.attempts + 1 }, "outbox message sent");
          onOutcome?.(channel, "sent");
        } catch (error) {
          const attempts = message.attempts + 1;
          const failed = attempts >= MAX_ATTEMPTS;
          onOutcome?.(channel, failed ? "failed" : "retry");
          log.warn(
            { err: error, to: message.to, attempts },
            failed ? "outbox message failed for good" : "outbox send failed; will retry",
          );
          await db
            .update(outbox)
            .set({
              attempts,
              status: failed ? "failed" : "pending",
              lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
              nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
              lockedUntil: null,
            })
            .where(eq(outbox.id, message.id));
          if (sender.stopsBatchOnFailure) {
            const rest = batch.slice(index + 1).map((m) => m.id);
            if (rest.length)
              await db.update(outbox).set({ lockedUntil: null }).where(inArray(outbox.id, rest));
            return sent;
          }
        }
      }
    }
  }
}
