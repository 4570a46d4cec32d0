import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, todayInCharlotte } from "../../../shared/dates.js";
import {
  defaultRateCard,
  grassHeights,
  priceQuote,
  type RateCard,
  sizeTierIds,
} from "../../../shared/pricing.js";
import { canRecur, frequencies } from "../../../shared/recurring.js";
import { serviceIds } from "../../../shared/services.js";
import { job, jobOffer, outbox, rateCard } from "../../db/schema.js";
import type { SignedUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper } from "../../test/landscaper-helpers.js";
import { postQuote, validQuote } from "../../test/quote-helpers.js";
import { firmPriceOf, rateCardOn } from "./rate-cards.js";

/** A small seeded generator, so a failing case can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("firm price (issue 34)", () => {
  const t = useTestApp();
  let pro: SignedUp;

  beforeAll(async () => {
    pro = await createLandscaper(t, { status: "approved", zips: ["28203"], name: "Carlos Mendoza" });
  });

  const accept = (jobId: string, payload: object = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api/jobs/${jobId}/accept`,
      headers: { cookie: pro.cookie },
      payload,
    });
  const jobRow = async (id: string) => (await t.database.db.select().from(job).where(eq(job.id, id)))[0]!;
  const offerOf = async (id: string) =>
    (await t.database.db.select().from(jobOffer).where(eq(jobOffer.jobId, id)))[0]!;

  it("answers the card in force today: version 1, the launch card", async () => {
    const response = await t.app.inject({ url: "/api/pricing/rate-card" });
    expect(response.statusCode).toBe(200);
    expect(response.json().card).toEqual(defaultRateCard);
  });

  it("prices a weekly mow of a Dilworth lot with overgrown grass: lines, first visit, hold, email", async () => {
    const response = await postQuote(
      t.app,
      validQuote({ services: ["lawn-mowing"], frequency: "weekly", sizeTier: "m", grassHeight: "overgrown" }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { quote } = response.json();
    expect(quote.price).toEqual({
      perVisitCents: 4200,
      firstVisitCents: 8400,
      lines: [{ label: "Lawn Mowing, 10,000–15,000 sq ft, weekly", cents: 4200 }],
      firstVisitSurcharge: { label: "First visit, grass over 12 in (+100% of the visit)", cents: 4200 },
      rateCardVersion: 1,
      heldUntil: addDaysIso(todayInCharlotte(), 7),
    });
    const row = await jobRow(quote.id);
    expect(row).toMatchObject({
      sizeTier: "m",
      grassHeight: "overgrown",
      rateCardVersion: 1,
      firmPriceCents: 4200,
      firstVisitSurchargeCents: 4200,
      estimateLowCents: 4200,
      estimateHighCents: 4200,
    });
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, quote.email.toLowerCase()));
    expect(mail?.text).toContain("$42.00 per visit, first visit $84.00 · held until");
  });

  it("keeps a pro's quote, with the estimate range, when the size is not sure or over an acre", async () => {
    for (const sizeTier of ["not_sure", "large", undefined]) {
      const response = await postQuote(t.app, validQuote({ services: ["lawn-mowing"], sizeTier }));
      expect(response.statusCode, response.body).toBe(200);
      const { quote } = response.json();
      expect(quote.price).toBeNull();
      expect(quote.estimateLowCents).toBeLessThan(quote.estimateHighCents);
      expect((await jobRow(quote.id)).firmPriceCents).toBeNull();
    }
  });

  it("refuses a size or grass height it does not know, and stores nothing", async () => {
    const before = (await t.database.db.select({ id: job.id }).from(job)).length;
    const bad = await postQuote(t.app, validQuote({ sizeTier: "huge", grassHeight: "jungle" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      sizeTier: "Choose the size of your lawn.",
      grassHeight: "Choose how tall the grass is.",
    });
    expect((await t.database.db.select({ id: job.id }).from(job)).length).toBe(before);
  });

  it("gives the client's total and the server's for 1,000 random inputs (and 25 real requests)", async () => {
    // The client prices with the card GET answers (JSON); the server with the card it reads in a transaction.
    const clientCard: RateCard = (await t.app.inject({ url: "/api/pricing/rate-card" })).json().card;
    const serverCard = await rateCardOn(t.database.db);
    const next = random(34);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const inputs = Array.from({ length: 1000 }, () => ({
      services: serviceIds.filter(() => next() < 0.4).concat(pick(serviceIds)),
      tier: pick(sizeTierIds),
      frequency: pick(frequencies),
      grassHeight: pick(grassHeights),
    }));
    for (const input of inputs) {
      const client = priceQuote(input, clientCard);
      const server = firmPriceOf({ ...input, sizeTier: input.tier }, serverCard);
      expect(server?.firstVisitCents).toBe(client.firstVisitCents);
      expect(server?.perVisitCents).toBe(client.perVisitCents);
      expect(client.perVisitCents).toBeGreaterThanOrEqual(clientCard.minimumPerVisitCents);
    }
    for (const input of inputs.slice(0, 25)) {
      const response = await postQuote(
        t.app,
        validQuote({
          ...input,
          services: [...new Set(input.services)],
          sizeTier: input.tier,
          // Only mowing, edging and beds recur: the rest is asked once (the form does the same).
          frequency: canRecur(input.services) ? input.frequency : "one_time",
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const client = priceQuote(
        { ...input, frequency: canRecur(input.services) ? input.frequency : "one_time" },
        clientCard,
      );
      expect(response.json().quote.price).toMatchObject({
        perVisitCents: client.perVisitCents,
        firstVisitCents: client.firstVisitCents,
        lines: client.lines,
      });
    }
  });

  it("is the price of the landscaper's offer: no box, and another price refused", async () => {
    const { quote } = (
      await postQuote(
        t.app,
        validQuote({ services: ["lawn-mowing"], sizeTier: "s", grassHeight: "tall", frequency: "one_time" }),
      )
    ).json();
    // 3700 × 1.35 one time = 4995; tall grass +50% on the first (only) visit = 2498 (half up).
    expect(quote.price.firstVisitCents).toBe(4995 + 2498);
    const other = await accept(quote.id, { price: 120 });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toContain("This request has a firm price ($74.93)");
    expect((await jobRow(quote.id)).status).toBe("pending");

    // Their offer is at that price; the request stays open for other offers (issue 35) until the customer books.
    const taken = await accept(quote.id);
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await jobRow(quote.id)).status).toBe("pending");
    expect((await offerOf(quote.id)).firstVisitCents).toBe(7493);
    const view = taken.json().job;
    expect(view.firmPrice.firstVisitCents).toBe(7493);
  });

  it("prices a series' visits at the per-visit price and its first visit with the surcharge", async () => {
    const { quote } = (
      await postQuote(
        t.app,
        validQuote({ services: ["lawn-mowing"], sizeTier: "m", grassHeight: "tall", frequency: "biweekly" }),
      )
    ).json();
    const taken = await accept(quote.id);
    expect(taken.statusCode, taken.body).toBe(200);
    // 4200 × 1.1 = 4620 per visit; the first + 50% = 6930: the offer the customer books the series at.
    expect(await offerOf(quote.id)).toMatchObject({ firstVisitCents: 6930, perVisitCents: 4620 });
  });

  it("asks for a price when there is no firm price", async () => {
    const { quote } = (await postQuote(t.app, validQuote({ services: ["lawn-mowing"] }))).json();
    const missing = await accept(quote.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ price: "Price is required." });
  });

  it("after the hold, takes the same answers on the card then in force", async () => {
    const { quote } = (
      await postQuote(t.app, validQuote({ services: ["lawn-mowing"], sizeTier: "xs", frequency: "one_time" }))
    ).json();
    const yesterday = addDaysIso(todayInCharlotte(), -1);
    await t.database.db.update(job).set({ priceHeldUntil: yesterday }).where(eq(job.id, quote.id));
    const { version: _v, effectiveFrom: _e, ...card } = defaultRateCard;
    await t.database.db.insert(rateCard).values({
      version: 2,
      effectiveFrom: yesterday,
      card: {
        ...card,
        baseCents: { ...card.baseCents, "lawn-mowing": { ...card.baseCents["lawn-mowing"], xs: 4000 } },
      },
    });
    try {
      const taken = await accept(quote.id);
      expect(taken.statusCode, taken.body).toBe(200);
      // 4000 × 1.35 = 5400 on version 2, recorded on the job with its new hold, and offered at it.
      expect((await offerOf(quote.id)).firstVisitCents).toBe(5400);
      expect(await jobRow(quote.id)).toMatchObject({
        firmPriceCents: 5400,
        rateCardVersion: 2,
        priceHeldUntil: addDaysIso(todayInCharlotte(), 7),
      });
    } finally {
      await t.database.db.delete(rateCard).where(eq(rateCard.version, 2));
    }
  });

  it("refuses a retry of the same form with another size (its key answers only its own request)", async () => {
    const form = validQuote({ sizeTier: "m", idempotencyKey: crypto.randomUUID() });
    expect((await postQuote(t.app, form)).statusCode).toBe(200);
    expect((await postQuote(t.app, form)).statusCode).toBe(200);
    expect((await postQuote(t.app, { ...form, sizeTier: "l" })).statusCode).toBe(409);
  });
});
