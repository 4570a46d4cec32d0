import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase, rowsOf } from "./client.js";

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Several app instances start on one PostgreSQL database at once (a deployment, a restart after a crash):
 * migrations must be applied once and the start-up work (admin, demo data) must take turns.
 * PostgreSQL only: the embedded engine is one process by construction.
 */
describe.skipIf(!serverUrl)("instances starting together on one PostgreSQL database", () => {
  async function freshDatabase() {
    const name = `t_start_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }

  it("apply each migration once when three open an empty database at the same moment", async () => {
    const fresh = await freshDatabase();
    try {
      const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ url: fresh.url, poolSize: 2 })));
      const check = new pg.Client({ connectionString: fresh.url });
      await check.connect();
      const { rows } = await check.query<{ n: string }>(
        "select count(*) as n from drizzle.__drizzle_migrations",
      );
      await check.end();
      const files = readdirSync(migrationsFolder).filter((file) => file.endsWith(".sql"));
      expect(Number(rows[0]!.n)).toBe(files.length);
      await Promise.all(opened.map((database) => database.close()));
    } finally {
      await fresh.drop();
    }
  });

  it("run their start-up work one at a time", async () => {
    const fresh = await freshDatabase();
    try {
      const [a, b] = await Promise.all([1, 2].map(() => openDatabase({ url: fresh.url, poolSize: 2 })));
      const timeline: string[] = [];
      const work = (name: string) => async () => {
        timeline.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, 150));
        timeline.push(`${name} end`);
      };
      await Promise.all([a!.exclusive(work("a")), b!.exclusive(work("b"))]);
      // Whoever went first finished before the other began.
      expect([timeline[0]!.split(" ")[0], timeline[1]]).toEqual([
        timeline[1]!.split(" ")[0],
        `${timeline[0]!.split(" ")[0]} end`,
      ]);
      await Promise.all([a!.close(), b!.close()]);
    } finally {
      await fresh.drop();
    }
  });
});

describe.skipIf(!serverUrl)("the app's PostgreSQL connections", () => {
  it("run with JIT compilation off, on every connection of the pool", async () => {
    const database = await openDatabase({ url: serverUrl!, poolSize: 3 });
    try {
      // Three at once, so the pool opens three connections.
      const settings = await Promise.all(
        [1, 2, 3].map(async () =>
          rowsOf<{ jit: string }>(
            await database.db.execute(sql`select current_setting('jit') as jit, pg_sleep(0.05)`),
          ),
        ),
      );
      expect(settings.map((rows) => rows[0]!.jit)).toEqual(["off", "off", "off"]);
    } finally {
      await database.close();
    }
  });
});
