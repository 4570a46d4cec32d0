import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import { priceChangeMessages } from "../../../shared/price-change.js";
import { job, jobEvent, jobSeries } from "../../db/schema.js";
import { type SignedUp, signUp } from "../../test/accounts-helpers.js";
import { takeRequest } from "../../test/booking-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper, postMultipart } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { cameraJpeg } from "../../test/photo-helpers.js";
import { postQuote, validQuote } from "../../test/quote-helpers.js";
import { reliabilityOf } from "../landscapers/index.js";

const ZIP = "28203";

/** A series' price change is for the price per visit: of the visit asked on, its later visits and the series. */
describe("a price change on a series", () => {
  const t = useTestApp();
  let pro: SignedUp;
  let customer: SignedUp;

  beforeAll(async () => {
    pro = await createLandscaper(t, { status: "approved", zips: [ZIP], name: "Carlos Mendoza" });
    customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
    await saveCard(t.app, customer.cookie);
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
  const visitsOf = (seriesId: string) =>
    t.database.db.select().from(job).where(eq(job.seriesId, seriesId)).orderBy(job.scheduledDate);
  const seriesRow = async (id: string) =>
    (await t.database.db.select().from(jobSeries).where(eq(jobSeries.id, id)))[0]!;

  /** A weekly mow of a 10,000–15,000 sq ft lawn ($42.00 a visit), booked: answers its first visit and series. */
  async function bookedSeries() {
    const quote = await postQuote(
      t.app,
      validQuote({
        email: customer.email,
        zipCode: ZIP,
        services: ["lawn-mowing"],
        preferredDate: daysFromToday(2),
        frequency: "weekly",
        sizeTier: "m",
      }),
      customer.cookie,
    );
    expect(quote.statusCode, quote.body).toBe(200);
    const id = quote.json().quote.id as string;
    await takeRequest(t, { proCookie: pro.cookie, customerCookie: customer.cookie, jobId: id });
    const [first] = await t.database.db.select().from(job).where(eq(job.id, id));
    return { id, seriesId: first!.seriesId! };
  }

  async function ask(id: string, price: string) {
    return postMultipart(
      t.app,
      `/api/jobs/${id}/price-change`,
      [
        { name: "price", value: price },
        { name: "reason", value: "The lawn runs down to the creek: twice the area quoted." },
        { name: "photo1", value: await cameraJpeg(), filename: "IMG_1.jpg", contentType: "image/jpeg" },
      ],
      pro.cookie,
    );
  }

  it("approved: the price per visit of the series, this visit and every later one", async () => {
    const { id, seriesId } = await bookedSeries();
    const visits = await visitsOf(seriesId);
    expect(visits.length).toBeGreaterThan(3);
    expect(visits.every((v) => v.quotedPriceCents === 4200)).toBe(true);
    expect((await seriesRow(seriesId)).pricePerVisitCents).toBe(4200);

    // Asked on a later visit (which carries no quote of its own, its series does); one waits per series.
    const second = visits[1]!;
    const asked = await ask(second.id, "55");
    expect(asked.statusCode, asked.body).toBe(200);
    const twice = await ask(id, "50");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(priceChangeMessages.alreadyOpen);
    const customerJobs = (
      await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } })
    ).json().jobs as {
      id: string;
      priceChange: { state: string; perVisit: boolean; agreedCents: number } | null;
    }[];
    expect(customerJobs.find((j) => j.id === second.id)?.priceChange).toMatchObject({
      state: "open",
      perVisit: true,
      agreedCents: 4200,
    });
    // Shown on the visit it was asked on, not on every visit of the series.
    expect(customerJobs.find((j) => j.id === id)?.priceChange).toBeNull();

    expect((await post(customer, `/api/jobs/${second.id}/price-change/approve`)).statusCode).toBe(200);
    expect((await seriesRow(seriesId)).pricePerVisitCents).toBe(5500);
    const after = await visitsOf(seriesId);
    // The first visit comes before it, at the old price; this visit and the later ones are $55.00.
    expect(after[0]!.quotedPriceCents).toBe(4200);
    expect(after.slice(1).every((v) => v.quotedPriceCents === 5500)).toBe(true);
    const repriced = await t.database.db
      .select()
      .from(jobEvent)
      .where(and(eq(jobEvent.toStatus, "price_change_approved")));
    expect(repriced.filter((e) => after.some((v) => v.id === e.jobId))).toHaveLength(after.length - 1);
    // Settled for the series: no further ask on any of its visits.
    expect((await ask(after[3]!.id, "60")).json().error.message).toBe(priceChangeMessages.alreadyAnswered);
  });

  it("declined: the series keeps its price, and leaving it then leaves no mark", async () => {
    const before = (await reliabilityOf(t.database.db, [pro.id])).get(pro.id)!;
    const { id, seriesId } = await bookedSeries();
    expect((await ask(id, "60")).statusCode).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/price-change/decline`)).statusCode).toBe(200);
    expect((await seriesRow(seriesId)).pricePerVisitCents).toBe(4200);
    const left = await post(pro, `/api/series/${seriesId}/leave`, { reason: "Not at $42 a visit." });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().message).toBe(
      "You left the series. The customer has been told. It leaves no mark on your record: they declined your price change.",
    );
    const events = await t.database.db.select().from(jobEvent).where(eq(jobEvent.jobId, id));
    expect(events.map((e) => e.toStatus)).toContain("left_after_price_declined");
    const after = (await reliabilityOf(t.database.db, [pro.id])).get(pro.id)!;
    expect(after.withdrawnJobs).toBe(before.withdrawnJobs);
  });
});
