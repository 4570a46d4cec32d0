import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { HealthAnswer, HealthSummary } from "../../../shared/admin-health.js";
import { addDaysIso, todayInCharlotte } from "../../../shared/dates.js";
import { jobSeries, landscaper, landscaperAvailability, user } from "../../db/schema.js";
import { type SignedUp, signUpAs } from "../../test/accounts-helpers.js";
import { charlotteNoon, insertCustomer, insertLandscaper, requestOf } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";
import { insertHealthVisit, insertMoney, type VisitFixture } from "../../test/health-fixtures.js";

const HOUR = 3_600_000;

/**
 * Admin → Health against a hand-counted world written straight to the database, every time explicit: days
 * are noon in Charlotte `n` days ago (dN below), so a request, its booking and its visit fall on known days
 * and hours. What each figure must be is counted in the comments beside the rows.
 */
describe("marketplace health", () => {
  const t = useTestApp();
  let admin: SignedUp;
  const today = todayInCharlotte();
  const d = (daysAgo: number) => charlotteNoon(today, daysAgo);
  const date = (daysAgo: number) => addDaysIso(today, -daysAgo);
  const plus = (at: Date, hours: number) => new Date(at.getTime() + hours * HOUR);

  const insertVisit = (options: VisitFixture) => insertHealthVisit(t.database.db, options);
  const money = (jobId: string, kind: "job_charge" | "refund", cents: number, at: Date) =>
    insertMoney(t.database.db, { jobId, kind, cents, at });

  async function get<T>(url: string, cookie = admin.cookie) {
    const response = await t.app.inject({ url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  beforeAll(async () => {
    const db = t.database.db;
    admin = await signUpAs(t.app, t.database, "admin");
    // Pros: P1 covers Uptown (28202) and Dilworth (28203); P2 Dilworth. In Uptown, P3 is paused, P4 not approved,
    // P5's one working day in the next week is full, P6 is banned: Uptown has one available pro, Dilworth two.
    const p1 = await insertLandscaper(db, {
      fullName: "Pro One",
      status: "approved",
      zips: ["28202", "28203"],
    });
    const p2 = await insertLandscaper(db, { fullName: "Pro Two", status: "approved", zips: ["28203"] });
    const p3 = await insertLandscaper(db, { fullName: "Pro Three", status: "approved", zips: ["28202"] });
    await db.update(landscaper).set({ pausedAt: new Date() }).where(eq(landscaper.userId, p3.id));
    await insertLandscaper(db, { fullName: "Pro Four", status: "pending", zips: ["28202"] });
    const p5 = await insertLandscaper(db, { fullName: "Pro Five", status: "approved", zips: ["28202"] });
    const tomorrow = addDaysIso(today, 1);
    await db.insert(landscaperAvailability).values({
      landscaperId: p5.id,
      weekdays: [new Date(`${tomorrow}T12:00:00Z`).getUTCDay()],
      visitsPerDay: 1,
      noticeHours: 0,
    });
    await insertVisit({
      customerId: null,
      zip: "28202",
      status: "scheduled",
      createdAt: d(200),
      landscaperId: p5.id,
      scheduledDate: tomorrow,
    });
    const p6 = await insertLandscaper(db, { fullName: "Pro Six", status: "approved", zips: ["28202"] });
    await db.update(user).set({ banned: true }).where(eq(user.id, p6.id));

    const [c1, c2, c3, c4, c5, c6] = await Promise.all(
      ["C1", "C2", "C3", "C4", "C5", "C6"].map((name) => insertCustomer(db, { name })),
    );

    // R1: Uptown, booked 5 h after (an offer approved), first visit arrived on its day 8 days ago, $100 charged.
    const r1 = await insertVisit({
      customerId: c1!.id,
      zip: "28202",
      status: "completed",
      createdAt: d(10),
      landscaperId: p1.id,
      scheduledDate: date(8),
      arrivedAt: plus(d(8), -2),
      completedAt: d(8),
      events: [
        { from: null, to: "pending", at: d(10) },
        { from: "pending", to: "accepted", at: plus(d(10), 2), actor: p1.id },
        { from: "accepted", to: "scheduled", at: plus(d(10), 5) },
        { from: "scheduled", to: "completed", at: d(8), actor: p1.id },
      ],
    });
    await money(r1.id, "job_charge", 10_000, d(8));
    // R2: Dilworth, mowing and leaves, booked at once 30 h after; arrived the day after its date; a problem
    // reported; $200 charged, $50 refunded.
    const r2 = await insertVisit({
      customerId: c2!.id,
      zip: "28203",
      services: ["lawn-mowing", "leaf-removal"],
      status: "completed",
      createdAt: d(20),
      landscaperId: p2.id,
      scheduledDate: date(17),
      arrivedAt: plus(d(16), -1),
      completedAt: d(16),
      events: [
        { from: null, to: "pending", at: d(20) },
        { from: "pending", to: "scheduled", at: plus(d(20), 30) },
        { from: "scheduled", to: "completed", at: d(16), actor: p2.id },
        { from: "completed", to: "problem_reported", at: d(15), actor: c2!.id },
      ],
    });
    await money(r2.id, "job_charge", 20_000, d(16));
    await money(r2.id, "refund", 5_000, d(14));
    // R3: a ZIP with no name and no pro, never booked. R4: two hours old, not yet due for either window.
    await insertVisit({
      customerId: null,
      zip: "28299",
      services: ["mulch-installation"],
      status: "pending",
      createdAt: d(5),
      events: [{ from: null, to: "pending", at: d(5) }],
    });
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    await insertVisit({
      customerId: c1!.id,
      zip: "28203",
      status: "pending",
      createdAt: twoHoursAgo,
      events: [{ from: null, to: "pending", at: twoHoursAgo }],
    });
    // R5: Uptown, booked 80 h after, then the pro withdrew (a pro cancellation).
    await insertVisit({
      customerId: c2!.id,
      zip: "28202",
      status: "pending",
      createdAt: d(6),
      events: [
        { from: null, to: "pending", at: d(6) },
        { from: "pending", to: "accepted", at: plus(d(6), 1), actor: p1.id },
        { from: "accepted", to: "scheduled", at: plus(d(6), 80) },
        { from: "scheduled", to: "pending", at: d(1), actor: p1.id },
      ],
    });
    // G1: a series' generated visit, completed: a completed visit, neither a request nor a first visit.
    const [series] = await db
      .insert(jobSeries)
      .values({ ...requestOf(c1!), frequency: "weekly", status: "active", startDate: date(10) })
      .returning();
    await insertVisit({
      seriesId: series!.id,
      customerId: c1!.id,
      zip: "28202",
      status: "completed",
      createdAt: d(7),
      landscaperId: p1.id,
      scheduledDate: date(3),
      arrivedAt: d(3),
      completedAt: d(3),
      events: [
        { from: null, to: "scheduled", at: d(7) },
        { from: "scheduled", to: "completed", at: d(3), actor: p1.id },
      ],
    });
    // Older jobs with events in the period: a release, a miss, a pro leaving a series (cancels), a customer's
    // cancellation (not the pro's).
    const old = { customerId: c5!.id, zip: "28202", createdAt: d(200) } as const;
    await insertVisit({
      ...old,
      status: "pending",
      events: [{ from: "scheduled", to: "released", at: d(12), actor: p2.id }],
    });
    await insertVisit({
      ...old,
      status: "pending",
      events: [{ from: "scheduled", to: "missed", at: d(11), actor: p1.id }],
    });
    await insertVisit({
      ...old,
      status: "cancelled",
      landscaperId: p1.id,
      events: [{ from: "scheduled", to: "cancelled", at: d(9), actor: p1.id }],
    });
    await insertVisit({
      ...old,
      status: "cancelled",
      landscaperId: p1.id,
      events: [{ from: "scheduled", to: "cancelled", at: d(9), actor: c5!.id }],
    });

    // Repeat customers. C3: first visit 70 days ago (on its day), another dated 25 days after it.
    const done = (customerId: string, zip: string, daysAgo: number, scheduled = date(daysAgo)) =>
      insertVisit({
        customerId,
        zip,
        status: "completed",
        createdAt: d(daysAgo + 130),
        landscaperId: p1.id,
        scheduledDate: scheduled,
        completedAt: d(daysAgo),
        events: [{ from: "scheduled", to: "completed", at: d(daysAgo), actor: p1.id }],
      });
    const booked = (customerId: string, daysAgo: number) =>
      insertVisit({
        customerId,
        zip: "28203",
        status: "scheduled",
        createdAt: d(300),
        scheduledDate: date(daysAgo),
      });
    await done(c3!.id, "28203", 70);
    await booked(c3!.id, 45);
    // C4: first visit 40 days ago, done the day after its date; the next 35 days after it.
    await done(c4!.id, "28202", 40, date(41));
    await booked(c4!.id, 5);
    // C5: first visit 200 days ago (before any period here); another 50 days ago, on its day.
    await done(c5!.id, "28202", 200);
    await done(c5!.id, "28202", 50);
    // C6: first visit 100 days ago (only in the 20-week period); the next 80 days after it.
    await done(c6!.id, "28203", 100);
    await booked(c6!.id, 20);
  });

  it("answers each figure of the last 12 weeks as counted by hand", async () => {
    const health = await get<HealthAnswer>("/api/admin/health");
    expect(health.from).toBe(addDaysIso(today, -83));
    expect(health.to).toBe(today);
    expect(health.overall).toEqual({
      // R1–R5 (G1 was generated); due: all but R4; within 24 h: R1; within 72 h: R1, R2.
      requests: 5,
      fill: [
        { hours: 24, due: 4, filled: 1 },
        { hours: 72, due: 4, filled: 2 },
      ],
      // 5, 30 and 80 hours: median 30, 90th percentile 30 + 0.8 × 50.
      booked: 3,
      medianHoursToBooked: 30,
      p90HoursToBooked: 70,
      // R1, R2, C3's, C4's and C5's second (a first visit of its request); on the day: R1, C3's, C5's.
      firstVisits: 5,
      firstVisitsOnDay: 3,
      bookings: 3,
      // R5's withdrawal and the visit cancelled by its pro; not the customer's cancellation.
      proCancellations: 2,
      releases: 1,
      misses: 1,
      // R1, R2, G1, C3's, C4's, C5's second.
      completedVisits: 6,
      disputes: 1,
      chargedCents: 30_000,
      refundedCents: 5_000,
      // 30 days: C3 (came back) and C4 (35 days later); 60 days: C3; 90: nobody's first visit is that old.
      repeat: [
        { days: 30, customers: 2, repeated: 1 },
        { days: 60, customers: 1, repeated: 1 },
        { days: 90, customers: 0, repeated: 0 },
      ],
    });

    expect(health.byWeek).toHaveLength(12);
    expect(health.byWeek[0]!.start).toBe(addDaysIso(today, -83));
    expect(health.byWeek[11]!.end).toBe(today);
    // The last week: R3, R4, R5; the one before R1; R2 the week before that.
    expect(health.byWeek.map((w) => w.figures.requests)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 3]);
    expect(health.byWeek[11]!.figures.proCancellations).toBe(1);

    expect(health.byNeighbourhood.map((n) => [n.name, n.figures.requests])).toEqual([
      ["Dilworth", 2],
      ["Uptown", 2],
      ["ZIP 28299", 1],
    ]);
    const uptown = health.byNeighbourhood.find((n) => n.name === "Uptown")!.figures;
    expect(uptown).toMatchObject({
      bookings: 2,
      firstVisits: 3,
      firstVisitsOnDay: 2,
      releases: 1,
      misses: 1,
    });
    const dilworth = health.byNeighbourhood.find((n) => n.name === "Dilworth")!.figures;
    expect(dilworth).toMatchObject({ bookings: 1, firstVisits: 2, firstVisitsOnDay: 1, disputes: 1 });
    expect(dilworth).toMatchObject({ chargedCents: 20_000, refundedCents: 5_000 });

    const service = (id: string) => health.byService.find((s) => s.service === id)!;
    expect(service("lawn-mowing").figures.requests).toBe(4);
    expect(service("leaf-removal")).toMatchObject({ name: "Leaf Removal" });
    expect(service("leaf-removal").figures.fill).toEqual([
      { hours: 24, due: 1, filled: 0 },
      { hours: 72, due: 1, filled: 1 },
    ]);
    expect(service("mulch-installation").figures).toMatchObject({
      requests: 1,
      booked: 0,
      medianHoursToBooked: null,
    });

    // 28299 has no pro; Uptown one (P1); Dilworth two, no gap.
    expect(health.supplyGaps).toEqual([
      { zipCode: "28299", neighbourhood: null, requests: 1, availablePros: 0 },
      { zipCode: "28202", neighbourhood: "Uptown", requests: 2, availablePros: 1 },
    ]);
  });

  it("counts a longer period's older first visits and their 90 days", async () => {
    const health = await get<HealthAnswer>("/api/admin/health?weeks=20");
    expect(health.byWeek).toHaveLength(20);
    // C6 joins: first visit 100 days ago, back 80 days later.
    expect(health.overall.repeat).toEqual([
      { days: 30, customers: 3, repeated: 1 },
      { days: 60, customers: 2, repeated: 1 },
      { days: 90, customers: 1, repeated: 1 },
    ]);
    expect(health.overall).toMatchObject({
      requests: 5,
      firstVisits: 6,
      firstVisitsOnDay: 4,
      completedVisits: 7,
    });
  });

  it("takes a period by dates", async () => {
    const health = await get<HealthAnswer>(`/api/admin/health?from=${date(20)}&to=${date(10)}`);
    expect(health.byWeek.map((w) => [w.start, w.end])).toEqual([
      [date(20), date(14)],
      [date(13), date(10)],
    ]);
    // R2 and R1; R1's booking, R2's booking; R2's refund in the period.
    expect(health.overall).toMatchObject({
      requests: 2,
      bookings: 2,
      refundedCents: 5_000,
      chargedCents: 20_000,
    });
  });

  it("answers the dashboard's four tiles", async () => {
    const summary = await get<HealthSummary>("/api/admin/health/summary");
    // The dashboard's tiles are the page's default count, as stored.
    const page = await get<HealthAnswer>("/api/admin/health");
    expect(summary).toEqual({
      from: addDaysIso(today, -83),
      to: today,
      computedAt: page.computedAt,
      refreshMinutes: 10,
      refreshedBy: "schedule",
      fill24: { due: 4, filled: 1 },
      medianHoursToBooked: 30,
      firstVisits: 5,
      firstVisitsOnDay: 3,
      supplyGapZips: 2,
    });
  });

  it("refuses a bad period and anyone but an admin", async () => {
    for (const query of [
      "weeks=0",
      "weeks=53",
      `from=${date(3)}`,
      `from=${date(1)}&to=${date(3)}`,
      `from=${today}&to=${addDaysIso(today, 1)}`,
    ]) {
      const response = await t.app.inject({
        url: `/api/admin/health?${query}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode, query).toBe(400);
    }
    const customer = await signUpAs(t.app, t.database, "customer");
    for (const url of ["/api/admin/health", "/api/admin/health/summary"]) {
      const response = await t.app.inject({ url, headers: { cookie: customer.cookie } });
      expect(response.statusCode).toBe(403);
    }
  });
});
