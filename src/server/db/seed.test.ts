import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../config/env.js";
import { useFixture } from "../test/build-test-app.js";
import { openTestDatabase } from "../test/test-database.js";
import { openDatabase } from "./client.js";
import * as s from "./schema.js";
import { DEMO_DOMAIN, prepareData, removeDemoData, seedDemoData } from "./seed.js";

const quiet = { info: () => {}, warn: () => {} };

describe("demo data", () => {
  const database = useFixture(openTestDatabase, (d) => d.close());
  beforeAll(async () => {
    const env = loadEnv({
      SEED_DEMO: "true",
      ADMIN_EMAIL: "owner@test.local",
      ADMIN_PASSWORD: "owner-password",
    });
    await prepareData(database().db, env, quiet);
  });

  it("creates the admin, the price table, customers and landscapers in every application status", async () => {
    const { db } = database();
    const [admin] = await db.select().from(s.user).where(eq(s.user.email, "owner@test.local"));
    expect(admin?.role).toBe("admin");
    expect((await db.select().from(s.servicePrice)).map((p) => p.serviceId)).toHaveLength(7);
    const statuses = await db
      .select({ status: s.landscaper.status, n: count() })
      .from(s.landscaper)
      .groupBy(s.landscaper.status);
    expect(Object.fromEntries(statuses.map((r) => [r.status, r.n]))).toEqual({
      approved: 5,
      pending: 3,
      denied: 1,
    });
    const zips = await db.select({ zips: s.landscaper.serviceZipCodes }).from(s.landscaper);
    expect(zips.flatMap((z) => z.zips).every((zip) => /^2[78]\d{3}$/.test(zip))).toBe(true);
  });

  it("spreads jobs of every status over the last 90 days, with consistent money and events", async () => {
    const { db } = database();
    const jobs = await db.select().from(s.job);
    expect(jobs.length).toBe(72);
    expect(new Set(jobs.map((j) => j.status))).toEqual(
      new Set(["pending", "accepted", "scheduled", "completed", "cancelled"]),
    );
    const oldest = Math.min(...jobs.map((j) => j.createdAt.getTime()));
    expect(Date.now() - oldest).toBeLessThanOrEqual(91 * 24 * 3600 * 1000);
    expect(Date.now() - oldest).toBeGreaterThan(45 * 24 * 3600 * 1000);
    for (const j of jobs) {
      expect(j.estimateLowCents).toBeLessThanOrEqual(j.estimateHighCents);
      if (j.status === "completed") expect(j.finalPriceCents).toBeGreaterThan(0);
      if (j.status === "pending") expect(j.landscaperId).toBeNull();
      if (j.status === "accepted" || j.status === "scheduled") expect(j.landscaperId).not.toBeNull();
    }
    const [events] = await db.select({ n: count() }).from(s.jobEvent);
    expect(events!.n).toBeGreaterThanOrEqual(jobs.length);
    const [notes] = await db.select({ n: count() }).from(s.notification);
    expect(notes!.n).toBeGreaterThan(0);
  });

  it("does not seed twice, and re-seeding replaces the demo rows", async () => {
    const { db } = database();
    await prepareData(db, loadEnv({ SEED_DEMO: "true", ADMIN_EMAIL: "owner@test.local" }), quiet);
    expect((await db.select({ n: count() }).from(s.job))[0]!.n).toBe(72);
    await removeDemoData(db);
    expect((await db.select({ n: count() }).from(s.job))[0]!.n).toBe(0);
    const leftovers = await db.execute(
      sql`select count(*)::int as n from "user" where email like ${`%@${DEMO_DOMAIN}`}`,
    );
    expect(JSON.stringify(leftovers)).toContain('"n":0');
    await seedDemoData(db, quiet);
    expect((await db.select({ n: count() }).from(s.job))[0]!.n).toBe(72);
  });
});

describe("the embedded database on disk", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "greenscape-persist-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps data across a restart", async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.db.insert(s.appSetting).values({ key: "restart-probe", value: { kept: true } });
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    const [row] = await second.db.select().from(s.appSetting).where(eq(s.appSetting.key, "restart-probe"));
    await second.close();
    expect(row?.value).toEqual({ kept: true });
  });
});

describe("demo data and the first admin in production", () => {
  const database = useFixture(openTestDatabase, (d) => d.close());

  it("creates no known-password account with NODE_ENV=production, and the first admin confirmed", async () => {
    const { db } = database();
    const warnings: string[] = [];
    const env = loadEnv({
      NODE_ENV: "production",
      ADMIN_EMAIL: "owner@prod.test",
      ADMIN_PASSWORD: "owner-password-9",
      BETTER_AUTH_SECRET: "x".repeat(40),
    });
    await prepareData(db, env, { info: () => {}, warn: (m) => warnings.push(m) });
    const demo = await db.execute(
      sql`select count(*)::int as n from "user" where email like ${`%@${DEMO_DOMAIN}`}`,
    );
    expect(JSON.stringify(demo)).toContain('"n":0');
    const [admin] = await db.select().from(s.user).where(eq(s.user.email, "owner@prod.test"));
    expect(admin).toMatchObject({ role: "admin", emailVerified: true });
    expect(warnings.join("\n")).not.toContain("DEMO DATA");
  });

  it("says loudly at every start that demo accounts exist, until they are removed", async () => {
    const { db } = database();
    const warnings: string[] = [];
    const log = { info: () => {}, warn: (m: string) => warnings.push(m) };
    await prepareData(db, loadEnv({ SEED_DEMO: "true", NODE_ENV: "production" }), log);
    expect(warnings.join("\n")).toContain("DEMO DATA IS LOADED");
    warnings.length = 0;
    // Turning SEED_DEMO off does not make the accounts go away, so the warning stays.
    await prepareData(db, loadEnv({ NODE_ENV: "production" }), log);
    expect(warnings.join("\n")).toContain("npm run db:seed -- --remove");
    await removeDemoData(db);
    warnings.length = 0;
    await prepareData(db, loadEnv({ NODE_ENV: "production" }), log);
    expect(warnings).toEqual([]);
  });

  it("does not promote an unconfirmed account that took the ADMIN_EMAIL address first", async () => {
    const { db } = database();
    await db.insert(s.user).values({
      id: "squatter",
      email: "boss@prod.test",
      name: "Squatter",
      role: "customer",
      emailVerified: false,
    });
    const warnings: string[] = [];
    await prepareData(db, loadEnv({ NODE_ENV: "production", ADMIN_EMAIL: "boss@prod.test" }), {
      info: () => {},
      warn: (m) => warnings.push(m),
    });
    const [row] = await db.select().from(s.user).where(eq(s.user.id, "squatter"));
    expect(row!.role).toBe("customer");
    expect(warnings.join("\n")).toContain("not confirmed");
  });
});
