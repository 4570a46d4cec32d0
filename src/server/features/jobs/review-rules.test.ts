import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { charlotteTime } from "../../../shared/dates.js";
import { job, review } from "../../db/schema.js";
import { type SignedUp, signUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper } from "../../test/landscaper-helpers.js";
import { completedVisit, insertSeries, principalOf } from "../../test/review-helpers.js";
import { jobReviews } from "../reviews/index.js";
import { rateJob } from "./customer-actions.js";

const DAY = 86_400_000;

/**
 * Who may review what and when (issue 36), through the rating action with an injected clock: the visit's own
 * customer, completed and charged, within 14 days, once; a series once per calendar month (Charlotte time).
 */
describe("the customer's review of a visit", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let stranger: SignedUp;
  let pro: SignedUp;

  beforeAll(async () => {
    customer = await signUp(t.app, { name: "Olivia Bennett" });
    stranger = await signUp(t.app, { name: "Sam Stranger" });
    pro = await createLandscaper(t, { status: "approved", name: "Carlos Mendoza" });
  });

  const rate = (
    who: SignedUp,
    jobId: string,
    now: Date,
    stars: { punctuality?: number; communication?: number } = { punctuality: 4, communication: 5 },
  ) =>
    rateJob({
      db: t.database.db,
      env: t.env,
      principal: principalOf(who, "customer"),
      jobId,
      provider: t.app.paymentProvider,
      rating: 3,
      ...stars,
      comment: "Edges were missed by the fence, otherwise fine.",
      tipCents: 0,
      now,
    });
  const reviewsOf = (jobId: string) => t.database.db.select().from(review).where(eq(review.jobId, jobId));
  const jobRow = async (jobId: string) =>
    (await t.database.db.select().from(job).where(eq(job.id, jobId)))[0]!;

  it("is written with the rating, blind for 7 days, named 'Olivia B.', within 14 days of the visit", async () => {
    const completedAt = charlotteTime("2027-03-10", 15);
    const id = await completedVisit(t.database.db, { customer, landscaperId: pro.id, completedAt });
    const now = new Date(completedAt.getTime() + 13 * DAY);
    const answer = await rate(customer, id, now);
    expect(answer.message).toBe("Thank you for your review!");
    expect(await jobRow(id)).toMatchObject({ rating: 3, ratedAt: now });
    expect(await reviewsOf(id)).toMatchObject([
      {
        landscaperId: pro.id,
        customerId: customer.id,
        authorName: "Olivia B.",
        quality: 3,
        punctuality: 4,
        communication: 5,
        body: "Edges were missed by the fence, otherwise fine.",
        submittedAt: now,
        visibleFrom: new Date(now.getTime() + 7 * DAY),
        seriesId: null,
      },
    ]);
    // One per visit.
    await expect(rate(customer, id, now)).rejects.toMatchObject({
      statusCode: 409,
      message: "You have already rated this job.",
    });
  });

  it("is refused after 14 days, before the price is charged, and to anyone but the visit's customer", async () => {
    const completedAt = charlotteTime("2027-03-10", 15);
    const late = await completedVisit(t.database.db, { customer, landscaperId: pro.id, completedAt });
    await expect(
      rate(customer, late, new Date(completedAt.getTime() + 14 * DAY + 60_000)),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: "Reviews are open for 14 days after the visit, and this one's have closed.",
    });
    const unpaid = await completedVisit(t.database.db, {
      customer,
      landscaperId: pro.id,
      completedAt,
      charged: false,
    });
    await expect(rate(customer, unpaid, new Date(completedAt.getTime() + DAY))).rejects.toMatchObject({
      statusCode: 409,
      message: "You can review this visit once its payment has gone through.",
    });
    await expect(rate(stranger, late, new Date(completedAt.getTime() + DAY))).rejects.toMatchObject({
      statusCode: 404,
    });
    for (const id of [late, unpaid]) {
      expect(await reviewsOf(id)).toEqual([]);
      expect((await jobRow(id)).rating).toBeNull();
    }
  });

  it("a series gets one review per calendar month: a second visit that month keeps its stars, no second review", async () => {
    const seriesId = await insertSeries(t.database.db, customer, pro.id);
    const visit = (date: string) =>
      completedVisit(t.database.db, {
        customer,
        landscaperId: pro.id,
        completedAt: charlotteTime(date, 14),
        seriesId,
      });
    const first = await visit("2027-04-06");
    const second = await visit("2027-04-20");
    // 8:30 PM on April 30 in Charlotte is already May 1 in UTC: the month is Charlotte's.
    const lastOfMonth = await completedVisit(t.database.db, {
      customer,
      landscaperId: pro.id,
      completedAt: charlotteTime("2027-04-30", 20, 30),
      seriesId,
    });
    const nextMonth = await visit("2027-05-04");

    await rate(customer, first, charlotteTime("2027-04-07", 9));
    expect(await reviewsOf(first)).toMatchObject([{ seriesId, seriesMonth: "2027-04" }]);

    // Before rating, the second visit's card says what rating it will do.
    const now = charlotteTime("2027-04-21", 9);
    const views = await jobReviews({ db: t.database.db, viewerId: customer.id, jobIds: [second], now });
    expect(views.get(second)?.review).toMatchObject({
      side: "customer",
      state: "series_month",
      seriesMonth: "2027-04",
    });
    // Only the quality stars are asked: no review is written.
    const answer = await rate(customer, second, now, {});
    expect(answer.message).toBe(
      "Thank you! Your stars are saved on this visit. You have already reviewed this service for April 2027, so no second review is published.",
    );
    expect((await jobRow(second)).rating).toBe(3);
    expect(await reviewsOf(second)).toEqual([]);
    await rate(customer, lastOfMonth, charlotteTime("2027-05-01", 9));
    expect(await reviewsOf(lastOfMonth)).toEqual([]);

    // May is a month of its own, and its review asks for all three stars.
    await expect(rate(customer, nextMonth, charlotteTime("2027-05-05", 9), {})).rejects.toMatchObject({
      statusCode: 400,
      fields: {
        punctuality: "Choose punctuality from 1 to 5 stars.",
        communication: "Choose communication from 1 to 5 stars.",
      },
    });
    await rate(customer, nextMonth, charlotteTime("2027-05-05", 9));
    expect(await reviewsOf(nextMonth)).toMatchObject([{ seriesId, seriesMonth: "2027-05" }]);
  });
});
