import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, daysFromToday, todayInCharlotte } from "../../../shared/dates.js";
import { job, jobSeries, notification, payment } from "../../db/schema.js";
import { type SignedUp, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { addPhotos } from "../../test/photo-helpers.js";
import { postQuote } from "../../test/quote-helpers.js";
import { runSeriesPass } from "./generation.js";
import { weekdayOf } from "./rule.js";

/**
 * Recurring service: a weekly request, offered with a price per visit and a weekday, approved once; its visits
 * 8 weeks ahead, generated once however many passes run; skip, pause, weekday change, cancel; the landscaper's
 * weather move and leaving the series.
 */
describe("recurring series", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let stranger: SignedUp;
  let pro: { id: string; cookie: string };

  beforeAll(async () => {
    customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
    stranger = await signUp(t.app, { role: "customer", name: "Sam Stranger" });
    await saveCard(t.app, customer.cookie);
    pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Carlos Mendoza" });
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
  const visitsOf = (seriesId: string) =>
    t.database.db.select().from(job).where(eq(job.seriesId, seriesId)).orderBy(job.scheduledDate);
  const upcoming = async (seriesId: string) =>
    (await visitsOf(seriesId)).filter((v) => v.status === "scheduled").map((v) => v.scheduledDate);

  async function request(frequency = "weekly", services = ["lawn-mowing"]) {
    const response = await postQuote(
      t.app,
      {
        fullName: "Olivia Bennett",
        email: customer.email,
        phone: "(704) 555-0199",
        address: "1 Main St, Charlotte, NC",
        zipCode: "28202",
        services,
        preferredDate: daysFromToday(1),
        frequency,
      },
      customer.cookie,
    );
    return response;
  }

  /** A weekly series accepted on `weekday` at $45 a visit and approved: its id and first visit. */
  async function activeSeries(weekday = weekdayOf(daysFromToday(3))) {
    const quote = await request();
    expect(quote.statusCode, quote.body).toBe(200);
    const jobId = quote.json().quote.id as string;
    const accept = await post(pro, `/api/jobs/${jobId}/accept`, { price: 45, weekday });
    expect(accept.statusCode, accept.body).toBe(200);
    const approve = await post(customer, `/api/jobs/${jobId}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
    const [row] = await t.database.db.select().from(job).where(eq(job.id, jobId));
    return { seriesId: row!.seriesId!, jobId };
  }

  it("is requested from the quote form for the services that recur, and shows as such in the queue", async () => {
    const refused = await request("weekly", ["mulch-installation"]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.frequency).toMatch(/mowing, edging and trimming, and flower bed/);
    const quote = await request("biweekly", ["lawn-mowing", "edging-trimming"]);
    expect(quote.statusCode).toBe(200);
    const queue = await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: pro.cookie } });
    const card = queue.json().jobs.find((j: { id: string }) => j.id === quote.json().quote.id);
    expect(card.series).toMatchObject({ frequency: "biweekly", status: "requested", upcoming: [] });
  });

  it("is offered with a price per visit and a weekday, approved once, and has 8 weekly visits for both sides", async () => {
    const weekday = weekdayOf(daysFromToday(3));
    const { seriesId, jobId } = await activeSeries(weekday);
    const [series] = await t.database.db.select().from(jobSeries).where(eq(jobSeries.id, seriesId));
    expect(series).toMatchObject({ status: "active", weekday, pricePerVisitCents: 4500 });
    const dates = await upcoming(seriesId);
    expect(dates).toHaveLength(8);
    expect(dates.every((d) => weekdayOf(d!) === weekday)).toBe(true);
    expect(dates[0]).toBe(daysFromToday(3));
    const list = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
    const first = list.json().jobs.find((j: { id: string }) => j.id === jobId);
    expect(first.series.upcoming).toHaveLength(8);
    const mine = await t.app.inject({
      url: "/api/landscaper/jobs?status=all",
      headers: { cookie: pro.cookie },
    });
    // The queue lists the first visit of the series and counts them all (the Schedule tab lists each).
    expect(mine.json().jobs.filter((j: { seriesId: string }) => j.seriesId === seriesId).length).toBe(1);
    expect(mine.json().seriesVisits[seriesId]).toBe(8);
    // A weekday the first date is not on is refused with the field.
    const quote = await request();
    const wrong = await post(pro, `/api/jobs/${quote.json().quote.id}/accept`, {
      price: 45,
      weekday: (weekday + 1) % 7,
      scheduledDate: daysFromToday(3),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.scheduledDate).toMatch(/must be on a/);
  });

  it("generates each visit once, however many passes run at once, and keeps 8 weeks ahead as days pass", async () => {
    const { seriesId } = await activeSeries();
    const before = (await visitsOf(seriesId)).length;
    const created = await Promise.all([1, 2, 3].map(() => runSeriesPass({ db: t.database.db })));
    expect(created.reduce((a, b) => a + b, 0)).toBe(0);
    expect((await visitsOf(seriesId)).length).toBe(before);
    // A week later the pass adds the one new week, once.
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    await Promise.all([1, 2].map(() => runSeriesPass({ db: t.database.db, now: nextWeek })));
    // This series got exactly one more visit (the other tests' series got theirs too).
    expect((await visitsOf(seriesId)).length).toBe(before + 1);
    const dates = (await visitsOf(seriesId)).map((v) => v.seriesDate);
    expect(new Set(dates).size).toBe(dates.length);
  });

  it("skips one visit, pauses until a date, moves to another weekday and is cancelled, each told to the landscaper", async () => {
    const { seriesId } = await activeSeries();
    const [, second] = await upcoming(seriesId).then((d) => d.map((date) => date!));
    const visits = await visitsOf(seriesId);
    const secondVisit = visits.find((v) => v.scheduledDate === second)!;
    // Skip: the visit is cancelled like any (free: more than 24 hours away); the series carries on.
    expect(
      (await post(customer, `/api/jobs/${secondVisit.id}/cancel`, { reason: "Skipped this visit" }))
        .statusCode,
    ).toBe(200);
    await runSeriesPass({ db: t.database.db });
    expect(await upcoming(seriesId)).not.toContain(second);

    // Pause until 3 weeks from now: the visits before are cancelled (those 48 hours away or more).
    expect(
      (await post(stranger, `/api/series/${seriesId}/pause`, { until: daysFromToday(21) })).statusCode,
    ).toBe(404);
    const paused = await post(customer, `/api/series/${seriesId}/pause`, { until: daysFromToday(21) });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().series.pausedUntil).toBe(daysFromToday(21));
    expect((await upcoming(seriesId)).every((d) => d! >= daysFromToday(21))).toBe(true);
    const told = await t.database.db.select().from(notification).where(eq(notification.userId, pro.id));
    expect(told.some((n) => n.message.includes("paused"))).toBe(true);

    // Another weekday: the visits from then on move to it.
    const series = (await t.database.db.select().from(jobSeries).where(eq(jobSeries.id, seriesId)))[0]!;
    const weekday = (series.weekday! + 2) % 7;
    const asked = await post(customer, `/api/series/${seriesId}/weekday`, { weekday });
    expect(asked.statusCode, asked.body).toBe(200);
    const moved = await post(pro, `/api/series/${seriesId}/weekday-answer`, { agree: true });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await upcoming(seriesId);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((d) => weekdayOf(d!) === weekday && d! >= daysFromToday(21))).toBe(true);

    const cancelled = await post(customer, `/api/series/${seriesId}/cancel`, { reason: "Moving house" });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().series.status).toBe("cancelled");
    expect(await upcoming(seriesId)).toEqual([]);
    expect(await runSeriesPass({ db: t.database.db })).toBe(0);
  });

  it("resumes a pause early ('Resume now') or shortens it: the paused visits 48 hours away or more come back", async () => {
    const { seriesId } = await activeSeries();
    const before = await upcoming(seriesId);
    const until = daysFromToday(21);
    expect((await post(customer, `/api/series/${seriesId}/resume`)).statusCode).toBe(409);
    expect((await post(customer, `/api/series/${seriesId}/pause`, { until })).statusCode).toBe(200);
    const paused = await upcoming(seriesId);
    expect(paused.every((d) => d! >= until)).toBe(true);

    // A shorter pause gives back the visits between the two dates.
    const shorter = daysFromToday(11);
    const changed = await post(customer, `/api/series/${seriesId}/pause`, { until: shorter });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await upcoming(seriesId)).toEqual(before.filter((d) => d! >= shorter));

    // Only the customer may resume; then every paused visit (all 48 hours away or more) is back, once.
    expect((await post(stranger, `/api/series/${seriesId}/resume`)).statusCode).toBe(404);
    expect((await post(pro, `/api/series/${seriesId}/resume`)).statusCode).toBe(403);
    const resumed = await post(customer, `/api/series/${seriesId}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().series.pausedUntil).toBeNull();
    expect(resumed.json().message).toMatch(/^Visits are back, from /);
    expect(await upcoming(seriesId)).toEqual(before);
    await runSeriesPass({ db: t.database.db });
    const dates = (await visitsOf(seriesId)).filter((v) => v.seriesDate).map((v) => v.seriesDate);
    expect(new Set(dates).size).toBe(dates.length);
    const told = await t.database.db.select().from(notification).where(eq(notification.userId, pro.id));
    expect(told.some((n) => n.message.includes("resumed"))).toBe(true);
    expect((await post(customer, `/api/series/${seriesId}/resume`)).statusCode).toBe(409);
  });

  it("moves a visit up to 3 days for the weather; the customer can decline the new day", async () => {
    const { seriesId } = await activeSeries();
    const [first] = (await visitsOf(seriesId)).filter((v) => v.status === "scheduled");
    const tooFar = await post(pro, `/api/jobs/${first!.id}/move`, {
      date: addDaysIso(first!.scheduledDate!, 4),
      reason: "Rain",
    });
    expect(tooFar.statusCode).toBe(400);
    const moved = await post(pro, `/api/jobs/${first!.id}/move`, {
      date: addDaysIso(first!.scheduledDate!, 1),
      reason: "Thunderstorms all day",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().job).toMatchObject({
      movedFrom: first!.scheduledDate,
      moveReason: "Thunderstorms all day",
    });
    const alerts = await t.database.db
      .select()
      .from(notification)
      .where(eq(notification.userId, customer.id));
    expect(alerts.some((n) => n.message.includes("Thunderstorms all day"))).toBe(true);
    const declined = await post(customer, `/api/jobs/${first!.id}/decline-move`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().job.status).toBe("cancelled");
    expect((await post(customer, `/api/jobs/${first!.id}/decline-move`)).statusCode).toBe(409);
  });

  it("goes back to the queue when its landscaper leaves, the customer told and no hold left", async () => {
    const { seriesId } = await activeSeries(weekdayOf(daysFromToday(1)));
    const [next] = (await visitsOf(seriesId)).filter((v) => v.status === "scheduled");
    const withdraw = await post(pro, `/api/jobs/${next!.id}/withdraw`, { reason: "Busy" });
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json().error.message).toMatch(/leave the series instead/);
    const left = await post(pro, `/api/series/${seriesId}/leave`, { reason: "I am reducing my routes." });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().series).toMatchObject({ status: "requested", weekday: null, upcoming: [] });
    const visits = await visitsOf(seriesId);
    expect(visits.filter((v) => v.status === "pending")).toHaveLength(1);
    expect(visits.filter((v) => v.status === "scheduled")).toHaveLength(0);
    const holds = await t.database.db
      .select()
      .from(payment)
      .where(
        and(
          sql`${payment.jobId} in (select id from job where series_id = ${seriesId})`,
          eq(payment.status, "held"),
        ),
      );
    expect(holds).toEqual([]);
    const told = await t.database.db.select().from(notification).where(eq(notification.userId, customer.id));
    expect(told.some((n) => n.message.includes("back in the queue"))).toBe(true);
    // Another landscaper (or the same) can take it again: a new offer to approve.
    const request = visits.find((v) => v.status === "pending")!;
    const again = await post(pro, `/api/jobs/${request.id}/accept`, {
      price: 50,
      weekday: weekdayOf(daysFromToday(2)),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(todayInCharlotte()).toBeTruthy();
  });
  it("books a completed job's service again on a schedule from its card", async () => {
    const quote = await request("one_time");
    const id = quote.json().quote.id as string;
    expect(
      (await post(pro, `/api/jobs/${id}/accept`, { price: 60, scheduledDate: daysFromToday(1) })).statusCode,
    ).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
    await addPhotos(t.app, pro.cookie, id);
    expect((await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 60 })).statusCode).toBe(200);
    expect(
      (
        await post(stranger, `/api/jobs/${id}/repeat`, {
          frequency: "weekly",
          preferredDate: daysFromToday(7),
        })
      ).statusCode,
    ).toBe(404);
    const again = await post(customer, `/api/jobs/${id}/repeat`, {
      frequency: "weekly",
      preferredDate: daysFromToday(7),
    });
    expect(again.statusCode, again.body).toBe(200);
    const [created] = await t.database.db.select().from(job).where(eq(job.id, again.json().quote.id));
    expect(created).toMatchObject({
      status: "pending",
      address: "1 Main St, Charlotte, NC",
      preferredDate: daysFromToday(7),
    });
    const [series] = await t.database.db.select().from(jobSeries).where(eq(jobSeries.id, created!.seriesId!));
    expect(series).toMatchObject({ frequency: "weekly", status: "requested", customerId: customer.id });
  });
  it("shows admins the active series and names each visit's series in the jobs export", async () => {
    const admin = await signUpAs(t.app, t.database, "admin");
    const { seriesId } = await activeSeries();
    const [series] = await t.database.db.select().from(jobSeries).where(eq(jobSeries.id, seriesId));
    const dashboard = await t.app.inject({ url: "/api/admin/dashboard", headers: { cookie: admin.cookie } });
    const active = (await t.database.db.select().from(jobSeries).where(eq(jobSeries.status, "active")))
      .length;
    expect(dashboard.json().recurring.activeSeries).toBe(active);
    const csv = await t.app.inject({ url: "/api/exports/jobs.csv", headers: { cookie: admin.cookie } });
    expect(csv.body).toContain(`SER-${series!.number} (weekly)`);
  });
});
