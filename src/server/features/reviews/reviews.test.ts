import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customerRating, job, notification, review, reviewReport } from "../../db/schema.js";
import { type SignedUp, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createJob, createLandscaper } from "../../test/landscaper-helpers.js";
import { completedVisit } from "../../test/review-helpers.js";
import { reliabilityOf } from "../landscapers/index.js";
import { jobReviews, reviewSummaries } from "./index.js";

const DAY = 86_400_000;
const stars = { rating: 2, punctuality: 1, communication: 3 };

/**
 * Reviews after they are written (issue 36): the double-blind release (both in, or 7 days by an injected
 * clock), the landscaper's rating of the customer, one reply, reports and removal only with a reason, and no
 * way for anyone to change or delete a review, a low one least of all.
 */
describe("reviews", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let pro: SignedUp;
  let rival: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    customer = await signUp(t.app, { name: "Olivia Bennett" });
    pro = await createLandscaper(t, { status: "approved", name: "Carlos Mendoza" });
    rival = await createLandscaper(t, { status: "approved", name: "Rita Rival" });
    admin = await signUpAs(t.app, t.database, "admin");
  });

  const post = (who: { cookie: string } | null, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: who ? { cookie: who.cookie } : {}, payload });
  const visit = (daysAgo = 1) =>
    completedVisit(t.database.db, {
      customer,
      landscaperId: pro.id,
      completedAt: new Date(Date.now() - daysAgo * DAY),
    });
  async function reviewed(body = "Late and the beds were not edged.") {
    const id = await visit();
    const rated = await post(customer, `/api/jobs/${id}/rate`, { ...stars, comment: body });
    expect(rated.statusCode, rated.body).toBe(200);
    const [row] = await t.database.db.select().from(review).where(eq(review.jobId, id));
    return { jobId: id, review: row! };
  }
  const customerCard = async (id: string) => {
    const list = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
    return list.json().jobs.find((j: { id: string }) => j.id === id);
  };
  const landscaperCard = async (id: string) =>
    (await t.app.inject({ url: `/api/landscaper/jobs/${id}`, headers: { cookie: pro.cookie } })).json().job;

  it("keeps each side's words from the other until both are in, then shows both at once", async () => {
    const { jobId, review: written } = await reviewed();
    expect(written.visibleFrom.getTime() - written.submittedAt.getTime()).toBe(7 * DAY);
    // The landscaper is told a review is in, not what it says; the job's own stars are not theirs to see.
    const blind = await landscaperCard(jobId);
    expect(blind).toMatchObject({ rating: null, ratingComment: null });
    expect(blind.review).toMatchObject({
      side: "landscaper",
      state: "open",
      theirs: null,
      theirsWaiting: true,
    });
    const alert = await t.database.db.select().from(notification).where(eq(notification.userId, pro.id));
    expect(alert.at(-1)?.message).toMatch(/reviewed JOB-\d+\. Rate them on the job to read it now/);
    expect(alert.at(-1)?.message).not.toMatch(/2\/5|stars/);
    expect(await customerCard(jobId)).toMatchObject({
      review: { side: "customer", state: "done", mine: { quality: 2 }, theirs: null, theirsWaiting: false },
    });

    const rated = await post(pro, `/api/jobs/${jobId}/customer-rating`, {
      stars: 4,
      note: "Gate was locked.",
    });
    expect(rated.statusCode, rated.body).toBe(200);
    // Both released in the same transaction.
    const [after] = await t.database.db.select().from(review).where(eq(review.jobId, jobId));
    const [theirs] = await t.database.db.select().from(customerRating).where(eq(customerRating.jobId, jobId));
    expect(after!.visibleFrom.getTime()).toBe(theirs!.visibleFrom.getTime());
    expect(after!.visibleFrom.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await landscaperCard(jobId)).review).toMatchObject({
      state: "done",
      theirs: { quality: 2, punctuality: 1, communication: 3, body: "Late and the beds were not edged." },
      canReply: true,
    });
    expect((await customerCard(jobId)).review).toMatchObject({
      theirs: { stars: 4, note: "Gate was locked." },
    });
    // Once per visit.
    const again = await post(pro, `/api/jobs/${jobId}/customer-rating`, { stars: 1 });
    expect(again.statusCode).toBe(409);
  });

  it("shows a review on its own 7 days after it was written (an injected clock), and not a moment before", async () => {
    const { jobId, review: written } = await reviewed("Fine work.");
    const before = new Date(written.submittedAt.getTime() + 7 * DAY - 1000);
    const after = new Date(written.submittedAt.getTime() + 7 * DAY);
    const asPro = (now: Date) => jobReviews({ db: t.database.db, viewerId: pro.id, jobIds: [jobId], now });
    expect((await asPro(before)).get(jobId)?.review).toMatchObject({ theirs: null, theirsWaiting: true });
    expect((await asPro(after)).get(jobId)?.review).toMatchObject({ theirs: { body: "Fine work." } });
    // The figures cannot tell it early either.
    const counted = async (now: Date) => ({
      summary: (await reviewSummaries({ db: t.database.db, landscaperIds: [pro.id], now })).get(pro.id)!,
      record: (await reliabilityOf(t.database.db, [pro.id], { now })).get(pro.id)!,
    });
    const early = await counted(before);
    const late = await counted(after);
    expect(late.summary.count).toBe(early.summary.count + 1);
    expect(late.record.ratingCount).toBe(early.record.ratingCount + 1);
    expect(late.summary.latest).toMatchObject({ authorName: "Olivia B.", body: "Fine work.", quality: 2 });

    // The landscaper's rating alone also shows to the customer after 7 days.
    const other = await visit();
    expect((await post(pro, `/api/jobs/${other}/customer-rating`, { stars: 5 })).statusCode).toBe(200);
    const [rating] = await t.database.db.select().from(customerRating).where(eq(customerRating.jobId, other));
    const asCustomer = (now: Date) =>
      jobReviews({ db: t.database.db, viewerId: customer.id, jobIds: [other], now });
    const sixDays = new Date(rating!.submittedAt.getTime() + 6 * DAY);
    expect((await asCustomer(sixDays)).get(other)?.review).toMatchObject({
      theirs: null,
      theirsWaiting: true,
    });
    const sevenDays = new Date(rating!.submittedAt.getTime() + 7 * DAY);
    expect((await asCustomer(sevenDays)).get(other)?.review).toMatchObject({ theirs: { stars: 5 } });
  });

  it("lets only the visit's landscaper rate its customer, within 14 days of completion", async () => {
    const id = await visit();
    expect((await post(rival, `/api/jobs/${id}/customer-rating`, { stars: 3 })).statusCode).toBe(404);
    expect((await post(customer, `/api/jobs/${id}/customer-rating`, { stars: 3 })).statusCode).toBe(403);
    const invalid = await post(pro, `/api/jobs/${id}/customer-rating`, { stars: 6 });
    expect(invalid.json().error.fields).toEqual({ stars: "Choose a rating from 1 to 5 stars." });
    const old = await visit(15);
    const late = await post(pro, `/api/jobs/${old}/customer-rating`, { stars: 3 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      "Customers can be rated for 14 days after the visit, and this one's have closed.",
    );
    expect(await t.database.db.select().from(customerRating).where(eq(customerRating.jobId, old))).toEqual(
      [],
    );
  });

  it("shows other landscapers the customer's average of released ratings only, on an open request", async () => {
    const open = await createJob(t.app, { cookie: customer.cookie, email: customer.email });
    const queue = async () => {
      const answer = await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: rival.cookie } });
      return answer.json().jobs.find((j: { id: string }) => j.id === open);
    };
    const [released] = await t.database.db
      .select()
      .from(customerRating)
      .where(eq(customerRating.customerId, customer.id));
    expect(released).toBeDefined();
    const shown = (await queue()).customerAverage;
    const all = await t.database.db
      .select()
      .from(customerRating)
      .where(eq(customerRating.customerId, customer.id));
    const visible = all.filter((r) => r.visibleFrom <= new Date());
    expect(visible.length).toBeLessThan(all.length);
    expect(shown).toEqual({
      count: visible.length,
      average: Math.round((visible.reduce((s, r) => s + r.stars, 0) / visible.length) * 10) / 10,
    });
    // Nothing else about the ratings reaches them.
    expect((await queue()).review).toBeUndefined();
  });

  it("takes one public reply from the review's landscaper, once it is shown, never edited", async () => {
    const { jobId, review: written } = await reviewed();
    const early = await post(pro, `/api/reviews/${written.id}/reply`, { reply: "Thanks" });
    expect(early.statusCode).toBe(404);
    await post(pro, `/api/jobs/${jobId}/customer-rating`, { stars: 4 });
    expect((await post(rival, `/api/reviews/${written.id}/reply`, { reply: "Not mine" })).statusCode).toBe(
      404,
    );
    expect((await post(customer, `/api/reviews/${written.id}/reply`, { reply: "Me" })).statusCode).toBe(403);
    expect(
      (await post(pro, `/api/reviews/${written.id}/reply`, { reply: "  " })).json().error.fields,
    ).toEqual({
      reply: "Write your reply.",
    });
    const replied = await post(pro, `/api/reviews/${written.id}/reply`, { reply: "Sorry about the edges." });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().review).toMatchObject({ reply: "Sorry about the edges.", quality: 2 });
    const twice = await post(pro, `/api/reviews/${written.id}/reply`, { reply: "Edited" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe("You have already replied to this review.");
    expect((await landscaperCard(jobId)).review).toMatchObject({ canReply: false });
  });

  it("takes reports from anyone; admins remove a review only with a reason, shown in its place and not counted", async () => {
    const { jobId, review: written } = await reviewed("Rude crew, and they drove over the flower bed.");
    // Still blind: reporting must not reveal it exists.
    expect((await post(null, `/api/reviews/${written.id}/report`, { reason: "Fake" })).statusCode).toBe(404);
    await post(pro, `/api/jobs/${jobId}/customer-rating`, { stars: 3 });
    const blank = await post(null, `/api/reviews/${written.id}/report`, { reason: " " });
    expect(blank.json().error.fields).toEqual({ reason: "Tell us what is wrong with this review." });
    const reported = await post(null, `/api/reviews/${written.id}/report`, { reason: "Names a crew member" });
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await post(pro, `/api/reviews/${written.id}/report`, { reason: "Unfair" })).statusCode).toBe(200);
    const alerts = await t.database.db.select().from(notification).where(eq(notification.userId, admin.id));
    expect(alerts.some((a) => a.message.includes("was reported: Names a crew member"))).toBe(true);

    expect(
      (await t.app.inject({ url: "/api/admin/reviews/reported", headers: { cookie: pro.cookie } }))
        .statusCode,
    ).toBe(403);
    const panel = await t.app.inject({
      url: "/api/admin/reviews/reported",
      headers: { cookie: admin.cookie },
    });
    const listed = panel.json().reviews.find((r: { review: { id: string } }) => r.review.id === written.id);
    expect(listed.reports.map((r: { reason: string }) => r.reason)).toEqual([
      "Names a crew member",
      "Unfair",
    ]);
    expect(listed.review).toMatchObject({ writtenBody: "Rude crew, and they drove over the flower bed." });

    const before = (await reviewSummaries({ db: t.database.db, landscaperIds: [pro.id] })).get(pro.id)!;
    const noReason = await post(admin, `/api/admin/reviews/${written.id}/remove`, { reason: "" });
    expect(noReason.json().error.fields).toEqual({ reason: "Give the reason shown in the review's place." });
    expect((await post(pro, `/api/admin/reviews/${written.id}/remove`, { reason: "Mine" })).statusCode).toBe(
      403,
    );
    const removed = await post(admin, `/api/admin/reviews/${written.id}/remove`, {
      reason: "it named a member of the crew",
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().review).toMatchObject({
      quality: null,
      body: null,
      removedReason: "it named a member of the crew",
    });
    const after = (await reviewSummaries({ db: t.database.db, landscaperIds: [pro.id] })).get(pro.id)!;
    expect(after.count).toBe(before.count - 1);
    expect((await landscaperCard(jobId)).review.theirs).toMatchObject({
      body: null,
      removedReason: "it named a member of the crew",
    });
    const open = await t.database.db.select().from(reviewReport).where(eq(reviewReport.reviewId, written.id));
    expect(open.every((r) => r.closedAt !== null)).toBe(true);
    // The row stays whole: removal hides, it does not delete or rewrite.
    const [row] = await t.database.db.select().from(review).where(eq(review.id, written.id));
    expect(row).toMatchObject({ quality: 2, body: "Rude crew, and they drove over the flower bed." });
    expect(
      (await post(admin, `/api/admin/reviews/${written.id}/remove`, { reason: "Again" })).statusCode,
    ).toBe(409);
  });

  it("keeps a low review that was reported, counted like any other", async () => {
    const { jobId, review: written } = await reviewed("One star: they never came back.");
    await post(pro, `/api/jobs/${jobId}/customer-rating`, { stars: 2 });
    await post(pro, `/api/reviews/${written.id}/report`, { reason: "Too harsh" });
    const kept = await post(admin, `/api/admin/reviews/${written.id}/keep`);
    expect(kept.statusCode, kept.body).toBe(200);
    const [row] = await t.database.db.select().from(review).where(eq(review.id, written.id));
    expect(row).toMatchObject({ removedAt: null, quality: 2 });
    const summary = (await reviewSummaries({ db: t.database.db, landscaperIds: [pro.id] })).get(pro.id)!;
    expect(summary.latest).toMatchObject({ body: "One star: they never came back." });
  });

  it("gives nobody a way to change a review's stars or text, or to delete one", async () => {
    const { review: written } = await reviewed("Honest words.");
    // Every route that touches reviews: none edits or deletes.
    const routes = t.app.routeTable
      .filter((r) => /review|rating/.test(r.url) && !r.url.startsWith("/api/exports/"))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(routes).toEqual([
      "GET /api/admin/reviews/reported",
      "GET /api/pros/:slug/reviews",
      "POST /api/admin/reviews/:id/keep",
      "POST /api/admin/reviews/:id/remove",
      "POST /api/jobs/:id/customer-rating",
      "POST /api/reviews/:id/reply",
      "POST /api/reviews/:id/report",
    ]);
    const callers = [null, customer, pro, rival, admin];
    for (const who of callers)
      for (const method of ["PUT", "PATCH", "DELETE"] as const)
        for (const url of [`/api/reviews/${written.id}`, `/api/admin/reviews/${written.id}`]) {
          const answer = await t.app.inject({
            method,
            url,
            headers: who ? { cookie: who.cookie } : {},
            payload: { quality: 5, body: "Edited" },
          });
          expect(answer.statusCode, `${method} ${url}`).toBe(404);
        }
    // Rating the job again does not rewrite it either.
    expect(
      (await post(customer, `/api/jobs/${written.jobId}/rate`, { ...stars, rating: 5 })).statusCode,
    ).toBe(409);
    const [row] = await t.database.db.select().from(review).where(eq(review.id, written.id));
    expect(row).toMatchObject({ quality: 2, punctuality: 1, communication: 3, body: "Honest words." });
    const [visit] = await t.database.db.select().from(job).where(eq(job.id, written.jobId));
    expect(visit!.rating).toBe(2);
  });
});
