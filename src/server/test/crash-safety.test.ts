import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInCharlotte } from "../../shared/dates.js";
import { type Database, openDatabase } from "../db/client.js";
import { job, outbox } from "../db/schema.js";
import { freePort } from "./smtp.js";
import { openTestDatabase } from "./test-database.js";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * The real server as a child process, killed with SIGKILL in the middle of a burst of quote
 * submissions, then restarted: every acknowledged quote exists exactly once and every queued email
 * still goes out. Runs on PGlite (a data directory) or on PostgreSQL (TEST_DATABASE_URL).
 */
describe("crash safety", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "greenscape-crash-"));
  const children: ChildProcess[] = [];
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    if (process.env.TEST_DATABASE_URL) {
      // A database of its own on the server, created and migrated by the helper, then handed to the child.
      const scratch = await openTestDatabase();
      const result = await scratch.db.execute("select current_database() as name");
      const name = (result as unknown as { rows: { name: string }[] }).rows[0]!.name;
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = () => scratch.close();
    }
  });

  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function startServer(): ChildProcess {
    const verbose = Boolean(process.env.CRASH_LOG_LEVEL);
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? "",
        SEED_DEMO: "false",
        RATE_LIMIT_ALLOW_LIST: "127.0.0.1",
        LOG_LEVEL: process.env.CRASH_LOG_LEVEL ?? "silent",
      },
      stdio: ["ignore", verbose ? "inherit" : "ignore", verbose ? "inherit" : "ignore"],
    });
    children.push(child);
    return child;
  }

  async function waitUntilUp(child: ChildProcess) {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("server did not start");
  }

  function exited(child: ChildProcess) {
    return new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
      else child.once("exit", (code) => resolve(code));
    });
  }

  /** Opens the database while no server runs (PGlite allows one process at a time). */
  async function inspect<T>(read: (database: Database) => Promise<T>): Promise<T> {
    const database = databaseUrl
      ? await openDatabase({ url: databaseUrl, poolSize: 2 })
      : await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      return await read(database);
    } finally {
      await database.close();
    }
  }

  function quote(i: number, key: string) {
    return {
      fullName: `Crash Tester ${i}`,
      email: `crash-${i}@test.local`,
      phone: "704-555-0100",
      address: `${100 + i} Trade St, Charlotte, NC`,
      zipCode: "28202",
      services: ["lawn-mowing"],
      preferredDate: todayInCharlotte(),
      additionalNotes: "",
      website: "",
      idempotencyKey: key,
    };
  }

  function postQuote(i: number, key: string) {
    return fetch(`http://127.0.0.1:${port}/api/quotes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(quote(i, key)),
    });
  }

  it("keeps every acknowledged quote exactly once and delivers every queued email after a SIGKILL", {
    timeout: 300_000,
  }, async () => {
    const first = startServer();
    await waitUntilUp(first);

    const acknowledged: string[] = [];
    const clients = 12;
    const perClient = 10;
    let sent = 0;
    const workers = Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        const key = `crash-${c}-${i}-${Date.now()}`;
        sent++;
        if (sent === (clients * perClient) / 2) first.kill("SIGKILL");
        try {
          const response = await postQuote(c * perClient + i, key);
          if (response.status === 200) acknowledged.push(key);
        } catch {
          // the server died under this request: not acknowledged
        }
      }
    });
    await Promise.all(workers);
    await exited(first);
    expect(first.signalCode).toBe("SIGKILL");
    expect(acknowledged.length).toBeGreaterThan(0);

    // After the crash: every acknowledged quote is there exactly once.
    const { stored, totalJobs } = await inspect(async ({ db }) => ({
      stored: await db
        .select({ key: job.idempotencyKey })
        .from(job)
        .where(inArray(job.idempotencyKey, acknowledged)),
      totalJobs: (await db.select({ n: count() }).from(job))[0]?.n ?? 0,
    }));
    expect(stored.map((r) => r.key).sort()).toEqual([...acknowledged].sort());

    // Restart: the outbox worker sends what the crash left queued. Development delivery writes one
    // .eml per message, named after its outbox row, so the directory tells what was delivered.
    const second = startServer();
    await waitUntilUp(second);
    const mailDir = path.join(dataDir, "mail");
    const deliveredIds = () =>
      new Set(
        existsSync(mailDir)
          ? readdirSync(mailDir).map((f) => f.replace(/^.*-([0-9a-f-]{36})\.eml$/, "$1"))
          : [],
      );
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && deliveredIds().size < totalJobs * 2)
      await new Promise((r) => setTimeout(r, 250));
    second.kill("SIGTERM");
    expect(await exited(second)).toBe(0);

    // Each stored quote has exactly its two emails and each was delivered. A message written just
    // before the SIGKILL but not yet marked sent is sent again when its 30-second lease ends
    // (at-least-once delivery): nothing is lost.
    const rows = await inspect(async ({ db }) =>
      // Emails only: each quote also queues its job alert's fan-out (another lane, with no landscaper here).
      db.select({ id: outbox.id, status: outbox.status }).from(outbox).where(eq(outbox.channel, "email")),
    );
    const delivered = deliveredIds();
    expect(rows.length).toBe(totalJobs * 2);
    expect(rows.filter((r) => !delivered.has(r.id))).toEqual([]);
    const unmarked = rows.filter((r) => r.status === "pending").length;
    expect(unmarked).toBeLessThanOrEqual(5);
    console.info(
      `crash safety: ${sent} sent, ${acknowledged.length} acknowledged, ${totalJobs} stored, ${rows.length} emails delivered`,
    );
  });

  it("a SIGTERM lets requests in flight finish and exits cleanly", { timeout: 180_000 }, async () => {
    const server = startServer();
    await waitUntilUp(server);
    const stamp = Date.now();
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      postQuote(1000 + i, `term-${i}-${stamp}`).then((r) => r.status),
    );
    // Let the requests reach the server (the embedded engine works through them one at a time), then stop it.
    await new Promise((r) => setTimeout(r, 150));
    server.kill("SIGTERM");
    const statuses = await Promise.allSettled(inFlight);
    expect(await exited(server)).toBe(0);
    const answered = statuses.filter((s) => s.status === "fulfilled" && s.value === 200).length;
    // Requests that arrived after the shutdown began are told so (503), never cut off mid-answer.
    for (const s of statuses) if (s.status === "fulfilled") expect([200, 503]).toContain(s.value);
    expect(answered).toBeGreaterThan(0);
    // Every request that got its 200 was committed before the process exited.
    const stored = await inspect(async ({ db }) => {
      const [row] = await db.select({ n: count() }).from(job).where(eq(job.customerPhone, "704-555-0100"));
      return row?.n ?? 0;
    });
    expect(stored).toBeGreaterThanOrEqual(answered);
  });
});
