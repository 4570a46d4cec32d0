import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, daysFromToday, formatCharlotteDateTime, formatLongDate } from "../../../shared/dates.js";
import { freeCancellationEnds } from "../../../shared/payments.js";
import { user } from "../../db/schema.js";
import { signUp } from "../../test/accounts-helpers.js";
import { useFixture, useTestApp } from "../../test/build-test-app.js";
import { type JobCast, jobCast } from "../../test/cast-helpers.js";
import { onlyEvent } from "../../test/ics-reader.js";
import { saveCard } from "../../test/payment-helpers.js";
import { postQuote } from "../../test/quote-helpers.js";
import { offerWeeklySeries, postAs } from "../../test/series-helpers.js";
import { freePort, TestSmtpServer } from "../../test/smtp.js";

// Typed by the customer: a comma and a semicolon, which the calendar file must escape.
const ADDRESS = "600 East Blvd, Apt 3; rear gate, Charlotte, NC 28202";

/**
 * Approving an offer books it: the customer is emailed the day, the landscaper, the price, what is held on
 * the card and when it is charged, the cancellation rule and the arrival, with the visit as a calendar file;
 * the job's "Add to calendar" answers the same file to its customer alone. Through a real SMTP server.
 */
describe("booking confirmation", () => {
  const smtpServer = useFixture(
    async () => {
      const server = new TestSmtpServer(await freePort());
      await server.start();
      return server;
    },
    (server) => server.stop(),
  );
  const t = useTestApp(() => ({ SMTP_URL: smtpServer().url }));
  let cast: JobCast;
  beforeAll(async () => {
    cast = await jobCast(t);
  });

  /** A one-time mowing request at ADDRESS, offered by Carlos at $120 for the day `daysAhead` from today. */
  async function offered(daysAhead: number, customer = cast.customer) {
    const quote = await postQuote(
      t.app,
      {
        fullName: "Olivia Bennett",
        email: customer.email,
        phone: "704-555-0100",
        address: ADDRESS,
        zipCode: "28202",
        services: ["lawn-mowing"],
        preferredDate: daysFromToday(daysAhead),
        additionalNotes: "",
        website: "",
      },
      customer.cookie,
    );
    expect(quote.statusCode, quote.body).toBe(200);
    const { id, number } = quote.json().quote as { id: string; number: number };
    const accept = await postAs(t, cast.pro, `/api/jobs/${id}/accept`, { price: 120 });
    expect(accept.statusCode, accept.body).toBe(200);
    return { id, number, date: daysFromToday(daysAhead) };
  }

  async function approve(jobId: string, customer = cast.customer) {
    const response = await postAs(t, customer, `/api/jobs/${jobId}/approve`);
    expect(response.statusCode, response.body).toBe(200);
    await t.app.outboxWorker.drain();
  }

  const isBooking = (mail: ParsedMail, number: number) =>
    (mail.subject ?? "").startsWith("Booked: ") && (mail.subject ?? "").endsWith(`(JOB-${number})`);
  const bookingMail = (number: number) => smtpServer().waitFor((mail) => isBooking(mail, number));

  function calendarOf(mail: ParsedMail) {
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file!.contentType).toBe("text/calendar");
    return { filename: file!.filename, text: file!.content.toString("utf8") };
  }

  /** The mail's text as one line: the sentences are checked whole, wherever the text wraps. */
  const textOf = (mail: ParsedMail) => (mail.text ?? "").replace(/\s+/g, " ");

  it("emails a booking 3 days away: held now, charged after the work, free to cancel until the day before", async () => {
    const job = await offered(3);
    await approve(job.id);
    const mail = await bookingMail(job.number);
    expect(mail.subject).toBe(`Booked: Lawn Mowing on ${formatLongDate(job.date)} (JOB-${job.number})`);
    const text = textOf(mail);
    for (const fact of [
      "You're booked, Olivia Bennett",
      `Day: ${formatLongDate(job.date)}`,
      "Arrival: No set time (booked by the day)",
      "Landscaper: Queen City Lawn Care · Carlos Mendoza",
      "Price: $120.00",
      `Property: ${ADDRESS}`,
      'There is no set arrival time: visits are booked by the day. When Carlos from Queen City Lawn Care sets off, they send "On my way" with an arrival time',
      "$120.00 is held on Visa •••• 4242. A hold is not a charge.",
      "The price is charged only after the work. When Carlos marks it complete with photos, you approve it (your card is charged) or report a problem (nothing is charged until our team has looked); if you do neither within 48 hours, it is approved and charged. You're never charged more than $120.00 for the work unless you say yes to a higher final price.",
      `Cancelling is free until ${formatCharlotteDateTime(freeCancellationEnds(job.date), "long")} (24 hours before 8 AM on the visit's day), and any hold is released. After that it costs a $25.00 cancellation fee, which goes to Carlos. Once Carlos is on the way, the visit can no longer be cancelled.`,
      "The calendar file attached adds the visit to your calendar.",
      "Open your dashboard: http://localhost:3000/dashboard/customer",
    ])
      expect(text).toContain(fact);
    expect(mail.html).toContain("Queen City Lawn Care · Carlos Mendoza");

    // The calendar file: the visit as an all-day entry, stable per job, at the property.
    const calendar = calendarOf(mail);
    expect(calendar.filename).toBe(`GreenScape-JOB-${job.number}.ics`);
    const event = onlyEvent(calendar.text);
    expect(event.UID).toBe(`job-${job.id}@greenscapecharlotte.com`);
    expect(event["DTSTART;VALUE=DATE"]).toBe(job.date.replaceAll("-", ""));
    expect(event["DTEND;VALUE=DATE"]).toBe(addDaysIso(job.date, 1).replaceAll("-", ""));
    expect(event.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    expect(event.SEQUENCE).toBe("0");
    expect(event.SUMMARY).toBe(`Lawn Mowing with Queen City Lawn Care · Carlos Mendoza (JOB-${job.number})`);
    expect(event.LOCATION).toBe(ADDRESS);
    expect(event.DESCRIPTION).toContain("Price: $120.00");
    expect(event.DESCRIPTION).toContain("Cancelling is free until");
    expect(event.DESCRIPTION).toContain("There is no set arrival time");
    expect(event.TRANSP).toBe("TRANSPARENT");
    expect(event.RRULE).toBeUndefined();
  });

  it("a visit more than 6 days away: the hold comes on the default card 2 days before", async () => {
    const job = await offered(10);
    await approve(job.id);
    const text = textOf(await bookingMail(job.number));
    expect(text).toContain(
      `We'll hold $120.00 on your default card (now Visa •••• 4242) on ${formatLongDate(addDaysIso(job.date, -2))}, 2 days before the visit. A hold is not a charge.`,
    );
  });

  it("a visit today: cancelling already costs the fee", async () => {
    const job = await offered(0);
    await approve(job.id);
    const text = textOf(await bookingMail(job.number));
    expect(text).toContain(
      "The visit is less than 24 hours away, so cancelling costs a $25.00 cancellation fee, which goes to Carlos.",
    );
  });

  it("a series' first visit: the series in words, and a calendar file of this visit alone (no RRULE)", async () => {
    const jobId = await offerWeeklySeries(t, cast, { fullName: "Olivia Bennett", phone: "704-555-0100" });
    await approve(jobId);
    const mail = await smtpServer().waitFor(
      (m) => (m.subject ?? "").startsWith("Booked: ") && textOf(m).includes("SER-"),
    );
    const text = textOf(mail);
    expect(text).toMatch(
      /This visit is part of SER-\d+: every \w+day, \$45\.00 a visit, until you cancel\. The visits after it are each held 2 days before their day and charged after you approve their work, with the same cancellation rule\./,
    );
    expect(text).toContain("Price: $45.00 a visit");
    expect(text).toContain("Skipping this visit is free until");
    expect(text).toContain("The calendar file attached is this visit only");
    const event = onlyEvent(calendarOf(mail).text);
    expect(event.UID).toBe(`job-${jobId}@greenscapecharlotte.com`);
    expect(event.RRULE).toBeUndefined();
    expect(event.DESCRIPTION).toContain("This entry is this visit only");
  });

  it("goes to a customer who turned email updates off, like a receipt", async () => {
    const quiet = await signUp(t.app, { name: "Quinn Quiet" });
    await saveCard(t.app, quiet.cookie);
    await t.database.db.update(user).set({ emailOptIn: false }).where(eq(user.id, quiet.id));
    const job = await offered(4, quiet);
    await approve(job.id, quiet);
    await bookingMail(job.number);
  });

  it("sends nothing when the card refuses the hold: nothing was booked", async () => {
    const refused = await signUp(t.app, { name: "Rita Refused" });
    await saveCard(t.app, refused.cookie, "4000 0000 0000 0341");
    const job = await offered(2, refused);
    const response = await postAs(t, refused, `/api/jobs/${job.id}/approve`);
    expect(response.statusCode).toBe(402);
    await t.app.outboxWorker.drain();
    expect(smtpServer().received.some((mail) => isBooking(mail, job.number))).toBe(false);
  });

  describe("GET /api/jobs/:id/calendar (Add to calendar)", () => {
    let booked: { id: string; number: number; date: string };
    beforeAll(async () => {
      booked = await offered(5);
      await approve(booked.id);
    });
    const get = (jobId: string, cookie?: string) =>
      t.app.inject({ url: `/api/jobs/${jobId}/calendar`, headers: cookie ? { cookie } : {} });

    it("answers the job's customer the same calendar entry the email carried", async () => {
      const response = await get(booked.id, cast.customer.cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8; method=PUBLISH");
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="GreenScape-JOB-${booked.number}.ics"`,
      );
      expect(response.headers["cache-control"]).toBe("private, no-store");
      const { DTSTAMP: _downloaded, ...downloaded } = onlyEvent(response.body);
      const { DTSTAMP: _mailed, ...mailed } = onlyEvent(calendarOf(await bookingMail(booked.number)).text);
      expect(downloaded).toEqual(mailed);
    });

    it("is not found for another customer, refused to a landscaper (even the job's own) and to a visitor", async () => {
      expect((await get(booked.id, cast.stranger.cookie)).statusCode).toBe(404);
      expect((await get(booked.id, cast.pro.cookie)).statusCode).toBe(403);
      expect((await get(booked.id, cast.admin.cookie)).statusCode).toBe(403);
      expect((await get(booked.id)).statusCode).toBe(401);
    });

    it("answers 409 for the customer's own job that is not booked (an offer not approved yet)", async () => {
      const waiting = await offered(6);
      const response = await get(waiting.id, cast.customer.cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        "Only a booked visit can be added to a calendar: this one is not booked now.",
      );
    });
  });
});
