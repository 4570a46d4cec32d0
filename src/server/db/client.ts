import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsDir } from "../config/paths.js";
import * as schema from "./schema.js";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = "pglite" | "postgres";

export type Listener = (payload: string) => void;

export interface Database {
  db: Db;
  engine: Engine;
  /**
   * Runs `work` while holding the start-up lock: instances starting together take turns at migrating and
   * seeding (a PostgreSQL advisory lock; the embedded engine has one process anyway).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** The connection pool's figures (the metrics); null for the embedded engine, one connection in-process. */
  pool(): PoolFigures | null;
  /** Subscribes to a PostgreSQL NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Connections open, idle among them, queries waiting for one, and the most the pool opens. */
export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export const migrationsFolder = migrationsDir;

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded engine is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; "memory://" keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
}

/** The advisory lock instances take turns on at start (a fixed 64-bit number: "gs-start" in ASCII). */
const startupLockKey = "7454351782125335156";

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? "memory://");
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    engine: "pglite",
    exclusive: (work) => work(),
    pool: () => null,
    async listen(channel, listener) {
      const unsubscribe = await client.listen(channel, listener);
      return async () => unsubscribe();
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: APP_SESSION_OPTIONS });
  // An idle connection the server drops (restart, failover, admin kill) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on("error", (error) => console.warn(`PostgreSQL pool: idle connection lost (${error.message})`));
  // Fail at start with a clear message rather than on the first request.
  const probe = await pool.connect();
  probe.release();

  // Held on one connection for the whole of `work`; a crashed holder's lock goes with its connection.
  async function exclusive<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [startupLockKey]);
      try {
        return await work(client);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [startupLockKey]);
      }
    } finally {
      client.release();
    }
  }
  // Two instances starting at once would otherwise both apply the same migration (and one would fail).
  await exclusive((client) => migratePg(drizzlePg(client), { migrationsFolder }));
  const db = drizzlePg(pool, { schema }) as unknown as Db;

  // One dedicated connection carries every LISTEN of this process.
  let listenClient: pg.Client | undefined;
  let closing = false;
  const listeners = new Map<string, Set<Listener>>();
  async function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return listenClient;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    client.on("notification", (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? "");
    });
    // A lost LISTEN connection is reopened and every channel listened to again.
    client.on("error", (error) => {
      console.warn(`PostgreSQL LISTEN connection lost (${error.message}); reconnecting`);
      if (listenClient === client) listenClient = undefined;
      void client.end().catch(() => {});
      if (!closing) setTimeout(() => void relisten(), 1000).unref();
    });
    listenClient = client;
    return client;
  }
  async function relisten() {
    if (closing || listenClient || listeners.size === 0) return;
    try {
      const client = await ensureListenClient();
      for (const channel of listeners.keys()) await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch {
      if (!closing) setTimeout(() => void relisten(), 2000).unref();
    }
  }

  return {
    db,
    engine: "postgres",
    exclusive: (work) => exclusive(() => work()),
    pool: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    async listen(channel, listener) {
      const client = await ensureListenClient();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
      };
    },
    async close() {
      closing = true;
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** A transaction handle, accepted wherever a Db is (services take either). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** Rows of a raw `db.execute(sql…)` answer; PGlite and node-postgres both return { rows }. */
/**
 * Settings of every connection the app opens (sent at connect, before any query). JIT compilation off: our
 * queries are short, and when the planner's estimate crosses jit_above_cost PostgreSQL spent 430–575 ms
 * compiling the landscaper queue's and its tiles' queries (1M jobs) that then ran in 250–300 ms.
 */
export const APP_SESSION_OPTIONS = "-c jit=off";

export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
