import { and, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";
import type { Page, PageDirection } from "../../../shared/admin.js";
import type { Env } from "../../config/env.js";
import { badRequest } from "../../lib/errors.js";
import { isStaffAccount } from "../accounts/index.js";

/* ---------------- Search ---------------- */

/** LIKE treats % and _ as wildcards and \ as the escape: escaped, a search is plain text. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `<expression> like '%' || lower($1) || '%'`: the expression must be written exactly as its trigram
 * index is (see schema.ts) so PostgreSQL answers from the GIN index instead of reading the table.
 */
export function containsText(indexedExpression: SQL, term: string): SQL {
  return sql`${indexedExpression} like '%' || lower(${escapeLike(term)}) || '%'`;
}

/** The same expressions as the GIN trigram indexes in schema.ts. */
export const searchExpressions = {
  user: (t: { name: AnyPgColumn; email: AnyPgColumn }) => sql`lower(${t.name} || ' ' || ${t.email})`,
  landscaper: (t: { fullName: AnyPgColumn; businessName: AnyPgColumn }) =>
    sql`lower(${t.fullName} || ' ' || coalesce(${t.businessName}, ''))`,
  job: (t: { customerName: AnyPgColumn; serviceType: AnyPgColumn; customerEmail: AnyPgColumn }) =>
    sql`lower(${t.customerName} || ' ' || ${t.serviceType} || ' ' || ${t.customerEmail})`,
};

/* ---------------- Who counts as an admin ---------------- */

/** role admin, or a confirmed address the settings make an admin (ADMIN_EMAILS, MASTER_EMAILS), as principal.ts decides. */
export const isAdminUser = (env: Env): SQL => isStaffAccount(env);

/* ---------------- Keyset pagination ---------------- */

/**
 * A position in a list ordered by (created_at, id) descending. The timestamp travels as PostgreSQL's own
 * text form, microseconds included: a JavaScript Date keeps milliseconds only, and rounding would skip or
 * repeat rows created within the same millisecond.
 */
export interface Cursor {
  ts: string;
  id: string;
}

const pgTimestampText = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.ts, cursor.id]), "utf8").toString("base64url");
}

export function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      typeof parsed[1] === "string" &&
      pgTimestampText.test(parsed[0]) &&
      parsed[1].length > 0 &&
      parsed[1].length <= 100
    ) {
      return { ts: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the 400 below
  }
  throw badRequest("That page link is no longer valid. Please start from the first page.");
}

/** The select column carrying a row's cursor timestamp. */
export function cursorTimestamp(createdAt: AnyPgColumn): SQL<string> {
  return sql<string>`${createdAt}::text`;
}

export type OrderDirection = "desc" | "asc";

/**
 * Rows strictly after `cursor` in (created_at, id) order: "desc" walks towards older rows, "asc" towards
 * newer ones. Undefined (no condition) without a cursor.
 */
export function keysetCondition(
  columns: { createdAt: AnyPgColumn; id: AnyPgColumn },
  cursor: Cursor | null,
  order: OrderDirection,
): SQL | undefined {
  if (!cursor) return undefined;
  const position = sql`(${cursor.ts}::timestamptz, ${cursor.id})`;
  return order === "desc"
    ? sql`(${columns.createdAt}, ${columns.id}) < ${position}`
    : sql`(${columns.createdAt}, ${columns.id}) > ${position}`;
}

export function keysetOrder(columns: { createdAt: AnyPgColumn; id: AnyPgColumn }, order: OrderDirection) {
  return order === "desc"
    ? [sql`${columns.createdAt} desc`, sql`${columns.id} desc`]
    : [sql`${columns.createdAt} asc`, sql`${columns.id} asc`];
}

/** What a keyset list asks of its query: its filter, where the page starts, which way, how many rows. */
export interface KeysetSlice {
  where: SQL | undefined;
  cursor: Cursor | null;
  order: OrderDirection;
  limit: number;
}

/**
 * A query (built with `.$dynamic()`) narrowed to one slice of a keyset list: the filter and the cursor's
 * condition, the keyset order, the limit.
 */
export function inKeysetSlice<Q extends PgSelect>(
  query: Q,
  columns: { createdAt: AnyPgColumn; id: AnyPgColumn },
  slice: KeysetSlice,
) {
  return query
    .where(and(slice.where, keysetCondition(columns, slice.cursor, slice.order)))
    .orderBy(...keysetOrder(columns, slice.order))
    .limit(slice.limit);
}

export type Fetcher<Row> = (options: {
  cursor: Cursor | null;
  order: OrderDirection;
  limit: number;
}) => Promise<Row[]>;

/**
 * One page of a newest-first list with next/previous links. `fetch` answers up to `limit` rows after the
 * cursor in the given order; one row more than the page tells whether another page follows.
 */
export async function keysetPage<Row, Item>(options: {
  cursor: string | undefined;
  dir: PageDirection;
  limit: number;
  fetch: Fetcher<Row>;
  cursorOf: (row: Row) => Cursor;
  toItem: (row: Row) => Item;
}): Promise<Page<Item>> {
  const { limit, fetch, cursorOf, toItem } = options;
  const cursor = options.cursor ? decodeCursor(options.cursor) : null;

  if (cursor && options.dir === "prev") {
    const rows = await fetch({ cursor, order: "asc", limit: limit + 1 });
    // Fewer rows than a full page before the cursor means we are back at the start: show the first page,
    // full, rather than a short page with nothing before it.
    if (rows.length > limit) {
      const pageRows = rows.slice(0, limit).reverse();
      return {
        items: pageRows.map(toItem),
        prevCursor: encodeCursor(cursorOf(pageRows[0]!)),
        nextCursor: encodeCursor(cursorOf(pageRows[pageRows.length - 1]!)),
      };
    }
    return keysetPage({ ...options, cursor: undefined, dir: "next" });
  }

  const rows = await fetch({ cursor, order: "desc", limit: limit + 1 });
  // Everything after the cursor was deleted meanwhile: start over rather than show an empty page.
  if (cursor && rows.length === 0) return keysetPage({ ...options, cursor: undefined, dir: "next" });
  const pageRows = rows.slice(0, limit);
  const first = pageRows[0];
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null,
    prevCursor: cursor && first ? encodeCursor(cursorOf(first)) : null,
  };
}

/** Counts come back as bigint strings from node-postgres and as numbers from PGlite. */
export function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string") return Number(value);
  return 0;
}
