import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { build } from "../app.js";
import { type Env, loadEnv } from "../config/env.js";
import type { Database } from "../db/client.js";
import { ensureReferenceData } from "../db/seed.js";
import { openTestDatabase } from "./test-database.js";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
  close(): Promise<void>;
}

/** Builds the real app on a clean database, the way the Fastify demo's build() helper does. */
export async function buildTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "greenscape-test-")),
    SEED_DEMO: "false",
    OUTBOX_WORKER: "false",
    PUBLIC_URL: "http://localhost:3000",
    // app.inject() comes from 127.0.0.1: the limits are tested by tests that clear this and pick addresses.
    RATE_LIMIT_ALLOW_LIST: "127.0.0.1",
    ...overrides,
  });
  const database = await openTestDatabase();
  await ensureReferenceData(database.db);
  const app = await build({ env, database, clientDir: null, logger: false });
  await app.ready();
  return {
    app,
    database,
    env,
    async close() {
      await app.close();
      await database.close();
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    },
  };
}
