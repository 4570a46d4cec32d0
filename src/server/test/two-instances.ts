import { build } from "../app.js";
import { openDatabase } from "../db/client.js";
import { buildTestApp, type TestApp } from "./build-test-app.js";

// Two instances of the app on one database, for the tests of what must hold across instances (a session
// revoked on one ends on the other: the session cache's revocation path).

async function databaseUrlOf(t: TestApp): Promise<string> {
  const result = await t.database.db.execute("select current_database() as name");
  const name = (result as unknown as { rows: { name: string }[] }).rows[0]!.name;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Two instances of the app on one database, each with its own session cache (5 minutes: only a revocation ends a copy within the test). */
export async function twoInstances() {
  const first = await buildTestApp({ SESSION_CACHE_MS: "300000" });
  const url = process.env.TEST_DATABASE_URL ? await databaseUrlOf(first) : undefined;
  const secondDatabase = url ? await openDatabase({ url, poolSize: 2 }) : first.database;
  const second = await build({ env: first.env, database: secondDatabase, clientDir: null, logger: false });
  await second.ready();
  return {
    first,
    second,
    async close() {
      await second.close();
      if (secondDatabase !== first.database) await secondDatabase.close();
      await first.close();
    },
  };
}

export const sessionUserOn = async (app: TestApp["app"], cookie: string) =>
  (await app.inject({ method: "GET", url: "/api/session", headers: { cookie } })).json().user as {
    id: string;
    role: string;
  } | null;

/** Asks `app` every 10 ms until the cookie is no longer signed in; answers how long that took. */
export async function msUntilSignedOut(app: TestApp["app"], cookie: string, limitMs = 5_000) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if ((await sessionUserOn(app, cookie)) === null) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Number.POSITIVE_INFINITY;
}
