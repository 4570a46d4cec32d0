import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, rowsOf } from "../db/client.js";
import { ledgerTransaction, payment, testProcessorObject } from "../db/schema.js";
import {
  addTestCard,
  openPayment,
  performPending,
  queueAction,
  TestProcessor,
} from "../features/payments/index.js";
import { runPaymentPass } from "../features/payments/settlement/payment-pass.js";
import { insertCustomer, insertJob, insertLandscaper } from "./admin-fixtures.js";
import { openTestDatabase } from "./test-database.js";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * SIGKILL between the payment provider's success and our commit, on PGlite (a data directory) or on
 * PostgreSQL (TEST_DATABASE_URL): after the restart the scheduled pass finishes the call with the same
 * idempotency key, so there is exactly one charge at the provider and one ledger transaction, balanced.
 */
describe("payments survive a crash between the provider's answer and our commit", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "greenscape-payment-crash-"));
  let databaseUrl: string | undefined;
  let scratch: Database | undefined;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      scratch = await openTestDatabase();
      const result = await scratch.db.execute(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${rowsOf<{ name: string }>(result)[0]!.name}`;
      databaseUrl = url.toString();
    }
  });
  afterAll(async () => {
    await scratch?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The database while no child runs (PGlite allows one process at a time). */
  async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
    const database = databaseUrl
      ? await openDatabase({ url: databaseUrl, poolSize: 2 })
      : await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  function crashDuring(paymentId: string): Promise<NodeJS.Signals | null> {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/test/payment-crash-child.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        CRASH_PAYMENT_ID: paymentId,
        CRASH_DATA_DIR: path.join(dataDir, "pglite"),
        CRASH_DATABASE_URL: databaseUrl ?? "",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    return new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
  }

  // A silent logger of Fastify's own kind, as the pass expects.
  const log = Fastify({ logger: false }).log;

  it("captures a hold once and charges a tip once", { timeout: 120_000 }, async () => {
    const { captureId, tipId, jobId } = await withDatabase(async ({ db }) => {
      const provider = new TestProcessor(db);
      const deps = { db, provider, publicUrl: "http://127.0.0.1" };
      const person = await insertCustomer(db, { name: "Crash Customer" });
      const pro = await insertLandscaper(db, { fullName: "Crash Pro", status: "approved" });
      const done = await insertJob(db, {
        status: "completed",
        customerId: person.id,
        landscaperId: pro.id,
        finalPriceCents: 12000,
      });
      const card = await addTestCard({
        db,
        provider,
        userId: person.id,
        input: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
      });
      const base = { jobId: done.id, customerId: person.id, methodId: card.id, provider: "test" as const };
      const hold = await openPayment(db, {
        ...base,
        kind: "job",
        action: "authorize",
        amountCents: 12000,
        idempotencyKey: `job:${done.id}:hold:1`,
      });
      await performPending(deps, hold.id);
      const capture = await queueAction(db, {
        paymentId: hold.id,
        action: "capture",
        amountCents: 12000,
        key: `job:${done.id}:capture:${hold.id}`,
      });
      const tip = await openPayment(db, {
        ...base,
        kind: "tip",
        action: "charge",
        amountCents: 1500,
        idempotencyKey: `job:${done.id}:tip:1`,
      });
      return { captureId: capture!.id, tipId: tip.id, jobId: done.id };
    });

    expect(await crashDuring(captureId)).toBe("SIGKILL");
    expect(await crashDuring(tipId)).toBe("SIGKILL");

    await withDatabase(async ({ db }) => {
      // The provider did both; we recorded neither.
      const intents = async () =>
        (
          await db.select().from(testProcessorObject).where(eq(testProcessorObject.type, "payment_intent"))
        ).map((row) => row.data as { amount: number; captured: number; status: string });
      expect((await intents()).map((i) => [i.status, i.captured]).sort()).toEqual(
        [
          ["captured", 1500],
          ["captured", 12000],
        ].sort(),
      );
      const before = await db.select().from(payment).where(eq(payment.jobId, jobId));
      expect(before.every((p) => p.pendingAction !== null)).toBe(true);

      // The restart's pass (twice, as two instances might) finishes them with the same keys.
      const pass = () =>
        runPaymentPass({
          db,
          provider: new TestProcessor(db),
          publicUrl: "http://127.0.0.1",
          log,
          staleAfterMs: 0,
        });
      await pass();
      await pass();
      const after = await db.select().from(payment).where(eq(payment.jobId, jobId));
      expect(after.map((p) => [p.kind, p.status, p.capturedCents, p.pendingAction]).sort()).toEqual(
        [
          ["job", "captured", 12000, null],
          ["tip", "captured", 1500, null],
        ].sort(),
      );
      expect(await intents()).toHaveLength(2);
      const transactions = await db
        .select({ kind: ledgerTransaction.kind })
        .from(ledgerTransaction)
        .where(and(eq(ledgerTransaction.jobId, jobId)));
      expect(transactions.map((t) => t.kind).sort()).toEqual(["job_charge", "tip"]);
      const unbalanced = await db.execute(sql`
        select transaction_id from ledger_entry group by transaction_id having sum(amount_cents) <> 0`);
      expect(rowsOf(unbalanced)).toEqual([]);
    });
  });
});
