import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { daysFromToday, formatShortDate } from "../../../shared/dates.js";
import { job, jobEvent, landscaper, outbox, payment, user } from "../../db/schema.js";
import {
  book,
  bookingCustomer,
  firmQuote,
  instantPro,
  PROPERTY_ZIP,
  prosOf,
  putAvailability,
  TOWN_ZIPS,
} from "../../test/booking-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper } from "../../test/landscaper-helpers.js";
import { reliabilityOf } from "../landscapers/index.js";

/** Booking a pro at once (issue 35), through the real routes. */
describe("instant booking", () => {
  const t = useTestApp();

  async function proIds(quoteId: string, token: string): Promise<string[]> {
    const response = await prosOf(t, quoteId, token);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().pros as { landscaperId: string }[]).map((p) => p.landscaperId);
  }

  it("keeps a pro's availability, with the defaults before they set it, and refuses bad settings unchanged", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: [PROPERTY_ZIP] });
    const get = () => t.app.inject({ url: "/api/landscaper/availability", headers: { cookie: pro.cookie } });
    expect((await get()).json().availability).toEqual({
      weekdays: [1, 2, 3, 4, 5],
      visitsPerDay: 6,
      noticeHours: 24,
      instantServices: [],
      priceAdjustPercent: 0,
    });
    const saved = await putAvailability(t, pro.cookie, { weekdays: [6, 1], priceAdjustPercent: -10 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().availability.weekdays).toEqual([1, 6]);

    const tooCheap = await putAvailability(t, pro.cookie, { priceAdjustPercent: -40 });
    expect(tooCheap.statusCode).toBe(400);
    expect(tooCheap.body).toContain("At most 30% below the platform's price.");
    const noDays = await putAvailability(t, pro.cookie, { weekdays: [] });
    expect(noDays.statusCode).toBe(400);
    expect(noDays.body).toContain("Choose at least one working day.");
    expect((await get()).json().availability.priceAdjustPercent).toBe(-10);

    const customer = await bookingCustomer(t, `c-${Date.now()}@test.local`);
    const asCustomer = await putAvailability(t, customer.cookie, {});
    expect(asCustomer.statusCode).toBe(403);
  });

  it("offers only approved, unpaused, unbanned pros covering the ZIP with instant booking on for every service", async () => {
    const good = await instantPro(t, { name: "Good Pro" });
    const paused = await instantPro(t, { name: "Paused Pro" });
    const banned = await instantPro(t, { name: "Banned Pro" });
    const pending = await instantPro(t, { name: "Pending Pro" });
    const notInstant = await instantPro(t, { availability: { instantServices: [] } });
    const elsewhere = await createLandscaper(t, { status: "approved", zips: ["28150"], radius: 5 });
    await putAvailability(t, elsewhere.cookie, {});
    await t.database.db
      .update(landscaper)
      .set({ pausedAt: new Date() })
      .where(eq(landscaper.userId, paused.id));
    await t.database.db.update(user).set({ banned: true }).where(eq(user.id, banned.id));
    await t.database.db
      .update(landscaper)
      .set({ status: "pending" })
      .where(eq(landscaper.userId, pending.id));

    const quote = await firmQuote(t);
    const ids = await proIds(quote.id, quote.token);
    expect(ids).toContain(good.id);
    for (const out of [paused, banned, pending, notInstant, elsewhere]) expect(ids).not.toContain(out.id);

    // A change of availability takes the pro out of the choice at once.
    await putAvailability(t, good.cookie, { instantServices: [] });
    expect(await proIds(quote.id, quote.token)).not.toContain(good.id);

    // Without the quote's secret (and not its customer), the request is not found.
    expect((await prosOf(t, quote.id)).statusCode).toBe(404);
    expect((await prosOf(t, quote.id, "not-the-token")).statusCode).toBe(404);
  });

  it("shows each pro's price for the property, first days after their notice on their weekdays, and why they rank", async () => {
    const zip = TOWN_ZIPS[0];
    const dearer = await instantPro(t, { zip, name: "Dear Pro", availability: { priceAdjustPercent: 20 } });
    // Works Saturdays only and needs a week's notice.
    const weekend = await instantPro(t, {
      zip,
      name: "Weekend Pro",
      availability: { weekdays: [6], noticeHours: 168 },
    });
    const quote = await firmQuote(t, { zip, daysAhead: 1 });
    const response = await prosOf(t, quote.id, quote.token);
    const pros = response.json().pros as {
      landscaperId: string;
      perVisitCents: number;
      firstDays: string[];
      reason: string;
      isNew: boolean;
      initials: string;
    }[];
    expect(pros.map((p) => p.landscaperId).sort()).toEqual([dearer.id, weekend.id].sort());
    const dear = pros.find((p) => p.landscaperId === dearer.id)!;
    expect(dear.perVisitCents).toBe(Math.round((quote.perVisitCents * 120) / 100));
    expect(dear.firstDays).toEqual([daysFromToday(1), daysFromToday(2), daysFromToday(3)]);
    // The business name comes first, as every screen names a pro ("Green Thumb Lawn Co.").
    expect(dear.initials).toBe("GT");
    expect(dear.isNew).toBe(true);
    const sat = pros.find((p) => p.landscaperId === weekend.id)!;
    // Saturdays only, none before the week's notice ends, each a week after the last, within three weeks.
    const saturdays = [...Array(21).keys()]
      .map((d) => daysFromToday(d + 1))
      .filter((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 6 && d > daysFromToday(7));
    expect(sat.firstDays.length).toBeGreaterThanOrEqual(2);
    expect(saturdays.slice(0, 3)).toEqual(
      expect.arrayContaining(sat.firstDays.filter((d) => d > daysFromToday(7))),
    );
    for (const day of sat.firstDays) {
      expect(new Date(`${day}T12:00:00Z`).getUTCDay()).toBe(6);
      expect(day >= daysFromToday(7)).toBe(true);
    }
    // Same records (both new), same distance: the cheaper weekend pro ranks first, and says why.
    expect(pros[0]!.landscaperId).toBe(weekend.id);
    expect(pros[0]!.reason).toBe(`Free from ${formatShortDate(sat.firstDays[0]!)}`);
  });

  it("books a chosen pro on a chosen day at the firm price, holds a close visit, and emails the booking", async () => {
    const pro = await instantPro(t, { availability: { priceAdjustPercent: -10 } });
    const quote = await firmQuote(t, { daysAhead: 2 });
    const customer = await bookingCustomer(t, quote.email);
    const date = daysFromToday(2);
    const response = await book(t, customer.cookie, quote.id, {
      token: quote.token,
      landscaperId: pro.id,
      date,
      cardId: customer.cardId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    const price = Math.round((quote.perVisitCents * 90) / 100);
    expect(answer).toMatchObject({ date, firstVisitCents: price, confirmEmail: true, recurring: false });

    const [row] = await t.database.db.select().from(job).where(eq(job.id, quote.id));
    expect(row).toMatchObject({
      status: "scheduled",
      landscaperId: pro.id,
      customerId: customer.id,
      scheduledDate: date,
      quotedPriceCents: price,
      firmPriceCents: price,
    });
    expect(row!.bookedInstantlyAt).not.toBeNull();
    expect(row!.priceLines?.lines.at(-1)).toEqual({
      label: "The pro's own rate (−10%)",
      cents: price - quote.perVisitCents,
    });
    // Two days away: the price is held on the card now, for that price exactly.
    const [hold] = await t.database.db.select().from(payment).where(eq(payment.jobId, quote.id));
    expect(hold).toMatchObject({ status: "held", amountCents: price });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, quote.email.toLowerCase()), eq(outbox.template, "booking_confirmed")));
    expect(mail!.text).toContain("Please confirm your email address");
    expect(JSON.stringify(mail!.payload)).toContain(".ics");

    // Booked once: the same request cannot be booked again, nor with another pro.
    const again = await book(t, customer.cookie, quote.id, {
      token: quote.token,
      landscaperId: pro.id,
      date,
    });
    expect(again.statusCode).toBe(409);
  });

  it("refuses a booking without the quote's secret, a day the pro does not work, and a card-less customer", async () => {
    const pro = await instantPro(t, { availability: { weekdays: [1, 2, 3, 4, 5] } });
    const quote = await firmQuote(t);
    const stranger = await bookingCustomer(t, `stranger-${Date.now()}@test.local`);
    const date = daysFromToday(7);
    const noToken = await book(t, stranger.cookie, quote.id, { landscaperId: pro.id, date });
    expect(noToken.statusCode).toBe(404);

    const customer = await bookingCustomer(t, quote.email);
    const saturday = [...Array(7).keys()]
      .map((d) => daysFromToday(d + 2))
      .find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 6)!;
    const weekend = await book(t, customer.cookie, quote.id, {
      token: quote.token,
      landscaperId: pro.id,
      date: saturday,
    });
    expect(weekend.statusCode).toBe(409);
    expect(weekend.json().error.code).toBe("day_filled");
    const [row] = await t.database.db.select().from(job).where(eq(job.id, quote.id));
    expect(row!.status).toBe("pending");
  });

  it("gives a day's last slot to one of several customers booking it at once; the others hear the next free days", async () => {
    const zip = TOWN_ZIPS[1];
    const pro = await instantPro(t, { zip, availability: { visitsPerDay: 1 } });
    const date = daysFromToday(8);
    // Four customers at once after one slot: one booking, three refusals naming the next free days.
    const quotes = await Promise.all([1, 2, 3, 4].map(() => firmQuote(t, { zip, daysAhead: 8 })));
    const customers = await Promise.all(quotes.map((q) => bookingCustomer(t, q.email)));
    const answers = await Promise.all(
      quotes.map((q, i) =>
        book(t, customers[i]!.cookie, q.id, { token: q.token, landscaperId: pro.id, date }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.code).toBe("day_filled");
      expect(refused.json().error.message).toContain("That day just filled. Next days they can come:");
    }
    const booked = await t.database.db
      .select()
      .from(job)
      .where(and(eq(job.landscaperId, pro.id), eq(job.scheduledDate, date)));
    expect(booked).toHaveLength(1);

    // The full day is no longer offered: the pro's first day is the next one.
    const third = await firmQuote(t, { zip, daysAhead: 8 });
    const pros = (await prosOf(t, third.id, third.token)).json().pros as {
      landscaperId: string;
      firstDays: string[];
    }[];
    expect(pros.find((p) => p.landscaperId === pro.id)?.firstDays[0]).toBe(daysFromToday(9));
  });

  it("books a weekly request's series with the chosen pro, and refuses a booking that names no pro", async () => {
    const zip = TOWN_ZIPS[2];
    const pro = await instantPro(t, { zip });
    const quote = await firmQuote(t, { zip, frequency: "weekly", daysAhead: 10 });
    const customer = await bookingCustomer(t, quote.email);
    const date = daysFromToday(10);
    const noPro = await book(t, customer.cookie, quote.id, { token: quote.token, date });
    expect(noPro.statusCode).toBe(400);
    expect(noPro.body).toContain("Choose a pro.");
    const response = await book(t, customer.cookie, quote.id, {
      token: quote.token,
      landscaperId: pro.id,
      date,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().recurring).toBe(true);
    const [row] = await t.database.db.select().from(job).where(eq(job.id, quote.id));
    expect(row!.landscaperId).toBe(pro.id);
    const visits = await t.database.db.select().from(job).where(eq(job.seriesId, row!.seriesId!));
    expect(visits.length).toBeGreaterThan(1);
    expect(visits.every((v) => v.landscaperId === pro.id && v.status === "scheduled")).toBe(true);
  });

  it("lets the pro release within 2 hours: the next pro is booked at the same price, and the release counts", async () => {
    const zip = TOWN_ZIPS[3];
    const first = await instantPro(t, { zip, name: "First Pro", availability: { priceAdjustPercent: 10 } });
    const quote = await firmQuote(t, { zip, daysAhead: 9 });
    const customer = await bookingCustomer(t, quote.email);
    const date = daysFromToday(9);
    const booked = await book(t, customer.cookie, quote.id, {
      token: quote.token,
      landscaperId: first.id,
      date,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const agreed = booked.json().firstVisitCents;
    const next = await instantPro(t, { zip, name: "Next Pro", availability: { priceAdjustPercent: -20 } });

    const release = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${quote.id}/release`,
      headers: { cookie: first.cookie },
      payload: { reason: "My mower broke down." },
    });
    expect(release.statusCode, release.body).toBe(200);
    const [row] = await t.database.db.select().from(job).where(eq(job.id, quote.id));
    expect(row!.status).toBe("scheduled");
    expect(row!.landscaperId).toBe(next.id);
    expect(row!.scheduledDate).toBe(date);
    // The same price the customer agreed to, whoever comes.
    expect(row!.quotedPriceCents).toBe(agreed);
    const events = await t.database.db.select().from(jobEvent).where(eq(jobEvent.jobId, quote.id));
    expect(events.map((e) => e.toStatus)).toEqual(["pending", "scheduled", "released", "scheduled"]);
    // The release is a withdrawal on the first pro's record; the next pro's record is untouched.
    const records = await reliabilityOf(t.database.db, [first.id, next.id]);
    expect(records.get(first.id)!.withdrawnJobs).toBe(1);
    expect(records.get(next.id)!.withdrawnJobs).toBe(0);
    const told = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, quote.email.toLowerCase()), eq(outbox.template, "booking_released")));
    expect(told[0]!.text).toContain("The next available pro is booked for the same day");
  });

  it("with nobody else free the released request waits for the customer; after 2 hours no release", async () => {
    const zip = TOWN_ZIPS[4];
    const pro = await instantPro(t, { zip, name: "Only Pro" });
    const quote = await firmQuote(t, { zip, daysAhead: 3 });
    const customer = await bookingCustomer(t, quote.email);
    const date = daysFromToday(3);
    const booked = await book(t, customer.cookie, quote.id, {
      token: quote.token,
      landscaperId: pro.id,
      date,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const release = (jobId: string, reason: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/jobs/${jobId}/release`,
        headers: { cookie: pro.cookie },
        payload: { reason },
      });
    const released = await release(quote.id, "Family emergency.");
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().message).toContain("No other pro is free that day");
    const [row] = await t.database.db.select().from(job).where(eq(job.id, quote.id));
    expect(row).toMatchObject({ status: "pending", landscaperId: null, scheduledDate: null });
    // The hold stays until the customer chooses: another day, or cancelling (which releases it).
    const [hold] = await t.database.db.select().from(payment).where(eq(payment.jobId, quote.id));
    expect(hold!.status).toBe("held");
    const told = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, quote.email.toLowerCase()), eq(outbox.template, "booking_released")));
    expect(told[0]!.text).toContain("Choose another day or pro");
    // The customer sees the pros again (not the one who released), without the secret: it is theirs now.
    const again = await prosOf(t, quote.id, undefined, customer.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().pros as { landscaperId: string }[]).map((p) => p.landscaperId)).not.toContain(
      pro.id,
    );

    // A second booking with the same pro, released too late.
    const other = await firmQuote(t, { zip, daysAhead: 12 });
    const otherCustomer = await bookingCustomer(t, other.email);
    expect(
      (
        await book(t, otherCustomer.cookie, other.id, {
          token: other.token,
          landscaperId: pro.id,
          date: daysFromToday(12),
        })
      ).statusCode,
    ).toBe(200);
    await t.database.db
      .update(job)
      .set({ bookedInstantlyAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(job.id, other.id));
    const late = await release(other.id, "Too busy.");
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain("The 2 hours to release this booking have passed.");
  });

  it("with nobody to book at once, says how many pros serve the ZIP instead", async () => {
    const zip = TOWN_ZIPS[5];
    await instantPro(t, { zip, availability: { instantServices: [] } });
    await instantPro(t, { zip, availability: { instantServices: ["leaf-removal"] } });
    const quote = await firmQuote(t, { zip });
    const response = await prosOf(t, quote.id, quote.token);
    expect(response.statusCode, response.body).toBe(200);
    // Neither books mowing at once; both serve the ZIP and see the request in their queue. Too few offers
    // in this database's window to say what is usual.
    expect(response.json()).toMatchObject({ pros: [], nearbyPros: 2 });
    const usual = response.json().usualOfferHours;
    expect(usual === null || usual >= 1).toBe(true);
  });
});
