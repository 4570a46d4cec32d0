import { and, eq, gte, inArray, isNotNull, lte, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import { job, jobEvent, jobOffer } from "../../db/schema.js";
import { type SignedUp, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { book, bookingCustomer, firmQuote, instantPro } from "../../test/booking-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { saveCard } from "../../test/payment-helpers.js";
import { postQuote, validQuote } from "../../test/quote-helpers.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Issue 35's admin booking figures, from requests quoted, booked, approved and released through the real
 * routes. Nothing can wait 24 hours in a test, so once everything has happened each request's creation and
 * its bookings are moved back in time to known instants (the rows the routes wrote, only their times).
 */
describe("booking figures", () => {
  const t = useTestApp();
  let admin: SignedUp;
  const now = Date.now();
  const at = (msAgo: number) => new Date(now - msAgo);

  /** Sets a request's creation and its booking events (`from` 'pending' or 'accepted') to the times given. */
  async function retime(jobId: string, createdAgo: number, bookedAgo: number[] = []) {
    await t.database.db
      .update(job)
      .set({ createdAt: at(createdAgo) })
      .where(eq(job.id, jobId));
    const bookings = await t.database.db
      .select({ id: jobEvent.id, createdAt: jobEvent.createdAt })
      .from(jobEvent)
      .where(
        and(
          eq(jobEvent.jobId, jobId),
          eq(jobEvent.toStatus, "scheduled"),
          inArray(jobEvent.fromStatus, ["pending", "accepted"]),
        ),
      )
      .orderBy(jobEvent.createdAt);
    expect(bookings).toHaveLength(bookedAgo.length);
    for (const [index, event] of bookings.entries()) {
      await t.database.db
        .update(jobEvent)
        .set({ createdAt: at(bookedAgo[index]!) })
        .where(eq(jobEvent.id, event.id));
      // A booked offer closed at its booking's time: it moves with it (to the millisecond a Date keeps;
      // PostgreSQL keeps microseconds, so the match is on the millisecond around it).
      const ms = event.createdAt.getTime();
      await t.database.db
        .update(jobOffer)
        .set({ closedAt: at(bookedAgo[index]!) })
        .where(
          and(
            eq(jobOffer.jobId, jobId),
            gte(jobOffer.closedAt, new Date(ms - 1)),
            lte(jobOffer.closedAt, new Date(ms + 1)),
          ),
        );
    }
  }

  /** A firm-priced quote booked at once with `pro` on `daysAhead`, by the customer the flow creates. */
  async function bookedQuote(proId: string, daysAhead: number, frequency = "one_time") {
    const quote = await firmQuote(t, { daysAhead, frequency });
    const customer = await bookingCustomer(t, quote.email);
    const response = await book(t, customer.cookie, quote.id, {
      token: quote.token,
      landscaperId: proId,
      date: daysFromToday(daysAhead),
    });
    expect(response.statusCode, response.body).toBe(200);
    return quote.id;
  }

  beforeAll(async () => {
    admin = await signUpAs(t.app, t.database, "admin");
    const first = await instantPro(t, { name: "First Pro" });
    const next = await instantPro(t, { name: "Next Pro" });

    // A weekly request booked at once: its series' generated visits are neither bookings nor requests.
    const weekly = await bookedQuote(first.id, 9, "weekly");
    // Booked at once, released by the pro, rebooked by the platform with the next pro: two bookings.
    const released = await bookedQuote(first.id, 10);
    const release = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${released}/release`,
      headers: { cookie: first.cookie },
      payload: { reason: "My mower broke down." },
    });
    expect(release.statusCode, release.body).toBe(200);
    const [rebooked] = await t.database.db.select().from(job).where(eq(job.id, released));
    expect(rebooked).toMatchObject({ status: "scheduled", landscaperId: next.id });

    // The other way: a pro's offer, booked by the customer.
    const customer = await signUp(t.app);
    const card = await saveCard(t.app, customer.cookie);
    const asked = await postQuote(
      t.app,
      validQuote({ services: ["lawn-mowing"], sizeTier: "m", grassHeight: "normal", frequency: "one_time" }),
      customer.cookie,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const approved = asked.json().quote.id as string;
    const offer = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${approved}/accept`,
      headers: { cookie: next.cookie },
      payload: { scheduledDate: daysFromToday(11) },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    // A firm-priced request stays open for offers (item 6): the customer books this one.
    const mine = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
    const offerId = mine.json().jobs.find((j: { id: string }) => j.id === approved).offers[0].offerId;
    const approval = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${approved}/offers/${offerId}/book`,
      headers: { cookie: customer.cookie },
      payload: { cardId: card.id },
    });
    expect(approval.statusCode, approval.body).toBe(200);

    // Three requests sent 30 hours ago: booked 2 hours after, never booked, and booked 29 hours after.
    const filled = await bookedQuote(first.id, 12);
    const unbooked = (await firmQuote(t)).id;
    const late = await bookedQuote(first.id, 13);
    // Sent now: not yet 24 hours old, so not in the fill rate.
    await firmQuote(t);
    // Booked 10 days ago: in the 30-day figures only.
    const older = await bookedQuote(first.id, 14);

    await retime(weekly, 3 * HOUR, [2 * HOUR]); // 1 h
    await retime(released, 5 * HOUR, [290 * MINUTE, 280 * MINUTE]); // 10 min, then 20 min
    await retime(approved, 2 * HOUR, [90 * MINUTE]); // 30 min
    await retime(filled, 30 * HOUR, [28 * HOUR]); // 2 h
    await retime(unbooked, 30 * HOUR);
    await retime(late, 30 * HOUR, [1 * HOUR]); // 29 h
    await retime(older, 11 * 24 * HOUR, [10 * 24 * HOUR]); // 24 h
    // The release, just after the booking it gives back.
    await t.database.db
      .update(jobEvent)
      .set({ createdAt: at(285 * MINUTE) })
      .where(and(eq(jobEvent.jobId, released), eq(jobEvent.toStatus, "released")));
    // One of the weekly request's generated visits, dated 30 hours back: still not a request.
    const visits = await t.database.db
      .select({ id: job.id })
      .from(job)
      .where(and(eq(job.seriesId, (await seriesOf(weekly))!), ne(job.id, weekly)));
    expect(visits.length).toBeGreaterThan(0);
    await t.database.db
      .update(job)
      .set({ createdAt: at(30 * HOUR) })
      .where(eq(job.id, visits[0]!.id));
  });

  async function seriesOf(jobId: string) {
    const [row] = await t.database.db
      .select({ seriesId: job.seriesId })
      .from(job)
      .where(and(eq(job.id, jobId), isNotNull(job.seriesId)));
    return row?.seriesId;
  }

  const figures = async (range: number) => {
    const response = await t.app.inject({
      url: `/api/admin/booking-figures?range=${range}`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it("counts bookings, the instant share, the median time to book, the fill rate and the releases", async () => {
    expect(await figures(7)).toEqual({
      range: 7,
      // weekly, released (booked and rebooked), approved, filled, late.
      bookings: 6,
      // All but the approved offer; the released booking counts by its event, though the job no longer says it.
      instantBookings: 5,
      // 10 min, 20 min, 30 min, 1 h, 2 h, 29 h: the middle two are 30 min and 1 h.
      medianSecondsToBooked: 45 * 60,
      // filled, unbooked, late (the generated visit and the request sent now are not counted).
      requestsDue: 3,
      filledInTime: 1,
      releases: 1,
    });
  });

  it("widens to the range asked: the booking 10 days ago counts in 30 days", async () => {
    const month = await figures(30);
    expect(month).toMatchObject({ range: 30, bookings: 7, instantBookings: 6, releases: 1 });
    // Now 7 times: 10 min, 20 min, 30 min, 1 h, 2 h, 24 h, 29 h; the middle one is 1 h.
    expect(month.medianSecondsToBooked).toBe(3600);
    // Sent 11 days ago and booked 24 hours later: exactly within its 24 hours.
    expect(month).toMatchObject({ requestsDue: 4, filledInTime: 2 });
  });

  it("answers nothing counted as zeros and no median", async () => {
    await t.database.db.update(jobEvent).set({ createdAt: at(200 * 24 * HOUR) });
    await t.database.db.update(job).set({ createdAt: at(200 * 24 * HOUR) });
    expect(await figures(90)).toEqual({
      range: 90,
      bookings: 0,
      instantBookings: 0,
      medianSecondsToBooked: null,
      requestsDue: 0,
      filledInTime: 0,
      releases: 0,
    });
  });

  it("is for admins only", async () => {
    expect((await t.app.inject({ url: "/api/admin/booking-figures" })).statusCode).toBe(401);
    for (const role of ["customer", "landscaper"] as const) {
      const account = await signUpAs(t.app, t.database, role);
      const response = await t.app.inject({
        url: "/api/admin/booking-figures",
        headers: { cookie: account.cookie },
      });
      expect(response.statusCode, role).toBe(403);
    }
  });
});
