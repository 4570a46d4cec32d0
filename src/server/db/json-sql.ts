import { type SQL, sql } from "drizzle-orm";

/**
 * A timestamptz as the text `Date.prototype.toISOString` writes ("2026-11-28T13:00:00.123Z"), for answers the
 * database writes as JSON: the same text the mapped rows gave, whatever the session's time zone.
 */
export function isoTimestamp(value: SQL): SQL<string> {
  return sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The text of one JSON value a statement answers in its first row's `answer` column (both drivers). */
export function answerText(rows: { answer: string }[]): string {
  const text = rows[0]?.answer;
  if (typeof text !== "string") throw new Error("The statement answered no JSON text.");
  return text;
}
