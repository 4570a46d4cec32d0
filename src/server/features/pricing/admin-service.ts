import { desc, eq, sql } from "drizzle-orm";
import { todayInCharlotte } from "../../../shared/dates.js";
import {
  type AdminPricingAnswer,
  type PublishedRateCard,
  type PublishRateCard,
  type PublishRateCardAnswer,
  publishedMessage,
  type RateCardHistoryEntry,
  type RateCardStatus,
} from "../../../shared/pricing-admin.js";
import type { Db } from "../../db/client.js";
import { rateCard, user } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { conflict } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";

interface VersionRow {
  version: number;
  effectiveFrom: string;
  note: string | null;
  publishedBy: string | null;
  publishedAt: Date;
}

/**
 * Where each version stands on `today`. In force: the latest date on or before today, the newer version on
 * a tie (what `rateCardOn` reads). Scheduled: a later date that no newer version also takes.
 */
function statusesOf(rows: readonly VersionRow[], today: string): Map<number, RateCardStatus> {
  const newestOnDate = new Map<string, number>();
  for (const row of rows)
    newestOnDate.set(row.effectiveFrom, Math.max(row.version, newestOnDate.get(row.effectiveFrom) ?? 0));
  const started = rows.filter((row) => row.effectiveFrom <= today);
  const inForce = started.reduce<VersionRow | null>(
    (best, row) =>
      !best ||
      row.effectiveFrom > best.effectiveFrom ||
      (row.effectiveFrom === best.effectiveFrom && row.version > best.version)
        ? row
        : best,
    null,
  );
  return new Map(
    rows.map((row) => [
      row.version,
      row.version === inForce?.version
        ? "in_force"
        : row.effectiveFrom <= today
          ? "past"
          : newestOnDate.get(row.effectiveFrom) === row.version
            ? "scheduled"
            : "replaced",
    ]),
  );
}

/**
 * The Pricing page: the card in force today, the versions scheduled after it (soonest first) and every
 * version, newest first. A few versions a year: the whole history is one small read.
 */
export async function pricingOverview({
  db,
  today = todayInCharlotte(),
}: {
  db: Db;
  today?: string;
}): Promise<AdminPricingAnswer> {
  const rows = await db
    .select({
      version: rateCard.version,
      effectiveFrom: rateCard.effectiveFrom,
      card: rateCard.card,
      note: rateCard.note,
      publishedBy: user.name,
      publishedAt: rateCard.createdAt,
    })
    .from(rateCard)
    .leftJoin(user, eq(user.id, rateCard.createdBy))
    .orderBy(desc(rateCard.version));
  const statuses = statusesOf(rows, today);
  const entry = (row: (typeof rows)[number]): RateCardHistoryEntry => ({
    version: row.version,
    effectiveFrom: row.effectiveFrom,
    note: row.note,
    publishedBy: row.publishedBy,
    publishedAt: row.publishedAt.toISOString(),
    status: statuses.get(row.version)!,
  });
  const published = (row: (typeof rows)[number]): PublishedRateCard => {
    const { status: _status, ...rest } = entry(row);
    return { ...row.card, ...rest };
  };
  const inForce = rows.find((row) => statuses.get(row.version) === "in_force");
  // Migration 0025 writes version 1, effective long before any quote: no card in force is a broken database.
  if (!inForce) throw new Error(`No rate card is in force on ${today}.`);
  return {
    today,
    inForce: published(inForce),
    scheduled: rows
      .filter((row) => statuses.get(row.version) === "scheduled")
      .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))
      .map(published),
    history: rows.map(entry),
    nextVersion: (rows[0]?.version ?? 0) + 1,
  };
}

/**
 * Publishes a new version: the next number, never an edit of an existing one (quotes record the version they
 * used). Two admins publishing at the same moment both read the same highest number; the second insert
 * finds the number taken (the primary key; PostgreSQL waits for the first to commit) and tries once more with
 * the next one. A clash on that try too is answered 409, for the admin to look and publish again.
 */
export async function publishRateCard({
  db,
  publishedBy,
  input,
  today = todayInCharlotte(),
}: {
  db: Db;
  /** The admin: the version records their id, the audit trail their email. */
  publishedBy: Principal;
  input: PublishRateCard;
  today?: string;
}): Promise<PublishRateCardAnswer> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db.transaction(async (tx) => {
      const [latest] = await tx
        .select({ version: sql<number>`coalesce(max(${rateCard.version}), 0)`.mapWith(Number) })
        .from(rateCard);
      const version = (latest?.version ?? 0) + 1;
      const [row] = await tx
        .insert(rateCard)
        .values({
          version,
          effectiveFrom: input.effectiveFrom,
          card: input.card,
          note: input.note,
          createdBy: publishedBy.userId,
        })
        .onConflictDoNothing({ target: rateCard.version })
        .returning({ version: rateCard.version });
      if (row) {
        await recordAudit(tx, {
          actor: publishedBy,
          action: "pricing.publish",
          target: { type: "rate_card", id: String(version), label: `Rate card version ${version}` },
          reason: input.note || null,
          before: latest?.version ? { version: latest.version } : null,
          after: { version, effectiveFrom: input.effectiveFrom, card: input.card },
        });
      }
      return row;
    });
    if (inserted) {
      const { version } = inserted;
      return {
        message: publishedMessage(version, input.effectiveFrom, today),
        version,
        effectiveFrom: input.effectiveFrom,
      };
    }
  }
  throw conflict(
    "Another admin published a version at the same moment. Nothing was published: review the latest version, then publish again.",
  );
}
