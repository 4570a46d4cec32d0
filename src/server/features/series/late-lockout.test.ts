import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, charlotteTime, daysFromToday } from "../../../shared/dates.js";
import { pauseMessages } from "../../../shared/reliability.js";
import { job, jobDecline, jobEvent, jobSeries, landscaper, payment } from "../../db/schema.js";
import { type SignedUp, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createJob, createLandscaper, type Landscaper } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { bellPage } from "../notifications/index.js";
import { reconcile } from "../payments/index.js";
import { runLateLockout } from "./late-lockout.js";

/**
 * The late lock-out: a visit neither arrived at nor moved 2 days after its date goes back to the queue, its hold
 * released, and pauses its landscaper from new jobs until an admin lifts the pause. The pass takes its clock.
 */
describe("the late lock-out", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    admin = await signUpAs(t.app, t.database, "admin");
    customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
    await saveCard(t.app, customer.cookie);
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
  const get = (who: { cookie: string }, url: string) =>
    t.app.inject({ url, headers: { cookie: who.cookie } });

  /** One pass at `day` (Charlotte), at `hour`. */
  const pass = (day: string, hour = 0) =>
    runLateLockout({
      db: t.database.db,
      env: t.env,
      provider: t.app.paymentProvider,
      publicUrl: t.env.PUBLIC_URL,
      log: t.app.log,
      now: () => charlotteTime(day, hour, 5),
    });

  /** A visit of `pro` booked by the customer for `date` (within 6 days: the price is held at approval). */
  async function booked(pro: Landscaper, date: string, zipCode = "28202") {
    const id = await createJob(t.app, { cookie: customer.cookie, zipCode });
    const accepted = await post(pro, `/api/jobs/${id}/accept`, { price: 90, scheduledDate: date });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
    return id;
  }
  const rowOf = async (id: string) => (await t.database.db.select().from(job).where(eq(job.id, id)))[0]!;
  const holdOf = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(payment)
        .where(and(eq(payment.jobId, id), eq(payment.kind, "job")))
    )[0];
  const missedEvents = (ids: string[]) =>
    t.database.db
      .select()
      .from(jobEvent)
      .where(and(inArray(jobEvent.jobId, ids), eq(jobEvent.toStatus, "missed")));
  // What the user's bell holds (notifications and new-job alerts), oldest first.
  const bell = async (userId: string) =>
    (await bellPage(t.database.db, { userId, limit: 100 })).items
      .reverse()
      .map((n) => ({ type: n.type, message: n.message, link: n.link }));
  const pausedOf = async (userId: string) =>
    (
      await t.database.db
        .select({ pausedAt: landscaper.pausedAt, pausedReason: landscaper.pausedReason })
        .from(landscaper)
        .where(eq(landscaper.userId, userId))
    )[0]!;

  it("does nothing the day after; on the second day the visit goes back to the queue, its hold released, the landscaper paused and three parties told", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Carlos Mendoza" });
    const date = daysFromToday(3);
    const id = await booked(pro, date);
    // Another visit of theirs, later: a pause keeps it theirs.
    const later = await booked(pro, daysFromToday(5));
    expect((await holdOf(id))?.status).toBe("held");
    const number = (await rowOf(id)).number;

    // The visit's day and the day after (even late in the evening): nothing.
    expect(await pass(date, 23)).toEqual({ missed: 0, paused: 0 });
    expect(await pass(addDaysIso(date, 1), 23)).toEqual({ missed: 0, paused: 0 });
    expect((await rowOf(id)).status).toBe("scheduled");
    expect((await pausedOf(pro.id)).pausedAt).toBeNull();

    // Two days after, just past midnight: missed.
    const day2 = addDaysIso(date, 2);
    expect(await pass(day2)).toEqual({ missed: 1, paused: 1 });
    expect(await rowOf(id)).toMatchObject({
      status: "pending",
      landscaperId: null,
      scheduledDate: null,
      quotedPriceCents: null,
      acceptedAt: null,
      scheduledAt: null,
    });
    expect((await holdOf(id))?.status).toBe("released");
    const [missed] = await missedEvents([id]);
    expect(missed).toMatchObject({ actorId: pro.id, fromStatus: "scheduled", toStatus: "missed" });
    // Out of their own queue, as after a withdrawal.
    expect(
      await t.database.db
        .select()
        .from(jobDecline)
        .where(and(eq(jobDecline.jobId, id), eq(jobDecline.landscaperId, pro.id))),
    ).toHaveLength(1);
    const paused = await pausedOf(pro.id);
    expect(paused.pausedAt?.getTime()).toBe(charlotteTime(day2, 0, 5).getTime());
    expect(paused.pausedReason).toMatch(
      new RegExp(
        `^Missed JOB-${number} on \\w+day, .*: no arrival was marked within 2 days, so the visit went back to the queue\\.$`,
      ),
    );
    // The later visit stays theirs.
    expect(await rowOf(later)).toMatchObject({ status: "scheduled", landscaperId: pro.id });

    expect(await bell(customer.id)).toContainEqual({
      type: "job",
      message: expect.stringMatching(new RegExp(`JOB-${number}.*back in the queue.*Nothing was charged`)),
      link: "/dashboard/customer",
    });
    expect(await bell(pro.id)).toContainEqual({
      type: "system",
      message: expect.stringMatching(/paused from new jobs.*Our team reviews every pause/),
      link: "/landscaper-dashboard",
    });
    expect(await bell(admin.id)).toContainEqual({
      type: "system",
      message: expect.stringContaining(`was paused from new jobs: they missed JOB-${number}`),
      link: "/admin#paused-landscapers",
    });

    // Idempotent: the next pass finds nothing, tells no one again.
    const told = (await bell(admin.id)).length;
    expect(await pass(day2, 12)).toEqual({ missed: 0, paused: 0 });
    expect(await missedEvents([id])).toHaveLength(1);
    expect(await bell(admin.id)).toHaveLength(told);

    // The customer sees the request open again and nothing charged.
    const mine = (await get(customer, "/api/customer/jobs"))
      .json()
      .jobs.find((j: { id: string }) => j.id === id);
    expect(mine).toMatchObject({ status: "pending", landscaperName: null, payment: { status: "released" } });

    // The landscaper: the profile says why; accepting a new job is refused, their visit is still theirs.
    const profile = (await get(pro, "/api/landscaper/profile")).json().profile;
    expect(profile.pausedAt).toBe(paused.pausedAt!.toISOString());
    expect(profile.pausedReason).toBe(paused.pausedReason);
    const fresh = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    const refused = await post(pro, `/api/jobs/${fresh}/accept`, { price: 70 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(pauseMessages.acceptWhilePaused);
    expect((await rowOf(fresh)).status).toBe("pending");
    // New requests in their area no longer alert them. An alert reaches the landscapers not paused when it
    // was raised; the pass above ran on a clock two days ahead, so its pause is dated back to now here.
    await t.database.db.update(landscaper).set({ pausedAt: sql`now()` }).where(eq(landscaper.userId, pro.id));
    expect((await bell(pro.id)).some((n) => n.message.startsWith("New job request"))).toBe(true);
    const before = (await bell(pro.id)).length;
    await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    expect(await bell(pro.id)).toHaveLength(before);
    await t.database.db
      .update(landscaper)
      .set({ pausedAt: paused.pausedAt })
      .where(eq(landscaper.userId, pro.id));

    // The admins' queue lists them with the reason and their record: one missed visit, nothing completed.
    const queue = (await get(admin, "/api/admin/paused-landscapers")).json().landscapers;
    const name = "Green Thumb Lawn Co. · Carlos Mendoza";
    expect(queue).toContainEqual({
      userId: pro.id,
      name,
      email: pro.email,
      pausedAt: paused.pausedAt!.toISOString(),
      pausedReason: paused.pausedReason,
      missedVisit: { jobNumber: number, visitDate: date },
      reliability: {
        onTimeRate: null,
        completionRate: 0,
        averageRating: null,
        ratingCount: 0,
        completedJobs: 0,
        visitsDue: 0,
        visitsOnTime: 0,
        acceptedJobs: 1,
        withdrawnJobs: 0,
      },
      scheduledVisits: 1,
    });
    expect((await get(customer, "/api/admin/paused-landscapers")).statusCode).toBe(403);

    // Lifting needs a note; the landscaper hears it, admins read who lifted it; then they can accept again.
    const url = `/api/admin/landscapers/${pro.id}/lift-pause`;
    const bare = await post(admin, url, { note: "  " });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields.note).toBe("Say what you checked; the landscaper reads it.");
    expect((await post(pro, url, { note: "Me" })).statusCode).toBe(403);
    const lifted = await post(admin, url, { note: "Flat tire on the way; called the customer." });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().message).toBe(pauseMessages.lifted(name));
    expect(await pausedOf(pro.id)).toEqual({ pausedAt: null, pausedReason: null });
    expect(await bell(pro.id)).toContainEqual({
      type: "system",
      message:
        "Our team lifted your pause: you can accept new jobs again. Flat tire on the way; called the customer.",
      link: "/landscaper-dashboard",
    });
    expect((await bell(admin.id)).at(-1)?.message).toMatch(
      new RegExp(`lifted the pause of ${name} \\(Missed JOB-${number} on .*\\): Flat tire`),
    );
    expect((await post(admin, url, { note: "Again" })).statusCode).toBe(409);
    expect((await post(admin, "/api/admin/landscapers/nobody/lift-pause", { note: "x" })).statusCode).toBe(
      404,
    );
    expect((await post(pro, `/api/jobs/${fresh}/accept`, { price: 70 })).statusCode).toBe(200);
    expect((await get(admin, "/api/admin/paused-landscapers")).json().landscapers).toEqual([]);
    expect(await reconcile(t.database.db, t.app.paymentProvider)).toEqual([]);
  });

  it("leaves a visit arrived at or moved to a later day, judges a moved visit by its new date, and sends a series visit back on its own", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: ["28203"], name: "Rita Rival" });
    const date = daysFromToday(2);
    const arrived = await booked(pro, date, "28203");
    await t.database.db
      .update(job)
      .set({ arrivedAt: charlotteTime(date, 20) })
      .where(eq(job.id, arrived));
    // Moved for rain from its date to the next day.
    const moved = await booked(pro, date, "28203");
    await t.database.db
      .update(job)
      .set({ movedAt: new Date(), movedFrom: date, moveReason: "Rain", scheduledDate: addDaysIso(date, 1) })
      .where(eq(job.id, moved));
    // A visit dated before arrival tracking began is never judged.
    const old = await booked(pro, daysFromToday(4), "28203");
    await t.database.db.update(job).set({ scheduledDate: "2026-11-20" }).where(eq(job.id, old));

    // A visit of a weekly series, the day before: it goes back as a visit of its own, the series stays.
    const [series] = await t.database.db
      .insert(jobSeries)
      .values({
        customerId: customer.id,
        landscaperId: pro.id,
        customerName: "Olivia Bennett",
        customerEmail: customer.email,
        customerPhone: "(704) 555-0199",
        address: "415 Hawthorne Ln, Charlotte, NC",
        zipCode: "28203",
        selectedServices: ["lawn-mowing"],
        serviceType: "Lawn Mowing",
        frequency: "weekly",
        status: "active",
        startDate: addDaysIso(date, -1),
      })
      .returning();
    const weekly = await booked(pro, addDaysIso(date, -1), "28203");
    await t.database.db
      .update(job)
      .set({ seriesId: series!.id, seriesDate: addDaysIso(date, -1) })
      .where(eq(job.id, weekly));

    expect(await pass(addDaysIso(date, 1))).toEqual({ missed: 1, paused: 1 });
    expect(await rowOf(weekly)).toMatchObject({ status: "pending", seriesId: null, seriesDate: null });
    const [note] = await missedEvents([weekly]);
    expect(note?.note).toContain(
      `as a one-time visit (the ${addDaysIso(date, -1)} visit of SER-${series!.number})`,
    );
    expect(
      (await t.database.db.select().from(jobSeries).where(eq(jobSeries.id, series!.id)))[0],
    ).toMatchObject({ status: "active", landscaperId: pro.id });

    expect(await pass(addDaysIso(date, 2))).toEqual({ missed: 0, paused: 0 });
    // Already paused: the moved visit is taken back without a second pause.
    expect(await pass(addDaysIso(date, 3))).toEqual({ missed: 1, paused: 0 });
    expect(await rowOf(moved)).toMatchObject({ status: "pending", movedAt: null, movedFrom: null });
    expect((await rowOf(arrived)).status).toBe("scheduled");
    await pass(addDaysIso(date, 30));
    expect(await rowOf(old)).toMatchObject({ status: "scheduled", landscaperId: pro.id });
  });

  it("takes each visit once when two passes run at once, pausing each landscaper once", async () => {
    const a = await createLandscaper(t, { status: "approved", zips: ["28204"], name: "Alma Acres" });
    const b = await createLandscaper(t, { status: "approved", zips: ["28204"], name: "Ben Borders" });
    const date = daysFromToday(1);
    const ids = [
      await booked(a, date, "28204"),
      await booked(a, date, "28204"),
      await booked(b, date, "28204"),
    ];
    const day = addDaysIso(date, 2);
    const reports = await Promise.all([pass(day), pass(day), pass(day)]);
    const total = reports.reduce((sum, r) => ({
      missed: sum.missed + r.missed,
      paused: sum.paused + r.paused,
    }));
    expect(total).toEqual({ missed: 3, paused: 2 });
    expect(await missedEvents(ids)).toHaveLength(3);
    for (const id of ids) {
      expect((await rowOf(id)).status).toBe("pending");
      expect((await holdOf(id))?.status).toBe("released");
    }
    // A paused once, with the first visit's reason; told of the second visit without a second pause.
    const paused = (await bell(a.id)).filter((n) => n.type === "system");
    expect(paused.filter((n) => n.message.startsWith("Your account is paused"))).toHaveLength(1);
    expect(paused.filter((n) => n.message.includes("stays paused"))).toHaveLength(1);
    expect(await pass(day)).toEqual({ missed: 0, paused: 0 });
    expect(await reconcile(t.database.db, t.app.paymentProvider)).toEqual([]);
  });
});
