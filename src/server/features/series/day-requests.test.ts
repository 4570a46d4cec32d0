import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import { DAY_REQUEST_ANSWER_HOURS } from "../../../shared/recurring.js";
import { job, jobSeries, notification } from "../../db/schema.js";
import { type SignedUp, signUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper, type Landscaper } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { offerWeeklySeries, postAs } from "../../test/series-helpers.js";
import { runDayRequestLapse } from "./day-requests.js";
import { weekdayOf } from "./rule.js";

/**
 * Issue 33 review: a customer's ask for another weekday is listed at the top of the landscaper's queue with
 * the first date it would give and an answer-by time; unanswered for 3 days it lapses and the visits stay.
 */
describe("day requests: listed for the landscaper, answered in time or lapsed", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let pro: Landscaper;
  let otherPro: Landscaper;

  beforeAll(async () => {
    customer = await signUp(t.app, { role: "customer", name: "Wendy Weekly" });
    await saveCard(t.app, customer.cookie);
    pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Lee Park" });
    otherPro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Ari Stone" });
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}) => postAs(t, who, url, payload);
  const list = (who: { cookie: string }) =>
    t.app.inject({ url: "/api/series/day-requests", headers: { cookie: who.cookie } });
  const scheduledDates = async (seriesId: string) =>
    (await t.database.db.select().from(job).where(eq(job.seriesId, seriesId)))
      .filter((v) => v.status === "scheduled")
      .map((v) => v.scheduledDate!)
      .sort();

  async function askedSeries() {
    const jobId = await offerWeeklySeries(
      t,
      { customer, pro },
      { fullName: "Wendy Weekly", phone: "(704) 555-0144" },
    );
    expect((await post(customer, `/api/jobs/${jobId}/approve`)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(job).where(eq(job.id, jobId));
    const seriesId = row!.seriesId!;
    const wanted = (weekdayOf(daysFromToday(3)) + 2) % 7;
    const asked = await post(customer, `/api/series/${seriesId}/weekday`, { weekday: wanted });
    expect(asked.statusCode, asked.body).toBe(200);
    return { seriesId, wanted, summary: asked.json().series };
  }

  it("lists the ask for its landscaper only, with the answer-by time and the first new date that agreeing gives", async () => {
    const { seriesId, wanted, summary } = await askedSeries();
    expect(summary.weekdayAnswerBy).not.toBeNull();
    const hours = (new Date(summary.weekdayAnswerBy).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(DAY_REQUEST_ANSWER_HOURS - 1);
    expect(hours).toBeLessThanOrEqual(DAY_REQUEST_ANSWER_HOURS);
    expect(weekdayOf(summary.requestedStartDate)).toBe(wanted);
    expect(summary.requestedStartDate > daysFromToday(1)).toBe(true);

    const mine = await list(pro);
    expect(mine.statusCode).toBe(200);
    const entry = mine.json().requests.find((r: { series: { id: string } }) => r.series.id === seriesId);
    expect(entry.customerName).toBe("Wendy Weekly");
    expect(entry.series.requestedStartDate).toBe(summary.requestedStartDate);
    // Another landscaper sees nothing of it; a customer may not ask for the list at all.
    expect((await list(otherPro)).json().requests).toEqual([]);
    expect((await list(customer)).statusCode).toBe(403);

    const agreed = await post(pro, `/api/series/${seriesId}/weekday-answer`, { agree: true });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const onNewDay = (await scheduledDates(seriesId)).filter((d) => weekdayOf(d) === wanted);
    expect(onNewDay[0]).toBe(summary.requestedStartDate);
    expect(
      (await list(pro)).json().requests.some((r: { series: { id: string } }) => r.series.id === seriesId),
    ).toBe(false);
  });

  it("an ask unanswered for 3 days lapses: refused to answer, cleared once by the pass, both told, nothing moved", async () => {
    const { seriesId } = await askedSeries();
    const before = await scheduledDates(seriesId);
    const lapseAt = new Date(Date.now() + DAY_REQUEST_ANSWER_HOURS * 3_600_000 + 60_000);
    // Backdate the ask past its answer-by time (the clock of the request handler is the real one).
    await t.database.db
      .update(jobSeries)
      .set({ weekdayRequestedAt: new Date(Date.now() - DAY_REQUEST_ANSWER_HOURS * 3_600_000 - 60_000) })
      .where(eq(jobSeries.id, seriesId));
    expect(
      (await list(pro)).json().requests.some((r: { series: { id: string } }) => r.series.id === seriesId),
    ).toBe(false);
    const late = await post(pro, `/api/series/${seriesId}/weekday-answer`, { agree: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/lapsed/);

    const pass = () => runDayRequestLapse({ db: t.database.db, env: t.env, now: () => lapseAt });
    const [first, second] = await Promise.all([pass(), pass()]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await runDayRequestLapse({ db: t.database.db, env: t.env, now: () => lapseAt })).toBe(0);
    const [row] = await t.database.db.select().from(jobSeries).where(eq(jobSeries.id, seriesId));
    expect(row!.requestedWeekday).toBeNull();
    expect(row!.weekdayRequestedAt).toBeNull();
    expect(await scheduledDates(seriesId)).toEqual(before);

    const told = async (userId: string) =>
      (await t.database.db.select().from(notification).where(eq(notification.userId, userId)))
        .map((n) => n.message)
        .filter((m) => m.includes("lapsed"));
    expect((await told(customer.id)).length).toBe(1);
    expect((await told(pro.id)).length).toBe(1);
  });
});
