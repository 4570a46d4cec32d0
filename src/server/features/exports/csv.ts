import { Readable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { todayInCharlotte } from "../../../shared/dates.js";
import type { Cursor, Fetcher } from "../admin/query-helpers.js";

export type Cell = string | number | null | undefined;

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, and the tab and carriage return some
 * spreadsheets strip first) gets a leading single quote, the OWASP "CSV injection" advice. Numbers are
 * written as numbers and never touched.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: Cell): string | number {
  if (value === null || value === undefined) return "";
  return typeof value === "number" ? value : neutralise(value);
}

/** Money as a plain decimal (12.50) so spreadsheets can add it up. */
export function money(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? "" : (cents / 100).toFixed(2);
}

/** A day as yyyy-MM-dd on Charlotte's calendar. */
export function day(value: Date | null | undefined): string {
  return value ? todayInCharlotte(value) : "";
}

/**
 * RFC 4180 CSV behind a UTF-8 byte-order mark (Excel otherwise guesses the encoding): CRLF line ends, and a
 * value holding a comma, a quote, CR or LF is quoted with its quotes doubled. csv-stringify alone would
 * leave a bare LF unquoted when the record delimiter is CRLF, hence quoted_match.
 */
export function csvStream(columns: readonly string[], rows: AsyncIterable<readonly Cell[]>): Transform {
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: [...columns],
    record_delimiter: "\r\n",
    quoted_match: /[\r\n]/,
  });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield row.map(cell);
    })(),
  );
  // Errors (a failed page query) destroy the output too, so the client sees a broken download, not a
  // silently truncated file.
  pipeline(source, stringifier).catch((error: unknown) => {
    stringifier.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return stringifier;
}

/** Rows read from the database 1000 at a time: a million rows never sit in memory together. */
export const EXPORT_PAGE_SIZE = 1000;

export async function* pages<Row>(
  fetch: Fetcher<Row>,
  cursorOf: (row: Row) => Cursor,
): AsyncGenerator<Row[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await fetch({ cursor, order: "desc", limit: EXPORT_PAGE_SIZE });
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_PAGE_SIZE || !last) return;
    cursor = cursorOf(last);
  }
}

export async function* pagedRows<Row>(
  fetch: Fetcher<Row>,
  cursorOf: (row: Row) => Cursor,
): AsyncGenerator<Row> {
  for await (const page of pages(fetch, cursorOf)) yield* page;
}
