import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";

/**
 * The tables that hold what users own or act on. Sessions, sign-in audit rows, rate-limit counters and
 * cached settings are left out: a refused sign-in is rightly recorded there.
 */
export const guardedTables = [
  "user",
  "account",
  "customer",
  "landscaper",
  "landscaper_document",
  "job",
  "job_decline",
  "job_event",
  "notification",
  "push_subscription",
  "outbox",
  "sms_message",
] as const;

export type Snapshot = Record<(typeof guardedTables)[number], string>;

/**
 * One cheap query: each guarded table's row count and newest row version (xmin). An insert or a delete
 * changes the count, and an update, even to the same values, writes a row version newer than any before.
 */
export async function snapshot(database: Database): Promise<Snapshot> {
  const columns = guardedTables.map(
    (table) =>
      `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from "${table}") as "${table}"`,
  );
  const result = await database.db.execute(sql.raw(`select ${columns.join(", ")}`));
  return (result as unknown as { rows: Snapshot[] }).rows[0]!;
}
