import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Logger } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { APP_SESSION_OPTIONS, type Db, type Engine, migrationsFolder } from "../../src/server/db/client.js";
import * as schema from "../../src/server/db/schema.js";

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/**
 * The database as the benchmark reaches it without HTTP: the same driver the server uses (a pg Pool of the
 * server's size, or a PGlite instance on the server's data directory), plus a Drizzle handle whose queries can
 * be captured, so a ceiling replays exactly the SQL a service issues.
 */
export interface DirectDb {
  engine: Engine;
  db: Db;
  /** Rows of one statement, straight through the driver. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (DDL, bulk SQL). */
  exec(text: string): Promise<void>;
  /**
   * Runs `fn` and answers the statements it sent: transaction control left out, unless `withTransactions`
   * (node-postgres sends its begin and commit as statements; PGlite's transactions send none).
   */
  capture<T>(
    fn: (db: Db) => Promise<T>,
    options?: { withTransactions?: boolean },
  ): Promise<{ result: T; queries: CapturedQuery[] }>;
  /** Sends captured statements again, in one transaction when asked, as one request of a ceiling. */
  replay(queries: CapturedQuery[], transactional: boolean): Promise<void>;
  close(): Promise<void>;
}

const transactionControl = /^\s*(begin|commit|rollback)\b/i;

class CapturingLogger implements Logger {
  target: CapturedQuery[] | null = null;
  withTransactions = false;
  logQuery(query: string, params: unknown[]) {
    if (this.target && (this.withTransactions || !transactionControl.test(query)))
      this.target.push({ sql: query, params });
  }
}

async function captureWith<T>(
  logger: CapturingLogger,
  db: Db,
  fn: (db: Db) => Promise<T>,
  options: { withTransactions?: boolean } = {},
) {
  const queries: CapturedQuery[] = [];
  logger.target = queries;
  logger.withTransactions = options.withTransactions === true;
  try {
    return { result: await fn(db), queries };
  } finally {
    logger.target = null;
    logger.withTransactions = false;
  }
}

export async function openDirectPostgres(url: string, poolSize: number): Promise<DirectDb> {
  // The app's connection settings, so the ceiling runs the SQL as the app does.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: APP_SESSION_OPTIONS });
  pool.on("error", () => {});
  await migratePg(drizzlePg(pool), { migrationsFolder });
  const logger = new CapturingLogger();
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  return {
    engine: "postgres",
    db,
    async query<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    async exec(text) {
      await pool.query(text);
    },
    capture: (fn, options) => captureWith(logger, db, fn, options),
    async replay(queries, transactional) {
      const client = await pool.connect();
      try {
        if (transactional) await client.query("begin");
        for (const q of queries) await client.query(q.sql, q.params);
        if (transactional) await client.query("commit");
      } catch (error) {
        // Also when the statements carry their own begin (captured withTransactions): no open transaction
        // goes back to the pool.
        if (transactional || queries.some((q) => transactionControl.test(q.sql)))
          await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export async function openDirectPglite(dataDir: string): Promise<DirectDb> {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const logger = new CapturingLogger();
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    engine: "pglite",
    db,
    async query<T>(text: string, params: unknown[] = []) {
      return (await client.query(text, params)).rows as T[];
    },
    async exec(text) {
      await client.exec(text);
    },
    capture: (fn, options) => captureWith(logger, db, fn, options),
    async replay(queries, transactional) {
      // PGlite is one connection: its transaction() holds it, as Drizzle's transactions on PGlite do.
      if (transactional) {
        await client.transaction(async (tx) => {
          for (const q of queries) await tx.query(q.sql, q.params);
        });
        return;
      }
      for (const q of queries) await client.query(q.sql, q.params);
    },
    async close() {
      await client.close();
    },
  };
}
