import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Engine } from "../../src/server/db/client.js";
import { type DirectDb, openDirectPglite, openDirectPostgres } from "./direct-db.js";
import type { BenchOptions } from "./options.js";

/** One scale's database: a PGlite data directory, or a PostgreSQL database dropped and created for the run. */
export interface Target {
  engine: Engine;
  dataDir: string;
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

export async function prepareTarget(engine: Engine, options: BenchOptions): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `greenscape-bench-${engine}-`));
  if (engine === "pglite") {
    return { engine, dataDir, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const url = new URL(options.databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === "test")
    throw new Error(`Refusing to use database "${name}".`);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    engine,
    dataDir,
    databaseUrl: url.toString(),
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: adminUrl.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The target's database without the server (PGlite: only while no server holds the data directory). */
export async function openDirect(target: Target): Promise<DirectDb> {
  return target.engine === "postgres"
    ? openDirectPostgres(target.databaseUrl!, 10)
    : openDirectPglite(path.join(target.dataDir, "pglite"));
}

export async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ v: string }>("select current_setting('server_version') as v");
  await client.end();
  return `PostgreSQL ${rows[0]?.v ?? "?"}`;
}
