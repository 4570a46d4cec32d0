import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { type HealthQuery, healthPeriod } from "../../../shared/admin-health.js";
import { todayInCharlotte } from "../../../shared/dates.js";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import { appSetting } from "../../db/schema.js";
import { type CountedHealth, type CountedSummary, marketplaceHealth, summaryOf } from "./health-service.js";

/*
 * Admin → Health's figures take seconds to count at a million jobs (docs/performance.md), so they are counted
 * ahead and kept in app_setting, one row per period (as cachedAnalytics keeps Analytics): every instance reads
 * the same count and a restart keeps it. The default period (the last 12 weeks) is counted by the scheduled
 * pass every HEALTH_REFRESH_MINUTES; a read takes it up to two periods old (a late or failed pass does not
 * leave the page waiting), else counts on the spot. Another period is counted when first asked and kept for
 * one period. Whoever counts first claims the row (SKIP LOCKED, stamped `claimedUntil`), so two instances never
 * count one period at once: a read that finds a count under way waits for it instead of starting another.
 */

const KEY_PREFIX = "admin_health:";
/** How long a claim keeps others off: far longer than a count takes, short enough to outlive a crash. */
const CLAIM_MS = 120_000;
/** How often a read waiting for another's count looks again. */
const WAIT_MS = 200;

interface Stored {
  computedAt?: string;
  claimedUntil?: string;
  answer?: CountedHealth;
  summary?: CountedSummary;
}

export interface HealthStoreOptions {
  db: Db;
  env: Pick<Env, "HEALTH_REFRESH_MINUTES">;
  now?: Date;
}

const keyOf = (period: { from: string; to: string }) => `${KEY_PREFIX}${period.from}:${period.to}`;
const minutes = (options: HealthStoreOptions) => options.env.HEALTH_REFRESH_MINUTES * 60_000;

/** The period asked for, its row, and how old a stored count of it may be. */
function periodOf(options: HealthStoreOptions & { query?: HealthQuery }) {
  const now = options.now ?? new Date();
  const today = todayInCharlotte(now);
  const period = healthPeriod(options.query ?? {}, today);
  const standard = healthPeriod({}, today);
  const scheduled = period.from === standard.from && period.to === standard.to;
  return {
    now,
    period,
    key: keyOf(period),
    refreshedBy: scheduled ? ("schedule" as const) : ("request" as const),
    maxAgeMs: (scheduled ? 2 : 1) * minutes(options),
  };
}

const isFresh = (computedAt: string | null | undefined, now: Date, maxAgeMs: number) =>
  computedAt != null && Date.parse(computedAt) > now.getTime() - maxAgeMs;

/**
 * Claims `key` for a count when its stored count is older than `maxAgeMs` and nobody else's claim is in
 * force: false when it is fresh, claimed, or locked by another claim this moment.
 */
async function claim(db: Db, key: string, now: Date, maxAgeMs: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.insert(appSetting).values({ key, value: {} }).onConflictDoNothing();
    const [row] = await tx
      .select({
        computedAt: sql<string | null>`${appSetting.value}->>'computedAt'`,
        claimedUntil: sql<string | null>`${appSetting.value}->>'claimedUntil'`,
      })
      .from(appSetting)
      .where(eq(appSetting.key, key))
      .for("update", { skipLocked: true });
    if (!row || isFresh(row.computedAt, now, maxAgeMs)) return false;
    if (row.claimedUntil && Date.parse(row.claimedUntil) > now.getTime()) return false;
    const claimedUntil = new Date(now.getTime() + CLAIM_MS).toISOString();
    await tx
      .update(appSetting)
      .set({ value: sql`${appSetting.value} || jsonb_build_object('claimedUntil', ${claimedUntil}::text)` })
      .where(eq(appSetting.key, key));
    return true;
  });
}

/** Counts the period under a claim just made and stores the count (the claim goes with it). */
async function countAndStore(
  db: Db,
  key: string,
  period: { from: string; to: string },
  now: Date,
): Promise<Stored> {
  try {
    const answer = await marketplaceHealth({ db, query: period, now });
    const value: Stored = { computedAt: answer.computedAt, answer, summary: summaryOf(answer) };
    await db
      .insert(appSetting)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSetting.key, set: { value } });
    return value;
  } catch (error) {
    // Give the period back at once rather than keep others off for the whole claim.
    await db
      .update(appSetting)
      .set({ value: sql`${appSetting.value} - 'claimedUntil'` })
      .where(eq(appSetting.key, key));
    throw error;
  }
}

/**
 * The stored count of the period (its answer or the dashboard's summary of it) when fresh enough, else counted
 * now by this read or by whoever holds the claim while this read waits; as the JSON text of the route's answer
 * (how it is kept fresh added), which the database writes from the stored row without a pass through
 * JavaScript objects (decision record 018).
 */
async function storedOrCounted(
  options: HealthStoreOptions & { query?: HealthQuery },
  part: "answer" | "summary",
): Promise<string> {
  const { now, period, key, refreshedBy, maxAgeMs } = periodOf(options);
  const { db } = options;
  const refreshMinutes = options.env.HEALTH_REFRESH_MINUTES;
  for (;;) {
    const [row] = await db
      .select({
        computedAt: sql<string | null>`${appSetting.value}->>'computedAt'`,
        text: sql<string | null>`(${appSetting.value}->${part}
          || jsonb_build_object('refreshMinutes', ${refreshMinutes}::int, 'refreshedBy', ${refreshedBy}::text))::text`,
      })
      .from(appSetting)
      .where(eq(appSetting.key, key));
    if (row?.text && isFresh(row.computedAt, now, maxAgeMs)) return row.text;
    if (await claim(db, key, now, maxAgeMs)) {
      const stored = await countAndStore(db, key, period, now);
      return JSON.stringify({ ...stored[part], refreshMinutes, refreshedBy });
    }
    // Counted just now by another, or being counted: look again shortly.
    await sleep(WAIT_MS);
  }
}

/** Admin → Health's answer (healthAnswerSchema) for the period asked, the default 12 weeks when none is. */
export async function storedHealthText(
  options: HealthStoreOptions & { query?: HealthQuery },
): Promise<string> {
  return storedOrCounted(options, "answer");
}

/** The dashboard's four tiles (healthSummarySchema): the summary of the default period's stored count. */
export async function storedHealthSummaryText(options: HealthStoreOptions): Promise<string> {
  return storedOrCounted(options, "summary");
}

/**
 * A step of the scheduled pass: counts the default period again when its stored count is a refresh period
 * old (one instance at a time, by the claim), and forgets other periods' counts two periods old. Answers
 * whether this call counted.
 */
export async function refreshHealth(options: HealthStoreOptions): Promise<{ counted: boolean }> {
  const { now, period, key } = periodOf(options);
  const { db } = options;
  const counted = await claim(db, key, now, minutes(options));
  if (counted) await countAndStore(db, key, period, now);
  const forgetBefore = new Date(now.getTime() - 2 * minutes(options)).toISOString();
  await db
    .delete(appSetting)
    .where(
      and(
        sql`starts_with(${appSetting.key}, ${KEY_PREFIX})`,
        sql`${appSetting.key} <> ${key}`,
        sql`coalesce(${appSetting.value}->>'computedAt', '') < ${forgetBefore}`,
        sql`coalesce(${appSetting.value}->>'claimedUntil', '') < ${now.toISOString()}`,
      ),
    );
  return { counted };
}
