import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, charlotteTime, daysFromToday, todayInCharlotte } from "../../../shared/dates.js";
import type { JobStatus } from "../../../shared/jobs.js";
import { noReliability, reliabilityLine } from "../../../shared/reliability.js";
import { job, jobEvent, landscaper, review } from "../../db/schema.js";
import { type SignedUp, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { requestOf } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createJob, createLandscaper } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { ARRIVAL_TRACKING_SINCE, reliabilityOf } from "./reliability.js";

/**
 * The reliability figures: on time (arrived on the visit's date by 6 PM Charlotte time), completion (completed
 * against withdrawn and missed), ratings and completed jobs, for many landscapers in one query.
 */
describe("reliability figures", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let admin: SignedUp;
  // A clock a month ahead, so every visit below is dated after arrival tracking began, whatever today is.
  const today = addDaysIso(todayInCharlotte(), 30);
  const now = charlotteTime(today, 12);
  const day = (offset: number) => addDaysIso(today, offset);

  beforeAll(async () => {
    customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
    admin = await signUpAs(t.app, t.database, "admin");
    await saveCard(t.app, customer.cookie);
  });

  /** A visit of `landscaperId` as the database holds it after its steps. */
  async function visit(
    landscaperId: string,
    options: {
      status: JobStatus;
      date: string;
      arrivedAt?: Date;
      workStartedAt?: Date;
      onTheWayAt?: Date;
      rating?: number;
    },
  ) {
    const [row] = await t.database.db
      .insert(job)
      .values({
        ...requestOf(customer),
        preferredDate: options.date,
        estimateLowCents: 5000,
        estimateHighCents: 8000,
        status: options.status,
        landscaperId,
        quotedPriceCents: 6000,
        scheduledDate: options.date,
        arrivedAt: options.arrivedAt ?? null,
        workStartedAt: options.workStartedAt ?? null,
        onTheWayAt: options.onTheWayAt ?? null,
        completedAt: options.status === "completed" ? charlotteTime(options.date, 19) : null,
        rating: options.rating ?? null,
      })
      .returning({ id: job.id });
    // The rating's review, released (issue 36): the figure counts reviews shown, not the job's column.
    if (options.rating)
      await t.database.db.insert(review).values({
        jobId: row!.id,
        landscaperId,
        customerId: customer.id,
        authorName: "Olivia B.",
        quality: options.rating,
        submittedAt: charlotteTime(options.date, 20),
        visibleFrom: charlotteTime(options.date, 20),
      });
    return row!.id;
  }

  /** A job event written by `actorId` (a withdrawal, a decline, a miss…). */
  async function event(actorId: string, from: JobStatus, to: string) {
    const jobId = await visit(actorId, { status: "cancelled", date: day(5) });
    await t.database.db.insert(jobEvent).values({ jobId, actorId, fromStatus: from, toStatus: to });
  }

  it("counts on time, late, missed, withdrawn and ratings for each landscaper, in one query", async () => {
    const carlos = await createLandscaper(t, { status: "approved", name: "Carlos Mendoza" });
    const rita = await createLandscaper(t, { status: "approved", name: "Rita Rival" });
    const newcomer = await createLandscaper(t, { status: "approved", name: "Nora New" });

    // On time: arrived at 10 AM; work started (no arrival marked) at 5:59 PM; arrived at 6:00 PM sharp.
    await visit(carlos.id, {
      status: "completed",
      date: day(-10),
      arrivedAt: charlotteTime(day(-10), 10),
      rating: 5,
    });
    await visit(carlos.id, {
      status: "completed",
      date: day(-9),
      workStartedAt: charlotteTime(day(-9), 17, 59),
      rating: 4,
    });
    await visit(carlos.id, { status: "completed", date: day(-8), arrivedAt: charlotteTime(day(-8), 18) });
    // Late: 6:30 PM, and the next morning.
    await visit(carlos.id, {
      status: "completed",
      date: day(-7),
      arrivedAt: charlotteTime(day(-7), 18, 30),
      rating: 5,
    });
    await visit(carlos.id, { status: "completed", date: day(-6), arrivedAt: charlotteTime(day(-5), 9) });
    // Due and not arrived: yesterday's visit still scheduled (on the way only, which is not an arrival).
    await visit(carlos.id, { status: "scheduled", date: day(-1), onTheWayAt: charlotteTime(day(-1), 9) });
    // Not due yet: today's and tomorrow's visits.
    await visit(carlos.id, { status: "scheduled", date: day(0) });
    await visit(carlos.id, { status: "scheduled", date: day(1) });
    // Before arrival tracking: without a stamp it is left out; with one (July, daylight saving: 5:30 PM EDT is
    // 21:30 UTC) it counts, on time.
    await visit(carlos.id, { status: "completed", date: "2026-07-15" });
    await visit(carlos.id, {
      status: "completed",
      date: "2026-07-16",
      arrivedAt: charlotteTime("2026-07-16", 17, 30),
    });
    // Two withdrawals (before and after the customer's approval) and a miss; a decline and a cancellation by
    // the customer count for nothing; Rita's withdrawal is hers.
    await event(carlos.id, "accepted", "pending");
    await event(carlos.id, "scheduled", "pending");
    await event(carlos.id, "scheduled", "missed");
    await event(carlos.id, "pending", "declined");
    await event(customer.id, "scheduled", "cancelled");
    await event(rita.id, "accepted", "pending");
    // Rita: one completed visit, on time, rated 3.
    await visit(rita.id, {
      status: "completed",
      date: day(-3),
      arrivedAt: charlotteTime(day(-3), 8),
      rating: 3,
    });

    const figures = await reliabilityOf(t.database.db, [carlos.id, rita.id, newcomer.id, carlos.id], { now });
    expect(figures.size).toBe(3);
    // Due and tracked: 5 completed after tracking began, yesterday's open visit, July 16 = 7; on time 4.
    // Completed 7 (July 15 included); withdrawn 2, missed 1.
    expect(figures.get(carlos.id)).toEqual({
      onTimeRate: 57.1,
      completionRate: 70,
      averageRating: 4.7,
      ratingCount: 3,
      completedJobs: 7,
      visitsDue: 7,
      visitsOnTime: 4,
      acceptedJobs: 10,
      withdrawnJobs: 2,
    });
    expect(figures.get(rita.id)).toEqual({
      onTimeRate: 100,
      completionRate: 50,
      averageRating: 3,
      ratingCount: 1,
      completedJobs: 1,
      visitsDue: 1,
      visitsOnTime: 1,
      acceptedJobs: 2,
      withdrawnJobs: 1,
    });
    // No history: nothing to show but that they are new.
    expect(figures.get(newcomer.id)).toEqual(noReliability);
    expect(reliabilityLine(figures.get(newcomer.id)!)).toBe("New on GreenScape · no jobs yet");
    expect(reliabilityLine(figures.get(rita.id)!)).toBe(
      "New on GreenScape · 3.0\u00a0★ · 1 of 1 on time · 1 job",
    );
    expect(reliabilityLine(figures.get(carlos.id)!)).toBe("4.7\u00a0★ · 57% on time · 7 jobs");
    expect(await reliabilityOf(t.database.db, [])).toEqual(new Map());
    expect(ARRIVAL_TRACKING_SINCE).toBe("2026-11-27");
  });

  it("shows the customer the record of the landscaper whose offer they approve, and admins on their lists", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Carlos Mendoza" });
    await visit(pro.id, {
      status: "completed",
      date: day(-40),
      arrivedAt: charlotteTime(day(-40), 9),
      rating: 5,
    });
    const offered = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    const booked = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    const open = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    const post = (who: { cookie: string }, url: string, payload: object = {}) =>
      t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
    for (const id of [offered, booked]) {
      const accepted = await post(pro, `/api/jobs/${id}/accept`, {
        price: 80,
        scheduledDate: daysFromToday(9),
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    expect((await post(customer, `/api/jobs/${booked}/approve`)).statusCode).toBe(200);
    // A withdrawal through the real action is counted as one.
    const withdrawn = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    expect((await post(pro, `/api/jobs/${withdrawn}/accept`, { price: 80 })).statusCode).toBe(200);
    expect(
      (await post(pro, `/api/jobs/${withdrawn}/withdraw`, { reason: "My mower broke." })).statusCode,
    ).toBe(200);

    const list = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
    const jobs = list.json().jobs as { id: string; landscaperReliability?: unknown }[];
    const byId = (id: string) => jobs.find((j) => j.id === id)!;
    const expected = {
      onTimeRate: 100,
      completionRate: 50,
      averageRating: 5,
      ratingCount: 1,
      completedJobs: 1,
      visitsDue: 1,
      visitsOnTime: 1,
      acceptedJobs: 2,
      withdrawnJobs: 1,
    };
    expect(byId(offered).landscaperReliability).toEqual(expected);
    // Only the offer waiting for approval carries it.
    expect(byId(booked)).not.toHaveProperty("landscaperReliability");
    expect(byId(open)).not.toHaveProperty("landscaperReliability");

    const users = await t.app.inject({
      url: "/api/admin/users?role=landscaper&q=Carlos",
      headers: { cookie: admin.cookie },
    });
    expect(users.statusCode).toBe(200);
    const row = users.json().items.find((u: { id: string }) => u.id === pro.id);
    expect(row).toMatchObject({ reliability: expected, pausedAt: null });
    const customers = await t.app.inject({
      url: "/api/admin/users?role=customer",
      headers: { cookie: admin.cookie },
    });
    expect(customers.json().items[0]).not.toHaveProperty("reliability");

    const applications = await t.app.inject({
      url: "/api/admin/applications?status=approved",
      headers: { cookie: admin.cookie },
    });
    const application = applications.json().items.find((a: { userId: string }) => a.userId === pro.id);
    expect(application).toMatchObject({ reliability: expected, pausedAt: null });

    // Paused by the late lock-out: the users list says since when (its row shows a Paused badge).
    const pausedAt = new Date("2026-11-29T23:46:00Z");
    await t.database.db
      .update(landscaper)
      .set({ pausedAt, pausedReason: "Missed JOB-1002 on Friday, November 27, 2026: no arrival." })
      .where(eq(landscaper.userId, pro.id));
    const paused = await t.app.inject({
      url: "/api/admin/users?role=landscaper&q=Carlos",
      headers: { cookie: admin.cookie },
    });
    expect(paused.json().items.find((u: { id: string }) => u.id === pro.id)).toMatchObject({
      status: "approved",
      pausedAt: pausedAt.toISOString(),
    });
  });
});
