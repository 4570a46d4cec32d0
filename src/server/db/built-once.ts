import { is, Param, Placeholder, type Query, sql } from "drizzle-orm";
import type { PgColumn, SelectedFieldsOrdered } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client.js";

/**
 * A statement whose text is built once per process and then run with new values on any connection or
 * transaction, on either engine.
 *
 * Why: Drizzle builds a statement's text again on every call, walking every column of the table with a slow
 * type check per piece. For the quote POST's job insert (68 columns, every one returned) that cost 0.4–0.9 ms
 * of the server's CPU per request, more than PostgreSQL takes to run it, and the quote POST is the busiest
 * write (issue 34; docs/performance.md). Drizzle's own `.prepare()` cannot serve here: a prepared query is
 * tied to the connection it was made on, and these statements run inside each request's transaction.
 *
 * Every value the statement takes must be a `sql.placeholder` (see `placeholders`): a constant baked in at
 * build time would be the first call's value forever. Columns a statement returns are mapped as Drizzle maps
 * them (dates as strings, JSON parsed), so callers see the same rows as from the builder.
 */
export function builtOnce<TRow, TValues extends Record<string, unknown>>(
  build: (db: DbOrTx) => { toSQL(): Query },
  /** The columns the statement returns, as given to `.returning(…)`/`.select(…)`; none for a bare write. */
  returning?: Record<string, PgColumn>,
) {
  let query: Query | undefined;
  // The shape Drizzle maps rows with: each returned column by its key, in order.
  const fields: SelectedFieldsOrdered | undefined = returning
    ? Object.entries(returning).map(([key, field]) => ({ path: [key], field }))
    : undefined;
  return {
    /** Runs the statement with `values` for its placeholders; answers its mapped rows. */
    async run(db: DbOrTx, values: TValues): Promise<TRow[]> {
      query ??= build(db).toSQL();
      const filled = { sql: query.sql, params: query.params.map((param) => valueFor(param, values)) };
      const answer = await db._.session.prepareQuery(filled, fields, undefined, true).execute();
      // Without columns to map, the drivers answer their raw result; a bare write has no rows to give.
      return fields ? (answer as TRow[]) : [];
    },
  };
}

/**
 * `{ key: sql.placeholder(key + suffix) }` for each key: the values of a built-once insert (a suffix tells the
 * rows of a multi-row insert apart: `to0`, `to1`).
 */
export function placeholders<const K extends string>(keys: readonly K[], suffix = "") {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${key}${suffix}`)])) as Record<
    K,
    Placeholder
  >;
}

/**
 * The driver value of one parameter. Drizzle's own filling passes null through a column's encoder (a jsonb
 * column would store the JSON `null`, an array column throws), where its builder writes SQL NULL: this writes
 * NULL, as the builder does.
 */
function valueFor(param: unknown, values: Record<string, unknown>): unknown {
  const encoded = is(param, Param) && is(param.value, Placeholder) ? param : null;
  const placeholder = encoded ? (encoded.value as Placeholder) : is(param, Placeholder) ? param : null;
  if (!placeholder) return param;
  if (!(placeholder.name in values)) throw new Error(`No value for placeholder "${placeholder.name}".`);
  const value = values[placeholder.name];
  if (value === null || value === undefined) return null;
  return encoded ? encoded.encoder.mapToDriverValue(value) : value;
}
