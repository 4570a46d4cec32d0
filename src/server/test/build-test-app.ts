import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type BuildOptions, build } from "../app.js";
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

/**
 * Builds the real app on a clean database, the way the Fastify demo's build() helper does. Silent unless a test
 * reads the log lines (`logger` with a destination stream).
 */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  options: { logger?: BuildOptions["logger"] } = {},
): Promise<TestApp> {
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "greenscape-test-")),
    SEED_DEMO: "false",
    OUTBOX_WORKER: "false",
    PAYMENTS_WORKER: "false",
    PUBLIC_URL: "http://localhost:3000",
    // app.inject() comes from 127.0.0.1: the limits are tested by tests that clear this and pick addresses.
    RATE_LIMIT_ALLOW_LIST: "127.0.0.1",
    // Many tests change a user straight in the database and call the API the next moment; on PostgreSQL the
    // change's notification may land a few milliseconds later. The cache has its own tests, which turn it on.
    SESSION_CACHE_MS: "0",
    ...overrides,
  });
  const database = await openTestDatabase();
  await ensureReferenceData(database.db);
  const app = await build({ env, database, clientDir: null, logger: options.logger ?? false });
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

/**
 * Registers a beforeAll that builds `build()` and an afterAll that closes it, and answers a getter for it: one
 * fixture per describe block (or file) without each file repeating the `let`, the hooks and the close. Reading
 * it before beforeAll has run (at collection time) throws, naming the mistake, rather than handing on undefined.
 */
export function useFixture<T>(
  build: () => Promise<T>,
  close: (fixture: T) => Promise<void>,
  hookTimeout?: number,
): () => T {
  let fixture: T | undefined;
  beforeAll(async () => {
    fixture = await build();
  }, hookTimeout);
  afterAll(async () => {
    if (fixture !== undefined) await close(fixture);
    fixture = undefined;
  });
  return () => {
    if (fixture === undefined)
      throw new Error("the fixture is built in beforeAll: read it inside a hook or test");
    return fixture;
  };
}

/**
 * One real app for the enclosing describe block (or file), built in beforeAll and closed in afterAll. The
 * answer reads through to that app, so `t.app`, `t.database` and `t.env` work in hooks and tests, and `t` can
 * be handed to helpers that take a TestApp. `overrides` as a function is read in beforeAll, after the hooks
 * registered before this one (a port a test server took, say). Hooks the caller registers after this run
 * after the app is built. `hookTimeout` is for files whose own setup hook was given more time on a busy
 * machine: building moved out of that hook, so it is given the same.
 */
export function useTestApp(
  overrides: Record<string, string> | (() => Record<string, string>) = {},
  hookTimeout?: number,
): TestApp {
  const current = useFixture(
    () => buildTestApp(typeof overrides === "function" ? overrides() : overrides),
    (t) => t.close(),
    hookTimeout,
  );
  return readThrough(current, ["app", "database", "env", "close"]);
}

/**
 * An object whose `keys` are getters that read `current()` each time: what useTestApp and useLifecycleWorld
 * answer, since their fixture does not exist yet when a describe block is collected.
 */
export function readThrough<T extends object, K extends keyof T>(
  current: () => T,
  keys: readonly K[],
): Pick<T, K> {
  const view = {} as Pick<T, K>;
  for (const key of keys) Object.defineProperty(view, key, { enumerable: true, get: () => current()[key] });
  return view;
}
