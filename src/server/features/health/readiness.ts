import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ReadyAnswer } from "../../../shared/health.js";
import type { Db } from "../../db/client.js";
import { ping, rowsOf } from "../../db/client.js";
import { passLags } from "../../lib/scheduled-pass.js";
import type { Storage } from "../../lib/storage.js";

/** The pass whose lag readiness checks: the one that takes holds and charges (the rest ride on its timer). */
export const READY_PASS = "payments";

/** The outbox and the scheduled passes as the database has them: the same on every instance. */
export interface OperationsFigures {
  outboxPending: number;
  outboxFailed: number;
  /** Seconds the oldest due, unsent message has waited past its time (0 when none is due). */
  outboxLagSeconds: number;
  /** Seconds since each pass last finished, by name; a pass that never finished is absent. */
  passLags: Map<string, number>;
}

export async function operationsFigures(db: Db): Promise<OperationsFigures> {
  // Each count reads one partial index (outbox_due_idx, outbox_failed_idx), not the sent messages.
  const result = await db.execute(sql`
    select
      (select count(*) from outbox where status = 'pending')::int as pending,
      (select count(*) from outbox where status = 'failed')::int as failed,
      coalesce((select extract(epoch from now() - min(next_attempt_at)) from outbox
        where status = 'pending' and next_attempt_at <= now()), 0)::float8 as lag`);
  const [row] = rowsOf<{ pending: number; failed: number; lag: number | string }>(result);
  return {
    outboxPending: Number(row?.pending ?? 0),
    outboxFailed: Number(row?.failed ?? 0),
    outboxLagSeconds: Math.max(0, Number(row?.lag ?? 0)),
    passLags: await passLags(db),
  };
}

export interface ReadinessOptions {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  /** 0: the lag is reported and does not count. */
  outboxLagLimitSeconds: number;
  passLagLimitSeconds: number;
  /** When this app started (ms): a pass never recorded counts as late only once the limit has passed since. */
  startedAtMs: number;
}

export interface Readiness {
  answer: ReadyAnswer;
  /** Null when the database could not be read. */
  figures: OperationsFigures | null;
}

/**
 * Whether this instance should take traffic: its database and file store answer, and the shared background
 * work is not stuck (the outbox is being sent, the payments pass is running somewhere).
 */
export async function readiness(options: ReadinessOptions): Promise<Readiness> {
  const { db, storage, log } = options;
  const started = performance.now();
  const [databaseOk, storageOk] = await Promise.all([
    ping(db),
    storage.check().then(
      () => true,
      (error: unknown) => {
        log.warn({ err: error }, "storage check failed");
        return false;
      },
    ),
  ]);
  const latencyMs = Math.round((performance.now() - started) * 100) / 100;
  const figures = databaseOk
    ? await operationsFigures(db).catch((error: unknown) => {
        log.warn({ err: error }, "readiness: outbox and pass figures unreadable");
        return null;
      })
    : null;

  const outboxLimit = options.outboxLagLimitSeconds || null;
  const outboxSeconds = figures ? figures.outboxLagSeconds : null;
  const outboxOk = outboxSeconds !== null && (outboxLimit === null || outboxSeconds <= outboxLimit);

  const passLimit = options.passLagLimitSeconds || null;
  const passSeconds = figures?.passLags.get(READY_PASS) ?? null;
  const sinceStart = (Date.now() - options.startedAtMs) / 1000;
  const passOk =
    figures !== null &&
    (passLimit === null || (passSeconds === null ? sinceStart <= passLimit : passSeconds <= passLimit));

  const ready = databaseOk && storageOk && outboxOk && passOk;
  return {
    figures,
    answer: {
      status: ready ? "ready" : "unavailable",
      checks: {
        database: { ok: databaseOk, latencyMs },
        storage: { ok: storageOk },
        outboxLag: { ok: outboxOk, seconds: rounded(outboxSeconds), limitSeconds: outboxLimit },
        paymentsPassLag: { ok: passOk, seconds: rounded(passSeconds), limitSeconds: passLimit },
      },
    },
  };
}

const rounded = (seconds: number | null) => (seconds === null ? null : Math.round(seconds * 10) / 10);
