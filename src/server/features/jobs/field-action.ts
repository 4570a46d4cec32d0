import { and, eq, lt } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  FIELD_KEY_HEADER,
  fieldKeyPattern,
  fieldTexts,
  OCCURRED_AT_MAX_AGE_HOURS,
} from "../../../shared/field.js";
import type { Db, Tx } from "../../db/client.js";
import { fieldActionKey } from "../../db/schema/field.js";
import { conflict, fieldInvalid } from "../../lib/errors.js";

// A landscaper's phone queues field actions while offline and sends them later (issue 37,
// docs/decisions/027-offline-field-day.md): each may carry when it happened and an idempotency key.

/**
 * When a field action happened: the phone's own time, kept within bounds so a wrong clock cannot rewrite
 * the record. Never later than it arrived (a phone clock running ahead counts as now), never earlier than
 * OCCURRED_AT_MAX_AGE_HOURS before, and never before the step it follows (`notBefore`: arrival after
 * "on my way"). Without a time, the time it arrived.
 */
export function actionTime(
  occurredAt: string | undefined,
  { now, notBefore }: { now: Date; notBefore?: Date | null | undefined },
): Date {
  if (occurredAt === undefined) return now;
  const at = new Date(occurredAt);
  if (Number.isNaN(at.getTime())) throw fieldInvalid("occurredAt", "Give the time as an ISO date and time.");
  const earliest = Math.max(now.getTime() - OCCURRED_AT_MAX_AGE_HOURS * 3_600_000, notBefore?.getTime() ?? 0);
  if (at.getTime() >= now.getTime()) return now;
  return new Date(Math.max(at.getTime(), earliest));
}

/** The request's Idempotency-Key, checked for length and characters before use; undefined without one. */
export function fieldKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[FIELD_KEY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 100 || !fieldKeyPattern.test(key))
    throw fieldInvalid(FIELD_KEY_HEADER, "The idempotency key must be 8–100 letters, digits, - or _.");
  return key;
}

interface FieldKeyClaim {
  userId: string;
  key: string;
  action: string;
  jobId: string;
}

/**
 * Claims a field action's key in the caller's transaction: true when it is new; false when the same action
 * on the same job claimed it before (a repeat, which must do nothing); a key used for another action is
 * refused. A claim made by a transaction still running is waited for.
 */
export async function claimFieldKey(tx: Tx, claim: FieldKeyClaim): Promise<boolean> {
  const claimed = await tx
    .insert(fieldActionKey)
    .values(claim)
    .onConflictDoNothing()
    .returning({ key: fieldActionKey.key });
  if (claimed.length > 0) return true;
  const [first] = await tx
    .select({ action: fieldActionKey.action, jobId: fieldActionKey.jobId })
    .from(fieldActionKey)
    .where(and(eq(fieldActionKey.userId, claim.userId), eq(fieldActionKey.key, claim.key)));
  if (!first || first.action !== claim.action || first.jobId !== claim.jobId)
    throw conflict(fieldTexts.keyReused);
  return false;
}

/**
 * Runs a field action once per key: the key is claimed in the action's own transaction (the action's
 * transaction nests as a savepoint), so a failed action leaves no claim and a repeat that arrives while
 * the first is running waits for it. A repeat answers what the first answered, without doing it again.
 */
export async function oncePerKey<T>(
  options: { db: Db; userId: string; key: string | undefined; action: string; jobId: string },
  run: (db: Db) => Promise<T>,
): Promise<T> {
  const { db, userId, key, action, jobId } = options;
  if (key === undefined) return run(db);
  return db.transaction(async (tx) => {
    if (!(await claimFieldKey(tx, { userId, key, action, jobId }))) {
      const [first] = await tx
        .select({ answer: fieldActionKey.answer })
        .from(fieldActionKey)
        .where(and(eq(fieldActionKey.userId, userId), eq(fieldActionKey.key, key)));
      if (!first || first.answer === null) throw conflict(fieldTexts.keyReused);
      return first.answer as T;
    }
    const answer = await run(tx);
    await tx
      .update(fieldActionKey)
      .set({ answer: answer as object })
      .where(and(eq(fieldActionKey.userId, userId), eq(fieldActionKey.key, key)));
    return answer;
  });
}

/** Keys older than a month are forgotten: a phone sends its queue within a day (OCCURRED_AT_MAX_AGE_HOURS). */
export async function forgetOldFieldKeys(db: Db, now = new Date()) {
  await db
    .delete(fieldActionKey)
    .where(lt(fieldActionKey.createdAt, new Date(now.getTime() - 30 * 86_400_000)));
}
