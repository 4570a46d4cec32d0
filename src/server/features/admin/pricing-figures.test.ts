import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { job, jobPriceChange } from "../../db/schema.js";
import { type SignedUp, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { takeRequest } from "../../test/booking-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { postQuote, validQuote } from "../../test/quote-helpers.js";

/** Issue 34's admin figures and the jobs CSV's two new columns, from quotes sent through the real form route. */
describe("firm price figures", () => {
  const t = useTestApp();
  let admin: SignedUp;
  const ids: string[] = [];

  beforeAll(async () => {
    admin = await signUpAs(t.app, t.database, "admin");
    const pro = await createLandscaper(t, { status: "approved", zips: ["28203"] });
    const answers = [
      { sizeTier: "m", services: ["lawn-mowing"] }, // 4200 × 1.35 = 5670
      { sizeTier: "m", services: ["lawn-mowing", "edging-trimming"] }, // (4200 + 2800) × 1.35 = 9450
      { sizeTier: "xs", services: ["lawn-mowing"] }, // 3200 × 1.35 = 4320
      { sizeTier: "not_sure", services: ["lawn-mowing"] },
    ];
    // A customer's requests: the first two taken at their firm price (offered, then booked: issue 35).
    const customer = await signUp(t.app);
    await saveCard(t.app, customer.cookie);
    for (const answer of answers) {
      const response = await postQuote(t.app, validQuote(answer), customer.cookie);
      expect(response.statusCode, response.body).toBe(200);
      ids.push(response.json().quote.id);
    }
    for (const id of ids.slice(0, 2))
      await takeRequest(t, { proCookie: pro.cookie, customerCookie: customer.cookie, jobId: id });
    // One of the two asked a higher final price at completion, and the customer said yes.
    await t.database.db
      .update(job)
      .set({ requestedPriceCents: 7000, requestedPriceReason: "Bigger", priceIncreaseApprovedAt: new Date() })
      .where(eq(job.id, ids[0]!));
    // The other asked a new price before the work, and the customer said no.
    await t.database.db.insert(jobPriceChange).values({
      jobId: ids[1]!,
      agreedCents: 9450,
      askedCents: 12000,
      reason: "The back lot is twice what was said.",
      status: "declined",
    });
  });

  it("counts firm quotes, price changes and the average per size tier", async () => {
    const response = await t.app.inject({
      url: "/api/admin/pricing-figures?range=7",
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const figures = response.json();
    expect(figures).toMatchObject({
      range: 7,
      quotes: 4,
      firmQuotes: 3,
      takenFirm: 2,
      priceChangesRequested: 2,
      priceChangesApproved: 1,
    });
    expect(figures.byTier.find((row: { tier: string }) => row.tier === "m")).toMatchObject({
      quotes: 2,
      averageCents: (5670 + 9450) / 2,
    });
    expect(figures.byTier.find((row: { tier: string }) => row.tier === "xs")).toMatchObject({
      quotes: 1,
      averageCents: 4320,
    });
    expect(figures.byTier.find((row: { tier: string }) => row.tier === "l")).toMatchObject({ quotes: 0 });
    // The answers without a firm price are counted too, with no average.
    expect(figures.byTier.find((row: { tier: string }) => row.tier === "not_sure")).toMatchObject({
      quotes: 1,
      averageCents: 0,
    });
  });

  it("is for admins only", async () => {
    expect((await t.app.inject({ url: "/api/admin/pricing-figures" })).statusCode).toBe(401);
  });

  it("adds the size tier and the rate card version to the jobs CSV", async () => {
    const response = await t.app.inject({ url: "/api/exports/jobs.csv", headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    const lines = response.body.split("\r\n");
    expect(lines[0]).toMatch(/,Size Tier,Rate Card Version$/);
    expect(lines.filter((line) => line.endsWith(',"10,000–15,000 sq ft",1'))).toHaveLength(2);
    expect(
      lines.filter(
        (line) => line.endsWith(",Under 5,000 sq ft,1") || line.endsWith(',"Under 5,000 sq ft",1'),
      ),
    ).toHaveLength(1);
  });
});
