import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsData } from "../../../shared/admin.js";
import { todayInCharlotte } from "../../../shared/dates.js";
import { appSetting } from "../../db/schema.js";
import { signUpAs } from "../../test/accounts-helpers.js";
import { charlotteNoon, insertApprovedCrew, insertJob, insertLandscaper } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";
import { analyticsCacheKey, bucketsFor, computeAnalytics } from "./analytics-service.js";

describe("analytics", () => {
  let cookie: string;
  const now = new Date();
  const today = todayInCharlotte(now);
  const ago = (days: number) => charlotteNoon(today, days);

  const t = useTestApp();
  beforeAll(async () => {
    cookie = (await signUpAs(t.app, t.database, "admin")).cookie;
    const db = t.database.db;
    const { carlos, tasha } = await insertApprovedCrew(db);
    const ben = await insertLandscaper(db, { fullName: "Ben Whitaker", status: "approved" });

    // Olivia books 3 times: days 40, 20 and 1 ago (the last two are repeats).
    await insertJob(db, {
      customerEmail: "olivia@a.test",
      createdAt: ago(40),
      status: "completed",
      landscaperId: carlos.id,
      completedAt: ago(39),
      finalPriceCents: 100,
    });
    await insertJob(db, {
      customerEmail: "olivia@a.test",
      createdAt: ago(20),
      status: "completed",
      landscaperId: carlos.id,
      completedAt: ago(19),
      finalPriceCents: 100,
    });
    await insertJob(db, {
      customerEmail: "olivia@a.test",
      createdAt: ago(1),
      status: "completed",
      landscaperId: carlos.id,
      completedAt: ago(0),
      finalPriceCents: 100,
    });
    // Tasha completes two jobs in the last week, Ben one 60 days ago.
    await insertJob(db, {
      customerEmail: "marcus@a.test",
      createdAt: ago(3),
      status: "completed",
      landscaperId: tasha.id,
      completedAt: ago(2),
      finalPriceCents: 100,
    });
    await insertJob(db, {
      customerEmail: "priya@a.test",
      createdAt: ago(4),
      status: "completed",
      landscaperId: tasha.id,
      completedAt: ago(3),
      finalPriceCents: 100,
    });
    await insertJob(db, {
      customerEmail: "james@a.test",
      createdAt: ago(61),
      status: "completed",
      landscaperId: ben.id,
      completedAt: ago(60),
      finalPriceCents: 100,
    });
    // Abandoned: pending for 10 days; cancelled before anyone accepted. Not abandoned: pending 2 days,
    // cancelled after a landscaper accepted.
    await insertJob(db, { customerEmail: "stale@a.test", createdAt: ago(10), status: "pending" });
    await insertJob(db, { customerEmail: "gone@a.test", createdAt: ago(5), status: "cancelled" });
    await insertJob(db, { customerEmail: "fresh@a.test", createdAt: ago(2), status: "pending" });
    await insertJob(db, {
      customerEmail: "late@a.test",
      createdAt: ago(12),
      status: "cancelled",
      landscaperId: ben.id,
      acceptedAt: ago(11),
    });
  });
  it("cuts 7 days into days and 30 or 90 days into whole weeks ending today", () => {
    const week = bucketsFor(7, "2026-03-10");
    expect(week.bucket).toBe("day");
    expect(week.periods.map((p) => p.start)).toEqual([
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
    ]);
    const month = bucketsFor(30, "2026-03-10");
    expect(month.bucket).toBe("week");
    expect(month.periods).toHaveLength(5);
    expect(month.periods[4]).toEqual({ start: "2026-03-04", end: "2026-03-10" });
    expect(month.periods[0]).toEqual({ start: "2026-02-04", end: "2026-02-10" });
    expect(bucketsFor(90, "2026-03-10").periods).toHaveLength(13);
  });

  it("computes bookings, repeat bookings and abandoned quotes per week, and the top landscapers", async () => {
    const data = await computeAnalytics({ db: t.database.db, range: 30, role: "both", now });
    // Oldest week first: days 28-34, 21-27, 14-20, 7-13 and 0-6 ago.
    expect(data.bookings!.map((p) => p.bookings)).toEqual([0, 0, 1, 2, 5]);
    expect(data.engagement!.map((p) => p.repeatBookings)).toEqual([0, 0, 1, 0, 1]);
    expect(data.engagement!.map((p) => p.abandonedQuotes)).toEqual([0, 0, 0, 1, 1]);
    expect(data.bookings!.at(-1)).toMatchObject({ end: today });
    expect(data.topLandscapers).toEqual([
      expect.objectContaining({ name: "Queen City Lawn Care · Carlos Mendoza", jobs: 2 }),
      expect.objectContaining({ name: "Tasha Williams", jobs: 2 }),
    ]);

    const week = await computeAnalytics({ db: t.database.db, range: 7, role: "both", now });
    // Day by day, 6 days ago first.
    expect(week.bookings!.map((p) => p.bookings)).toEqual([0, 1, 1, 1, 1, 1, 0]);
    expect(week.topLandscapers!.map((p) => [p.name, p.jobs])).toEqual([
      ["Tasha Williams", 2],
      ["Queen City Lawn Care · Carlos Mendoza", 1],
    ]);

    const quarter = await computeAnalytics({ db: t.database.db, range: 90, role: "both", now });
    expect(quarter.bookings!.reduce((sum, p) => sum + p.bookings, 0)).toBe(10);
    expect(quarter.topLandscapers!.map((p) => [p.name, p.jobs])).toEqual([
      ["Queen City Lawn Care · Carlos Mendoza", 3],
      ["Tasha Williams", 2],
      ["Ben Whitaker", 1],
    ]);
  });

  it("leaves out the charts the role filter hides", async () => {
    const clients = await computeAnalytics({ db: t.database.db, range: 30, role: "clients", now });
    expect(clients.topLandscapers).toBeNull();
    expect(clients.bookings).not.toBeNull();
    const landscapers = await computeAnalytics({ db: t.database.db, range: 30, role: "landscapers", now });
    expect(landscapers.bookings).toBeNull();
    expect(landscapers.engagement).toBeNull();
    expect(landscapers.topLandscapers).toHaveLength(2);
  });

  it("serves the figures from the app_setting cache for 15 minutes", async () => {
    const get = async (query: string) => {
      const response = await t.app.inject({ url: `/api/admin/analytics${query}`, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AnalyticsData;
    };
    const first = await get("?range=90&role=landscapers");
    expect(first).toMatchObject({ range: 90, role: "landscapers", bookings: null });
    const [stored] = await t.database.db
      .select()
      .from(appSetting)
      .where(eq(appSetting.key, analyticsCacheKey(90, "landscapers")));
    expect(stored!.value).toMatchObject({ computedAt: first.computedAt });

    // New work is not seen until the cache is older than 15 minutes.
    const pro = await insertLandscaper(t.database.db, { fullName: "Zed Newcomer", status: "approved" });
    for (let i = 0; i < 4; i++) {
      await insertJob(t.database.db, { status: "completed", landscaperId: pro.id, completedAt: new Date() });
    }
    const cached = await get("?range=90&role=landscapers");
    expect(cached).toEqual(first);

    const old = new Date(Date.now() - 16 * 60_000).toISOString();
    await t.database.db
      .update(appSetting)
      .set({ value: { computedAt: old, data: { ...first, computedAt: old } } })
      .where(eq(appSetting.key, analyticsCacheKey(90, "landscapers")));
    const fresh = await get("?range=90&role=landscapers");
    expect(fresh.computedAt > first.computedAt).toBe(true);
    expect(fresh.topLandscapers![0]).toMatchObject({ name: "Zed Newcomer", jobs: 4 });

    expect(
      (await t.app.inject({ url: "/api/admin/analytics?range=14", headers: { cookie } })).statusCode,
    ).toBe(400);
  });
});
