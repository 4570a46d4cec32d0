import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import { SKIP_REASON } from "../../../shared/recurring.js";
import { job, jobSeries, notification } from "../../db/schema.js";
import { type SignedUp, signUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper, type Landscaper } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { offerWeeklySeries, postAs } from "../../test/series-helpers.js";
import { reliabilityOf } from "../landscapers/index.js";
import { weekdayOf } from "./rule.js";

/**
 * Issue 33's series rules: a new weekday needs the landscaper's yes (or the series goes back to the queue for
 * that day, not on their record), and a skipped visit more than 48 hours away can be brought back.
 */
describe("series weekday requests and skips taken back", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let stranger: SignedUp;
  let pro: Landscaper;
  let otherPro: Landscaper;

  beforeAll(async () => {
    customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
    stranger = await signUp(t.app, { role: "customer", name: "Sam Stranger" });
    await saveCard(t.app, customer.cookie);
    pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Carlos Mendoza" });
    otherPro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Dana Reyes" });
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}) => postAs(t, who, url, payload);
  const visitsOf = (seriesId: string) =>
    t.database.db.select().from(job).where(eq(job.seriesId, seriesId)).orderBy(job.scheduledDate);
  const scheduled = async (seriesId: string) =>
    (await visitsOf(seriesId)).filter((v) => v.status === "scheduled").map((v) => v.scheduledDate!);
  const seriesRow = async (seriesId: string) =>
    (await t.database.db.select().from(jobSeries).where(eq(jobSeries.id, seriesId)))[0]!;
  const toldTo = async (userId: string) =>
    (await t.database.db.select().from(notification).where(eq(notification.userId, userId))).map(
      (n) => n.message,
    );

  /** A weekly series offered on the weekday 3 days from today and approved (series-helpers.ts). */
  async function activeSeries() {
    const jobId = await offerWeeklySeries(
      t,
      { customer, pro },
      { fullName: "Olivia Bennett", phone: "(704) 555-0199" },
    );
    expect((await post(customer, `/api/jobs/${jobId}/approve`)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(job).where(eq(job.id, jobId));
    return { seriesId: row!.seriesId!, weekday: weekdayOf(daysFromToday(3)) };
  }

  it("asks the landscaper for a new weekday: nothing moves until they agree, and the customer may withdraw", async () => {
    const { seriesId, weekday } = await activeSeries();
    const before = await scheduled(seriesId);
    const wanted = (weekday + 2) % 7;

    expect((await post(stranger, `/api/series/${seriesId}/weekday`, { weekday: wanted })).statusCode).toBe(
      404,
    );
    expect((await post(pro, `/api/series/${seriesId}/weekday`, { weekday: wanted })).statusCode).toBe(403);
    const asked = await post(customer, `/api/series/${seriesId}/weekday`, { weekday: wanted });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().series.requestedWeekday).toBe(wanted);
    expect(asked.json().message).toMatch(/Until they answer, your visits stay on/);
    expect(await scheduled(seriesId)).toEqual(before);
    expect((await toldTo(pro.id)).some((m) => m.includes("asks to move"))).toBe(true);
    // The same ask twice is refused; the landscaper's view of the visit carries the request.
    expect((await post(customer, `/api/series/${seriesId}/weekday`, { weekday: wanted })).statusCode).toBe(
      409,
    );
    const queue = await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: pro.cookie } });
    const card = queue
      .json()
      .jobs.find((j: { seriesId?: string; series?: { id: string } }) => j.series?.id === seriesId);
    expect(card.series.requestedWeekday).toBe(wanted);

    // Withdrawn: nothing to answer any more.
    expect((await post(pro, `/api/series/${seriesId}/weekday-withdraw`)).statusCode).toBe(403);
    const withdrawn = await post(customer, `/api/series/${seriesId}/weekday-withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().series.requestedWeekday).toBeNull();
    expect((await post(pro, `/api/series/${seriesId}/weekday-answer`, { agree: true })).statusCode).toBe(409);
    expect(await scheduled(seriesId)).toEqual(before);

    // Asked again and agreed: the visits at least 48 hours away move to the new day.
    expect((await post(customer, `/api/series/${seriesId}/weekday`, { weekday: wanted })).statusCode).toBe(
      200,
    );
    expect((await post(otherPro, `/api/series/${seriesId}/weekday-answer`, { agree: true })).statusCode).toBe(
      404,
    );
    const agreed = await post(pro, `/api/series/${seriesId}/weekday-answer`, { agree: true });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json().series).toMatchObject({ weekday: wanted, requestedWeekday: null });
    const after = await scheduled(seriesId);
    const moved = after.filter((d) => d >= daysFromToday(3));
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((d) => weekdayOf(d) === wanted || d === before[0])).toBe(true);
    expect((await toldTo(customer.id)).some((m) => m.includes("Your landscaper agreed"))).toBe(true);
  });

  it("a declined weekday puts the series back in the queue for that day, not on the landscaper's record", async () => {
    const { seriesId, weekday } = await activeSeries();
    const wanted = (weekday + 3) % 7;
    const record = (await reliabilityOf(t.database.db, [pro.id])).get(pro.id)!;
    expect((await post(customer, `/api/series/${seriesId}/weekday`, { weekday: wanted })).statusCode).toBe(
      200,
    );
    const declined = await post(pro, `/api/series/${seriesId}/weekday-answer`, { agree: false });
    expect(declined.statusCode, declined.body).toBe(200);

    const series = await seriesRow(seriesId);
    expect(series).toMatchObject({ status: "requested", landscaperId: null, requestedWeekday: null });
    expect(weekdayOf(series.startDate)).toBe(wanted);
    const visits = await visitsOf(seriesId);
    const request = visits.filter((v) => v.status === "pending");
    expect(request).toHaveLength(1);
    expect(request[0]).toMatchObject({ landscaperId: null, preferredDate: series.startDate });
    expect(visits.filter((v) => v.status === "scheduled")).toEqual([]);
    // Another landscaper in the ZIP sees the request again.
    const queue = await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: otherPro.cookie } });
    expect(queue.json().jobs.some((j: { id: string }) => j.id === request[0]!.id)).toBe(true);
    const after = (await reliabilityOf(t.database.db, [pro.id])).get(pro.id)!;
    expect(after.withdrawnJobs).toBe(record.withdrawnJobs);
    expect(after.acceptedJobs).toBe(record.acceptedJobs);
    expect((await toldTo(customer.id)).some((m) => m.includes("back in the queue for"))).toBe(true);
  });

  it("brings back a skipped visit more than 48 hours away, once; not one a pause cancelled or a close one", async () => {
    const { seriesId } = await activeSeries();
    const dates = await scheduled(seriesId);
    const later = dates.find((d) => d >= daysFromToday(5))!;
    const visit = (await visitsOf(seriesId)).find((v) => v.scheduledDate === later)!;
    expect((await post(customer, `/api/jobs/${visit.id}/cancel`, { reason: SKIP_REASON })).statusCode).toBe(
      200,
    );
    expect(await scheduled(seriesId)).not.toContain(later);

    expect((await post(stranger, `/api/jobs/${visit.id}/restore`)).statusCode).toBe(404);
    expect((await post(pro, `/api/jobs/${visit.id}/restore`)).statusCode).toBe(403);
    const restored = await post(customer, `/api/jobs/${visit.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().job).toMatchObject({ status: "scheduled", scheduledDate: later });
    expect(restored.json().job.id).not.toBe(visit.id);
    expect(await scheduled(seriesId)).toEqual(dates);
    expect((await post(customer, `/api/jobs/${visit.id}/restore`)).statusCode).toBe(409);
    expect((await toldTo(pro.id)).some((m) => m.includes("after all"))).toBe(true);
    // One visit per date still.
    const onDate = await t.database.db
      .select()
      .from(job)
      .where(and(eq(job.seriesId, seriesId), eq(job.seriesDate, later)));
    expect(onDate).toHaveLength(1);

    // A visit cancelled by a pause is not a skip: resuming brings those back.
    const paused = await post(customer, `/api/series/${seriesId}/pause`, { until: daysFromToday(15) });
    expect(paused.statusCode).toBe(200);
    const pausedVisit = (await visitsOf(seriesId)).find(
      (v) => v.status === "cancelled" && v.cancelReason?.startsWith("Series paused"),
    )!;
    const refused = await post(customer, `/api/jobs/${pausedVisit.id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/Only a skipped visit/);
  });

  it("refuses to bring back a skipped visit less than 48 hours away", async () => {
    const { seriesId } = await activeSeries();
    // The series' next visit, moved by the landscaper to tomorrow and then skipped (a fee-free skip is over
    // 24 hours away, so tomorrow's is made directly).
    const [first] = (await visitsOf(seriesId)).filter((v) => v.status === "scheduled");
    await t.database.db
      .update(job)
      .set({
        status: "cancelled",
        cancelReason: SKIP_REASON,
        cancelledAt: new Date(),
        scheduledDate: daysFromToday(1),
        seriesDate: daysFromToday(1),
      })
      .where(eq(job.id, first!.id));
    const refused = await post(customer, `/api/jobs/${first!.id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/less than 48 hours away/);
  });
});
