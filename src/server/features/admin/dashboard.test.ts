import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardSummary } from "../../../shared/admin.js";
import { signUp, signUpAs } from "../../test/accounts-helpers.js";
import { buildTestApp, type TestApp } from "../../test/build-test-app.js";
import { insertCustomer, insertJob, insertLandscaper, insertUser } from "./test-fixtures.js";

describe("GET /api/admin/dashboard", () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: "owner@dashboard.test" });
  });
  afterAll(async () => {
    await t.close();
  });

  const summary = async () => {
    const response = await t.app.inject({ url: "/api/admin/dashboard", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as DashboardSummary;
  };

  it("counts zero money on a platform with no jobs", async () => {
    cookie = (await signUpAs(t.app, t.database, "admin")).cookie;
    expect(await summary()).toEqual({
      users: { total: 1, customers: 0, landscapers: 0, admins: 1 },
      jobs: { total: 0, completed: 0 },
      money: { revenueCents: 0, tipsCents: 0, platformCents: 0, payoutsCents: 0 },
    });
  });

  it("computes every figure from the jobs and users in the database", async () => {
    const db = t.database.db;
    // People: the admin above, a second admin by role, one by ADMIN_EMAILS (role customer), 3 customers,
    // 2 landscapers.
    await insertUser(db, { role: "admin" });
    await signUp(t.app, { email: "owner@dashboard.test" });
    const alice = await insertCustomer(db, { name: "Alice" });
    await insertCustomer(db, { name: "Bob" });
    await insertUser(db, { role: "customer" });
    const pro = await insertLandscaper(db, { fullName: "Pat Pro", status: "approved" });
    await insertLandscaper(db, { fullName: "Nia New" });

    // Completed: $120.00 + $80.50 + $99.99 = $300.49 revenue; tips $15.00 + $0 + $4.51 = $19.51.
    await insertJob(db, {
      status: "completed",
      landscaperId: pro.id,
      finalPriceCents: 12000,
      tipCents: 1500,
    });
    await insertJob(db, { status: "completed", landscaperId: pro.id, finalPriceCents: 8050 });
    await insertJob(db, {
      status: "completed",
      landscaperId: pro.id,
      finalPriceCents: 9999,
      tipCents: 451,
      customerId: alice.id,
    });
    // Not revenue: cancelled (even with a price), pending, scheduled with a quote.
    await insertJob(db, { status: "cancelled", finalPriceCents: 50000, tipCents: 999 });
    await insertJob(db, { status: "pending" });
    await insertJob(db, { status: "scheduled", landscaperId: pro.id, quotedPriceCents: 7000 });

    const figures = await summary();
    expect(figures.users).toEqual({ total: 8, customers: 3, landscapers: 2, admins: 3 });
    expect(figures.jobs).toEqual({ total: 6, completed: 3 });
    // Platform: 25% of 30049 = 7512.25 -> 7512; payouts 30049 - 7512 + 1951 = 24488.
    expect(figures.money).toEqual({
      revenueCents: 30049,
      tipsCents: 1951,
      platformCents: 7512,
      payoutsCents: 24488,
    });
    expect(figures.money.platformCents + figures.money.payoutsCents).toBe(
      figures.money.revenueCents + figures.money.tipsCents,
    );
  });
});
