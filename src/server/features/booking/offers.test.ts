import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_WAITING_OFFERS, offerMessages } from "../../../shared/booking.js";
import { daysFromToday } from "../../../shared/dates.js";
import { job, jobOffer, jobSeries, notification, outbox } from "../../db/schema.js";
import { confirmEmail, injectAs, signUp } from "../../test/accounts-helpers.js";
import { firmQuote, TOWN_ZIPS } from "../../test/booking-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper, type Landscaper } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";

/** Several offers on one firm-priced request (issue 35, item 6), through the real routes. */
describe("offers on a request", () => {
  const t = useTestApp();

  const pro = (zip: string, name: string) =>
    createLandscaper(t, { status: "approved", zips: [zip], radius: 5, name });
  const offer = (who: Landscaper, jobId: string, body: object = {}) =>
    injectAs(t.app, who.cookie, "POST", `/api/jobs/${jobId}/accept`, body);
  const queueOf = async (who: Landscaper, jobId: string) => {
    const response = await injectAs(t.app, who.cookie, "GET", "/api/landscaper/jobs?show=open");
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().jobs as { id: string; myOffer?: unknown; offerCount?: number }[]).find(
      (j) => j.id === jobId,
    );
  };

  /** A firm-priced request in `zip` from a confirmed customer with a card saved. */
  async function request(zip: string, options: { frequency?: string; daysAhead?: number } = {}) {
    const email = `offers-${zip}-${Date.now()}@test.local`;
    // Sent as a visitor, then the account confirmed: the request joins it (as the quote page's flow does).
    const customer = await signUp(t.app, { email, verified: false });
    const quote = await firmQuote(t, { zip, email, ...options });
    await confirmEmail(t.database, customer.id);
    const card = await saveCard(t.app, customer.cookie);
    return { customer, cardId: card.id, quote };
  }
  const offersSeen = async (cookie: string, jobId: string) => {
    const response = await injectAs(t.app, cookie, "GET", "/api/customer/jobs");
    expect(response.statusCode, response.body).toBe(200);
    const mine = (
      response.json().jobs as {
        id: string;
        offers?: { offerId: string; landscaperId: string; date: string }[];
      }[]
    ).find((j) => j.id === jobId);
    return mine?.offers ?? [];
  };
  const bookOffer = (cookie: string, jobId: string, offerId: string, cardId?: string) =>
    injectAs(t.app, cookie, "POST", `/api/jobs/${jobId}/offers/${offerId}/book`, cardId ? { cardId } : {});

  it("keeps the request open while pros offer, shows the customer each offer with its pro's record, and books the one chosen", async () => {
    const zip = TOWN_ZIPS[0];
    const { customer, cardId, quote } = await request(zip);
    const ana = await pro(zip, "Ana First");
    const ben = await pro(zip, "Ben Second");
    const cal = await pro(zip, "Cal Third");

    const first = await offer(ana, quote.id, { scheduledDate: daysFromToday(8) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(offerMessages.sent);
    // Still open: the next pro sees it in their queue with one offer waiting, and offers too.
    expect(await queueOf(ben, quote.id)).toMatchObject({ myOffer: null, offerCount: 1 });
    expect((await offer(ben, quote.id, { scheduledDate: daysFromToday(9) })).statusCode).toBe(200);
    expect(await queueOf(ana, quote.id)).toMatchObject({
      myOffer: { date: daysFromToday(8) },
      offerCount: 2,
    });
    expect(await queueOf(cal, quote.id)).toMatchObject({ myOffer: null, offerCount: 2 });
    const [row] = await t.database.db.select().from(job).where(eq(job.id, quote.id));
    expect(row).toMatchObject({ status: "pending", landscaperId: null });

    // A second offer from the same pro is the first one.
    const again = await offer(ana, quote.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(offerMessages.already);

    // The customer was told of each, and sees both with the pros' records, oldest first.
    const offerEmails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, quote.email.toLowerCase()), eq(outbox.template, "job_offer")));
    expect(offerEmails).toHaveLength(2);
    const seen = await offersSeen(customer.cookie, quote.id);
    expect(seen.map((o) => o.landscaperId)).toEqual([ana.id, ben.id]);
    expect(seen[0]).toMatchObject({
      personName: "Ana First",
      initials: expect.stringMatching(/^[A-Z]{1,2}$/),
      date: daysFromToday(8),
      perVisitCents: quote.perVisitCents,
      isNew: true,
      reliability: expect.objectContaining({ completedJobs: 0 }),
    });

    // Ana takes hers back (nothing on her record); the request is still open for Ben's.
    const taken = await injectAs(t.app, ana.cookie, "POST", `/api/jobs/${quote.id}/offer/withdraw`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await offersSeen(customer.cookie, quote.id)).map((o) => o.landscaperId)).toEqual([ben.id]);
    expect((await offer(ana, quote.id, { scheduledDate: daysFromToday(10) })).statusCode).toBe(200);
    const [benOffer, anaOffer] = await offersSeen(customer.cookie, quote.id);

    // Booking Ben's: scheduled with him, on his day, at the firm price; no release window (he chose it).
    const booked = await bookOffer(customer.cookie, quote.id, benOffer!.offerId, cardId);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({
      date: daysFromToday(9),
      landscaperName: "Green Thumb Lawn Co. · Ben Second",
    });
    const [after] = await t.database.db.select().from(job).where(eq(job.id, quote.id));
    expect(after).toMatchObject({
      status: "scheduled",
      landscaperId: ben.id,
      scheduledDate: daysFromToday(9),
      quotedPriceCents: quote.perVisitCents,
      bookedInstantlyAt: null,
    });
    const offers = await t.database.db.select().from(jobOffer).where(eq(jobOffer.jobId, quote.id));
    const statusOf = (id: string) =>
      offers
        .filter((o) => o.landscaperId === id)
        .map((o) => o.status)
        .sort();
    expect(statusOf(ben.id)).toEqual(["chosen"]);
    expect(statusOf(ana.id)).toEqual(["closed", "withdrawn"]);
    // Ana is told the request went to another pro; Ben that his offer was booked.
    const told = await t.database.db.select().from(notification).where(eq(notification.userId, ana.id));
    expect(told.map((n) => n.message)).toContain(offerMessages.closedBooked(`JOB-${after!.number}`));
    const benTold = await t.database.db.select().from(notification).where(eq(notification.userId, ben.id));
    expect(benTold.some((n) => n.message.startsWith("The customer booked your offer"))).toBe(true);

    // The other offer cannot be booked any more, and the request left the other pros' queues.
    const late = await bookOffer(customer.cookie, quote.id, anaOffer!.offerId, cardId);
    expect(late.statusCode).toBe(409);
    expect(await queueOf(cal, quote.id)).toBeUndefined();
  });

  it("refuses an offer past the cap, another customer's booking, a withdrawn offer, and closes offers on cancel", async () => {
    const zip = TOWN_ZIPS[1];
    const { customer, cardId, quote } = await request(zip);
    const pros = await Promise.all(
      Array.from({ length: MAX_WAITING_OFFERS + 1 }, (_, i) => pro(zip, `Pro Number${i}`)),
    );
    for (const p of pros.slice(0, MAX_WAITING_OFFERS))
      expect((await offer(p, quote.id)).statusCode).toBe(200);
    const over = await offer(pros.at(-1)!, quote.id);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(offerMessages.full);

    const [first] = await offersSeen(customer.cookie, quote.id);
    const stranger = await signUp(t.app);
    await saveCard(t.app, stranger.cookie);
    expect((await bookOffer(stranger.cookie, quote.id, first!.offerId)).statusCode).toBe(404);
    const bad = await bookOffer(customer.cookie, quote.id, "not-an-id");
    expect(bad.statusCode).toBe(400);

    // Taken back just before the customer's click: refused, nothing held.
    await injectAs(t.app, pros[0]!.cookie, "POST", `/api/jobs/${quote.id}/offer/withdraw`);
    const gone = await bookOffer(customer.cookie, quote.id, first!.offerId, cardId);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.message).toBe(offerMessages.gone);

    const cancelled = await injectAs(t.app, customer.cookie, "POST", `/api/jobs/${quote.id}/cancel`, {
      reason: "Changed my mind",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const open = await t.database.db
      .select()
      .from(jobOffer)
      .where(and(eq(jobOffer.jobId, quote.id), eq(jobOffer.status, "waiting")));
    expect(open).toHaveLength(0);
    const told = await t.database.db.select().from(notification).where(eq(notification.userId, pros[1]!.id));
    expect(told.some((n) => n.message.endsWith("was cancelled, so your offer is closed."))).toBe(true);
  });

  it("lets an offer whose day passed lapse: not shown, not bookable, and its pro may offer again", async () => {
    const zip = TOWN_ZIPS[4];
    const { customer, cardId, quote } = await request(zip);
    const fay = await pro(zip, "Fay Lapsed");
    expect((await offer(fay, quote.id, { scheduledDate: daysFromToday(8) })).statusCode).toBe(200);
    const [waiting] = await offersSeen(customer.cookie, quote.id);
    // Its day is now behind us (as if the customer had waited past it).
    await t.database.db
      .update(jobOffer)
      .set({ scheduledDate: daysFromToday(-1) })
      .where(eq(jobOffer.jobId, quote.id));
    expect(await offersSeen(customer.cookie, quote.id)).toEqual([]);
    expect(await queueOf(fay, quote.id)).toMatchObject({ myOffer: null, offerCount: 0 });
    const late = await bookOffer(customer.cookie, quote.id, waiting!.offerId, cardId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(offerMessages.dayPassed);
    expect((await offer(fay, quote.id, { scheduledDate: daysFromToday(9) })).statusCode).toBe(200);
    expect((await offersSeen(customer.cookie, quote.id)).map((o) => o.date)).toEqual([daysFromToday(9)]);
  });

  it("books a recurring request's series with the pro whose offer is chosen", async () => {
    const zip = TOWN_ZIPS[2];
    const { customer, cardId, quote } = await request(zip, { frequency: "weekly" });
    const dee = await pro(zip, "Dee Weekly");
    expect((await offer(dee, quote.id, { weekday: 3 })).statusCode).toBe(200);
    const [only] = await offersSeen(customer.cookie, quote.id);
    expect(new Date(`${only!.date}T12:00:00Z`).getUTCDay()).toBe(3);
    const booked = await bookOffer(customer.cookie, quote.id, only!.offerId, cardId);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().recurring).toBe(true);
    const [visit] = await t.database.db.select().from(job).where(eq(job.id, quote.id));
    const [series] = await t.database.db.select().from(jobSeries).where(eq(jobSeries.id, visit!.seriesId!));
    expect(series).toMatchObject({ landscaperId: dee.id, status: "active", weekday: 3 });
  });

  it("keeps the old way for a request a pro prices: the first to accept takes it", async () => {
    const zip = TOWN_ZIPS[3];
    const { quote } = await request(zip, {});
    // Without a size tier there is no firm price: made so by clearing it, as an over-an-acre request has none.
    await t.database.db.update(job).set({ firmPriceCents: null, sizeTier: null }).where(eq(job.id, quote.id));
    const eve = await pro(zip, "Eve Pricer");
    const taken = await offer(eve, quote.id, { price: 80, scheduledDate: daysFromToday(8) });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().job.status).toBe("accepted");
  });
});
