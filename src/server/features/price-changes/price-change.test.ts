import { buffer } from "node:stream/consumers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday, todayInCharlotte } from "../../../shared/dates.js";
import { priceChangeMessages } from "../../../shared/price-change.js";
import { job, jobEvent, jobPhoto, jobPriceChange, notification, outbox, payment } from "../../db/schema.js";
import { type SignedUp, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { takeRequest } from "../../test/booking-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { expectFieldErrors } from "../../test/field-errors.js";
import { createLandscaper, postMultipart } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { addPhotos, cameraJpeg } from "../../test/photo-helpers.js";
import { postQuote, validQuote } from "../../test/quote-helpers.js";
import { reliabilityOf } from "../landscapers/index.js";

const ZIP = "28203";

/**
 * A price change before the work (issue 34): the landscaper of a firm-priced job asks a new price with a reason
 * and photos; only the customer answers. Approving makes it the agreed price (and the hold follows); declining
 * keeps the agreed price and lets the landscaper leave without a mark. Charges never pass what was approved.
 */
describe("a price change before the work", () => {
  const t = useTestApp();
  let pro: SignedUp;
  let rival: SignedUp;
  let customer: SignedUp;
  let stranger: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    pro = await createLandscaper(t, { status: "approved", zips: [ZIP], name: "Carlos Mendoza" });
    rival = await createLandscaper(t, { status: "approved", zips: [ZIP], name: "Rita Rival" });
    customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
    await saveCard(t.app, customer.cookie);
    stranger = await signUp(t.app, { role: "customer", name: "Sam Stranger" });
    admin = await signUpAs(t.app, t.database, "admin");
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
  const rowOf = async (id: string) => (await t.database.db.select().from(job).where(eq(job.id, id)))[0]!;
  const paymentsOf = (id: string) =>
    t.database.db.select().from(payment).where(eq(payment.jobId, id)).orderBy(payment.createdAt);
  const eventsOf = async (id: string) =>
    (
      await t.database.db.select().from(jobEvent).where(eq(jobEvent.jobId, id)).orderBy(jobEvent.createdAt)
    ).map((e) => e.toStatus);
  const customerView = async (id: string) => {
    const list = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
    return list.json().jobs.find((j: { id: string }) => j.id === id);
  };
  const proView = async (id: string, who = pro) =>
    (await t.app.inject({ url: `/api/landscaper/jobs/${id}`, headers: { cookie: who.cookie } })).json().job;

  /** A one-time mow of a 10,000–15,000 sq ft lawn: a firm price, taken by the pro at that price. */
  async function accepted(options: { days?: number; firm?: boolean } = {}): Promise<string> {
    const days = options.days ?? 3;
    const quote = await postQuote(
      t.app,
      validQuote({
        email: customer.email,
        zipCode: ZIP,
        services: ["lawn-mowing"],
        preferredDate: daysFromToday(days),
        ...(options.firm === false ? {} : { sizeTier: "m" }),
      }),
      customer.cookie,
    );
    expect(quote.statusCode, quote.body).toBe(200);
    const id = quote.json().quote.id as string;
    // A firm price is offered and booked (issue 35); a price the pro names waits for the approval.
    await takeRequest(t, {
      proCookie: pro.cookie,
      customerCookie: customer.cookie,
      jobId: id,
      body: options.firm === false ? { price: 60 } : {},
    });
    return id;
  }

  async function booked(options: { days?: number } = {}): Promise<string> {
    // The firm price's offer is booked as it is taken.
    const id = await accepted(options);
    expect((await rowOf(id)).status).toBe("scheduled");
    return id;
  }

  async function ask(
    id: string,
    options: { price?: string; reason?: string; photos?: number; who?: SignedUp; files?: Buffer[] } = {},
  ) {
    const files =
      options.files ?? (await Promise.all(Array.from({ length: options.photos ?? 1 }, () => cameraJpeg())));
    return postMultipart(
      t.app,
      `/api/jobs/${id}/price-change`,
      [
        ...(options.price === undefined ? [] : [{ name: "price", value: options.price }]),
        ...(options.reason === undefined ? [] : [{ name: "reason", value: options.reason }]),
        ...files.map((value, i) => ({
          name: `photo${i + 1}`,
          value,
          filename: `IMG_${i + 1}.jpg`,
          contentType: "image/jpeg",
        })),
      ],
      (options.who ?? pro).cookie,
    );
  }
  const reason = "The back lawn is twice what the quote described, with a steep bank.";

  /** Completes the job at `finalPrice` dollars, approves the work, rates with a tip: what is charged in all. */
  async function completeAndPay(id: string, finalPrice: number, tip = 5, higherBecause?: string) {
    await addPhotos(t.app, pro.cookie, id);
    const done = await post(pro, `/api/jobs/${id}/complete`, {
      finalPrice,
      ...(higherBecause ? { reason: higherBecause } : {}),
    });
    expect(done.statusCode, done.body).toBe(200);
    const approved = await post(customer, `/api/jobs/${id}/approve-work`);
    expect(approved.statusCode, approved.body).toBe(200);
    const rated = await post(customer, `/api/jobs/${id}/rate`, {
      rating: 5,
      punctuality: 5,
      communication: 5,
      tip,
    });
    expect(rated.statusCode, rated.body).toBe(200);
    return (await paymentsOf(id)).reduce((sum, row) => sum + row.capturedCents, 0);
  }

  it("is asked by the job's landscaper alone, with a reason and at least one photo, within 50% of the agreed price", async () => {
    const id = await accepted();
    const agreed = (await rowOf(id)).quotedPriceCents!;
    expect(agreed).toBe(5670);

    // Someone else's job, the customer, an admin: refused, nothing written.
    expect((await ask(id, { who: rival, price: "70", reason })).statusCode).toBe(404);
    expect((await ask(id, { who: customer, price: "70", reason })).statusCode).toBe(403);
    expect((await ask(id, { who: admin, price: "70", reason })).statusCode).toBe(403);

    expectFieldErrors(await ask(id, { price: "70", reason, photos: 0 }), {
      photos: priceChangeMessages.photoNeeded,
    });
    expectFieldErrors(await ask(id, { price: "70", reason: "  " }), {
      reason: priceChangeMessages.reasonNeeded,
    });
    expectFieldErrors(await ask(id, { price: "70", reason: "x".repeat(501) }), {
      reason: "Please keep the reason under 500 characters.",
    });
    expectFieldErrors(await ask(id, { price: "", reason }), { price: "New price is required." });
    expectFieldErrors(await ask(id, { price: "85.06", reason }), {
      price: priceChangeMessages.tooHigh("$85.05", "$56.70"),
    });
    expectFieldErrors(await ask(id, { price: "56.70", reason }), {
      price: priceChangeMessages.samePrice("$56.70"),
    });
    const notImage = await ask(id, { price: "70", reason, files: [Buffer.from("%PDF-1.4 not a photo")] });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.code).toBe("unsupported_file");
    expect(await t.database.db.select().from(jobPriceChange).where(eq(jobPriceChange.jobId, id))).toEqual([]);

    // The bound itself is allowed, and so is a lower price; this one asks the most.
    const asked = await ask(id, { price: "85.05", reason, photos: 2 });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(
      "Price change sent. Until the customer answers, the agreed price stands.",
    );
    expect((await rowOf(id)).quotedPriceCents).toBe(agreed);
    expect(await eventsOf(id)).toContain("price_change_asked");

    // One at a time: a second ask is refused until the first is taken back.
    const again = await ask(id, { price: "60", reason });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(priceChangeMessages.alreadyOpen);

    // The customer is told by the bell and by email, and sees the request with its photos (not among the work's).
    const [bell] = await t.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, customer.id), eq(notification.link, "/dashboard/customer")))
      .orderBy(notification.createdAt);
    expect(bell).toBeDefined();
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, customer.email.toLowerCase()));
    const mail = mails.find((m) => m.subject.includes("asks for a price change"));
    expect(mail?.text).toContain("New price asked: $85.05");
    expect(mail?.text).toContain("If you don't answer, nothing changes: the agreed $56.70 stands.");
    const view = await customerView(id);
    expect(view.priceChange).toMatchObject({
      state: "open",
      agreedCents: 5670,
      askedCents: 8505,
      perVisit: false,
      reason,
    });
    expect(view.priceChange.photos).toHaveLength(2);
    expect(view.priceChange.photos[0].kind).toBe("price_change");
    expect(view.photos).toEqual([]);

    // The photos: re-encoded (no camera, no GPS), readable by the job's people, not by another landscaper.
    const photo = view.priceChange.photos[0];
    const seen = await t.app.inject({ url: photo.fullUrl, headers: { cookie: customer.cookie } });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["content-type"]).toBe("image/jpeg");
    expect(seen.rawPayload.includes(Buffer.from("TestCam"))).toBe(false);
    expect((await t.app.inject({ url: photo.thumbUrl, headers: { cookie: rival.cookie } })).statusCode).toBe(
      404,
    );
    const [stored] = await t.database.db.select().from(jobPhoto).where(eq(jobPhoto.id, photo.id));
    const file = await t.app.storage.get(stored!.key);
    expect((await buffer(file!.stream)).includes(Buffer.from("GPS"))).toBe(false);
    // A price change's photos are not the uploader's to remove one by one: they stay as sent.
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/jobs/${id}/photos/${photo.id}`,
      headers: { cookie: pro.cookie },
    });
    expect(removed.statusCode).toBe(409);

    // The landscaper sees where it stands, and cannot ask another while it waits.
    const mine = await proView(id);
    expect(mine.priceChange.state).toBe("open");
    expect(mine.canAskPriceChange).toBe(false);

    // Taking it back: the agreed price stands, the customer is told, and a new ask is possible.
    const back = await post(pro, `/api/jobs/${id}/price-change/withdraw`);
    expect(back.statusCode, back.body).toBe(200);
    expect((await post(pro, `/api/jobs/${id}/price-change/withdraw`)).statusCode).toBe(409);
    expect((await customerView(id)).priceChange.state).toBe("withdrawn");
    expect((await proView(id)).canAskPriceChange).toBe(true);
    expect(
      (await ask(id, { price: "40", reason: "The lawn is smaller than the quote said." })).statusCode,
    ).toBe(200);
  });

  it("takes one of two asks sent at once", async () => {
    const id = await accepted();
    const both = await Promise.all([ask(id, { price: "70", reason }), ask(id, { price: "75", reason })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db.select().from(jobPriceChange).where(eq(jobPriceChange.jobId, id));
    expect(rows).toHaveLength(1);
    // The refused ask's photos were not kept: only the winner's, with its request.
    const photos = await t.database.db.select().from(jobPhoto).where(eq(jobPhoto.jobId, id));
    expect(photos.map((p) => p.priceChangeId)).toEqual([rows[0]!.id]);
  });

  it("is only for a firm price, before the landscaper sets off, and not on a redo visit", async () => {
    const named = await accepted({ firm: false });
    const unfirm = await ask(named, { price: "70", reason });
    expect(unfirm.statusCode).toBe(409);
    expect(unfirm.json().error.message).toBe(priceChangeMessages.notFirm);
    expect((await proView(named)).canAskPriceChange).toBe(false);

    const today = await booked({ days: 0 });
    expect((await post(pro, `/api/jobs/${today}/on-my-way`, { etaMinutes: 30 })).statusCode).toBe(200);
    const late = await ask(today, { price: "70", reason });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(priceChangeMessages.underWay);

    // A redo visit puts right the work done at the agreed price: no new price for it.
    await addPhotos(t.app, pro.cookie, today);
    expect((await post(pro, `/api/jobs/${today}/complete`, { finalPrice: 56.7 })).statusCode).toBe(200);
    const report = { reason: "partly_done", note: "The back yard was not mowed." };
    expect((await post(customer, `/api/jobs/${today}/report-problem`, report)).statusCode).toBe(200);
    const redo = { date: daysFromToday(2), note: "I will finish it." };
    expect((await post(pro, `/api/jobs/${today}/offer-redo`, redo)).statusCode).toBe(200);
    expect((await post(customer, `/api/jobs/${today}/redo/accept`)).statusCode).toBe(200);
    expect((await rowOf(today)).visit).toBe(2);
    const onRedo = await ask(today, { price: "70", reason });
    expect(onRedo.statusCode).toBe(409);
    expect(onRedo.json().error.message).toBe(priceChangeMessages.redoVisit);

    // A cancelled job takes no ask.
    const cancelled = await accepted();
    expect(
      (await post(customer, `/api/jobs/${cancelled}/cancel`, { reason: "Plans changed" })).statusCode,
    ).toBe(200);
    const closed = await ask(cancelled, { price: "70", reason });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe("This job is cancelled and can no longer be given a new price.");
  });

  it("is answered by the job's customer alone", async () => {
    const id = await accepted();
    expect((await ask(id, { price: "70", reason })).statusCode).toBe(200);
    for (const action of ["approve", "decline"]) {
      expect((await post(stranger, `/api/jobs/${id}/price-change/${action}`)).statusCode).toBe(404);
      expect((await post(pro, `/api/jobs/${id}/price-change/${action}`)).statusCode).toBe(403);
      expect((await post(admin, `/api/jobs/${id}/price-change/${action}`)).statusCode).toBe(403);
    }
    expect((await customerView(id)).priceChange.state).toBe("open");
  });

  it("approved: the new price is the agreed one, the held card follows it, and the charge stays within it", async () => {
    const id = await booked({ days: 3 });
    const [hold] = await paymentsOf(id);
    expect(hold).toMatchObject({ status: "held", amountCents: 5670 });
    expect((await ask(id, { price: "70", reason })).statusCode).toBe(200);

    // Two clicks at once: one approves, the other is told there is nothing left to answer.
    const answers = await Promise.all([
      post(customer, `/api/jobs/${id}/price-change/approve`),
      post(customer, `/api/jobs/${id}/price-change/approve`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 200)!.json().message).toBe(
      "New price approved: it is the agreed price now.",
    );
    expect((await rowOf(id)).quotedPriceCents).toBe(7000);
    expect(await eventsOf(id)).toContain("price_change_approved");
    // The old hold released, one new hold for the new amount (shared by both clicks, never two).
    const holds = await paymentsOf(id);
    expect(holds.map((p) => [p.status, p.amountCents])).toEqual([
      ["released", 5670],
      ["held", 7000],
    ]);
    const view = await customerView(id);
    expect(view.priceChange.state).toBe("approved");
    expect(view.payment).toMatchObject({ status: "held", amountCents: 7000 });
    const told = await t.database.db.select().from(notification).where(eq(notification.userId, pro.id));
    expect(told.some((n) => n.message.includes("approved your price change"))).toBe(true);

    // Answered once: no further ask, no second answer.
    expect((await ask(id, { price: "80", reason })).json().error.message).toBe(
      priceChangeMessages.alreadyAnswered,
    );
    expect((await post(customer, `/api/jobs/${id}/price-change/decline`)).statusCode).toBe(409);

    // Completed at the new price and approved: charged the approved $70 and the $5 tip, never more.
    const charged = await completeAndPay(id, 70);
    expect(charged).toBe(7000 + 500);
    expect(charged).toBeLessThanOrEqual(7000 + 500);
  });

  it("approved lower without a hold yet: the price falls, and the later hold takes the new price", async () => {
    const id = await booked({ days: 12 });
    expect(await paymentsOf(id)).toEqual([]);
    expect((await ask(id, { price: "45", reason: "Half the lawn is a new patio." })).statusCode).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/price-change/approve`)).statusCode).toBe(200);
    expect((await rowOf(id)).quotedPriceCents).toBe(4500);
    expect(await paymentsOf(id)).toEqual([]);
    // Above the approved price at completion is the older request flow: the customer did not say yes, so
    // $45 is charged.
    expect(await completeAndPay(id, 50, 0, "Extra edging")).toBe(4500);
  });

  it("declined: the agreed price stands, and leaving the job then leaves no mark on the record", async () => {
    const before = (await reliabilityOf(t.database.db, [pro.id])).get(pro.id)!;
    const id = await booked({ days: 3 });
    expect((await ask(id, { price: "80", reason })).statusCode).toBe(200);
    const declined = await post(customer, `/api/jobs/${id}/price-change/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().message).toBe("Price change declined. The agreed price stands.");
    expect((await post(customer, `/api/jobs/${id}/price-change/approve`)).statusCode).toBe(409);
    expect((await rowOf(id)).quotedPriceCents).toBe(5670);
    expect((await paymentsOf(id)).map((p) => [p.status, p.amountCents])).toEqual([["held", 5670]]);
    const told = await t.database.db.select().from(notification).where(eq(notification.userId, pro.id));
    expect(told.some((n) => n.message.includes("leaves no mark on your record"))).toBe(true);
    const mine = await proView(id);
    expect(mine.priceChange.state).toBe("declined");
    expect(mine.canAskPriceChange).toBe(false);

    const left = await post(pro, `/api/jobs/${id}/withdraw`, {
      reason: "I cannot do it at the agreed price.",
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().message).toBe(
      "You withdrew from the job. The customer has been told. It leaves no mark on your record: they declined your price change.",
    );
    const events = await eventsOf(id);
    expect(events.slice(events.indexOf("price_change_declined"))).toEqual([
      "price_change_declined",
      "left_after_price_declined",
    ]);
    expect((await rowOf(id)).status).toBe("pending");
    expect((await paymentsOf(id))[0]!.status).toBe("released");
    const after = (await reliabilityOf(t.database.db, [pro.id])).get(pro.id)!;
    expect(after.withdrawnJobs).toBe(before.withdrawnJobs);
    expect(after.acceptedJobs).toBe(before.acceptedJobs);

    // The same withdrawal without a declined price change counts, as it always has.
    const plain = await booked({ days: 3 });
    expect((await post(pro, `/api/jobs/${plain}/withdraw`, { reason: "Schedule clash." })).statusCode).toBe(
      200,
    );
    const counted = (await reliabilityOf(t.database.db, [pro.id])).get(pro.id)!;
    expect(counted.withdrawnJobs).toBe(before.withdrawnJobs + 1);
  });

  it("declined and kept: completed at the agreed price, charged within it", async () => {
    const id = await booked({ days: 3 });
    expect((await ask(id, { price: "80", reason })).statusCode).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/price-change/decline`)).statusCode).toBe(200);
    const charged = await completeAndPay(id, 56.7);
    expect(charged).toBe(5670 + 500);
  });

  it("lapses unanswered when the job moves on, the agreed price standing", async () => {
    const id = await booked({ days: 0 });
    expect((await ask(id, { price: "80", reason })).statusCode).toBe(200);
    await addPhotos(t.app, pro.cookie, id);
    expect((await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 56.7 })).statusCode).toBe(200);
    expect((await customerView(id)).priceChange.state).toBe("lapsed");
    expect((await post(customer, `/api/jobs/${id}/price-change/approve`)).statusCode).toBe(409);
    expect((await rowOf(id)).quotedPriceCents).toBe(5670);
    expect(todayInCharlotte()).toBe((await rowOf(id)).scheduledDate);
  });
});
