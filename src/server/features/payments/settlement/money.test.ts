import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../../../shared/dates.js";
import { declineFieldHints, declineMessages } from "../../../../shared/payments.js";
import {
  auditEntry,
  job,
  jobEvent,
  ledgerEntry,
  ledgerTransaction,
  notification,
  outbox,
  payment,
  paymentCustomer,
  paymentMethod,
  testProcessorObject,
} from "../../../db/schema.js";
import { type SignedUp, signUp, signUpAs } from "../../../test/accounts-helpers.js";
import { useTestApp } from "../../../test/build-test-app.js";
import { createJob, createLandscaper } from "../../../test/landscaper-helpers.js";
import { saveCard } from "../../../test/payment-helpers.js";
import { addPhotos } from "../../../test/photo-helpers.js";
import { ledgerTotalsCounted, openPayment, queueAction, reconcile } from "../index.js";
import { runPaymentPass } from "./payment-pass.js";

const HOUR = 3_600_000;

/**
 * The text a PDF draws: pdfkit writes the standard fonts' strings as hex (WinAnsi) in TJ arrays. Latin-1
 * reads them but for WinAnsi's bullet (0x95), the one character beyond it a receipt uses.
 */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const lines = [...source.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((m) =>
    [...m[1]!.matchAll(/<([0-9a-fA-F]+)>/g)]
      .map((h) => Buffer.from(h[1]!, "hex").toString("latin1").replaceAll("\x95", "•"))
      .join(""),
  );
  return lines.join("\n");
}

/**
 * The money of a job through its lifecycle, on the embedded test processor: the hold when the customer
 * approves (or 48 hours before a later visit), the capture when the work is approved (or 48 hours pass),
 * releases and fees on cancellation, tips, and recovery of calls a crash interrupted. The ledger balances
 * after every step.
 */
describe("a job's money", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let pro: { id: string; cookie: string };
  let admin: SignedUp;

  beforeAll(async () => {
    admin = await signUpAs(t.app, t.database, "admin");
    customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
    pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Carlos Mendoza" });
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });

  const pass = (now = new Date()) =>
    runPaymentPass({
      db: t.database.db,
      provider: t.app.paymentProvider,
      publicUrl: t.env.PUBLIC_URL,
      log: t.app.log,
      now: () => now,
      staleAfterMs: 0,
    });

  const paymentsOf = (jobId: string) =>
    t.database.db.select().from(payment).where(eq(payment.jobId, jobId)).orderBy(payment.createdAt);

  const ledgerOf = async (jobId: string) => {
    const rows = await t.database.db
      .select({ kind: ledgerTransaction.kind, account: ledgerEntry.account, cents: ledgerEntry.amountCents })
      .from(ledgerEntry)
      .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
      .where(eq(ledgerTransaction.jobId, jobId));
    return rows.map((r) => `${r.kind} ${r.account} ${r.cents}`).sort();
  };

  /**
   * Every ledger transaction sums to zero, the kept balances equal the entries' sums, and the books agree
   * with the provider's records, payment by payment.
   */
  async function expectBalancedLedger() {
    expect(await reconcile(t.database.db, t.app.paymentProvider)).toEqual([]);
    const unbalanced = await t.database.db.execute(sql`
      select transaction_id from ledger_entry group by transaction_id having sum(amount_cents) <> 0`);
    expect((unbalanced as unknown as { rows: unknown[] }).rows).toEqual([]);
    const summary = await t.app.inject({ url: "/api/admin/dashboard", headers: { cookie: admin.cookie } });
    const counted = await ledgerTotalsCounted(t.database.db);
    expect(summary.json().money).toEqual({
      revenueCents: counted.revenueCents,
      tipsCents: counted.tipsCents,
      platformCents: counted.platformCents,
      payoutsCents: counted.landscaperEarnedCents,
    });
  }

  /** A job accepted at `price` dollars for `visit` (days from today). */
  async function accepted(options: { price?: number; visit?: number; who?: SignedUp } = {}) {
    const id = await createJob(t.app, { cookie: (options.who ?? customer).cookie, zipCode: "28202" });
    const response = await post(pro, `/api/jobs/${id}/accept`, {
      price: options.price ?? 120,
      scheduledDate: daysFromToday(options.visit ?? 3),
    });
    expect(response.statusCode, response.body).toBe(200);
    return id;
  }

  it("refuses to book without a card, and books nothing", async () => {
    const id = await accepted();
    const response = await post(customer, `/api/jobs/${id}/approve`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      card: "Add a card to approve this booking. It is charged only after the work is done.",
    });
    expect((await t.database.db.select().from(job).where(eq(job.id, id)))[0]!.status).toBe("accepted");
    expect(await paymentsOf(id)).toEqual([]);
  });

  it("refuses card numbers that are not test cards, and says why a card is declined", async () => {
    const attempt = (number: string, expiry = "12/34") =>
      post(customer, "/api/payments/cards", { number, expiry, cvc: "123" });
    const real = await attempt("4111 1111 1111 1112");
    expect(real.statusCode).toBe(402);
    expect(real.json().error).toMatchObject({
      code: "card_declined",
      message: declineMessages.not_a_test_card,
    });
    expect((await attempt("4000 0000 0000 0002")).json().error.message).toBe(declineMessages.card_declined);
    // The typed card's fields to change are named: all three for another card, the code alone for a wrong code.
    expect((await attempt("4000 0000 0000 0002")).json().error.fields).toEqual({
      card: declineMessages.card_declined,
      ...declineFieldHints.card_declined,
    });
    expect(Object.keys((await attempt("4000 0000 0000 0127")).json().error.fields)).toEqual(["card", "cvc"]);
    expect((await attempt("4000 0000 0000 9995")).json().error.message).toBe(
      declineMessages.insufficient_funds,
    );
    expect((await attempt("4242 4242 4242 4242", "01/20")).json().error.message).toBe(
      declineMessages.expired_card,
    );
    const badInput = await attempt("4242");
    expect(badInput.statusCode).toBe(400);
    expect(badInput.json().error.fields.number).toBe("A card number is 13 to 19 digits.");
    const list = await t.app.inject({ url: "/api/payments/cards", headers: { cookie: customer.cookie } });
    expect(list.json()).toEqual({ cards: [], mode: "test", cancellationFeeCents: 2500 });
  });

  it("holds the price at approval when the visit is close, captures it when the work is approved", async () => {
    const card = await saveCard(t.app, customer.cookie);
    expect(card.last4).toBe("4242");
    const id = await accepted({ price: 120, visit: 3 });
    const approve = await post(customer, `/api/jobs/${id}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
    const [hold] = await paymentsOf(id);
    expect(hold).toMatchObject({ kind: "job", status: "held", amountCents: 12000, capturedCents: 0 });
    expect(hold!.pendingAction).toBeNull();
    expect(await ledgerOf(id)).toEqual([]);

    // Completed at $110: less than the hold, so only that is captured; the rest goes back.
    await addPhotos(t.app, pro.cookie, id);
    expect((await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 110 })).statusCode).toBe(200);
    const list = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
    expect(list.json().jobs.find((j: { id: string }) => j.id === id).payment).toMatchObject({
      status: "held",
      amountCents: 12000,
      card: "Visa •••• 4242",
    });
    const approved = await post(customer, `/api/jobs/${id}/approve-work`);
    expect(approved.statusCode, approved.body).toBe(200);
    const [captured] = await paymentsOf(id);
    expect(captured).toMatchObject({ status: "captured", capturedCents: 11000 });
    expect(await ledgerOf(id)).toEqual([
      "job_charge landscaper -8250",
      "job_charge platform_fees -2750",
      "job_charge processor 11000",
    ]);
    // Approving again changes nothing and charges nothing.
    expect((await post(customer, `/api/jobs/${id}/approve-work`)).statusCode).toBe(409);
    expect(await paymentsOf(id)).toHaveLength(1);

    // A $15 tip is its own charge, all of it the landscaper's.
    const rated = await post(customer, `/api/jobs/${id}/rate`, {
      rating: 5,
      punctuality: 5,
      communication: 5,
      tip: 15,
    });
    expect(rated.statusCode, rated.body).toBe(200);
    const tips = (await paymentsOf(id)).filter((p) => p.kind === "tip");
    expect(tips).toMatchObject([{ status: "captured", capturedCents: 1500 }]);
    expect(await ledgerOf(id)).toContain("tip landscaper -1500");
    await expectBalancedLedger();

    // The receipt: emailed once with its PDF, and downloadable by the customer (and admins) alone.
    const receipts = await t.database.db.select().from(outbox).where(eq(outbox.template, "receipt"));
    const mine = receipts.filter(
      (r) => (r.payload as { attachments: { jobId: string }[] }).attachments[0]!.jobId === id,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain("Your card was charged $110.00");
    const pdf = await t.app.inject({ url: `/api/jobs/${id}/receipt`, headers: { cookie: customer.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      "Receipt for JOB-",
      "Lawn Mowing",
      "$110.00",
      "$15.00",
      "$125.00",
      "Carlos Mendoza",
      "Visa •••• 4242",
    ])
      expect(text).toContain(expected);
    const stranger = await signUp(t.app, { role: "customer" });
    expect(
      (await t.app.inject({ url: `/api/jobs/${id}/receipt`, headers: { cookie: stranger.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/jobs/${id}/receipt`, headers: { cookie: pro.cookie } })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/jobs/${id}/receipt`, headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
  });

  it("books nothing when the card refuses the hold, and says why", async () => {
    const other = await signUp(t.app, { role: "customer" });
    await saveCard(t.app, other.cookie, "4000 0000 0000 0341");
    const id = await accepted({ who: other });
    const response = await post(other, `/api/jobs/${id}/approve`);
    expect(response.statusCode).toBe(402);
    expect(response.json().error.message).toBe(declineMessages.card_declined);
    expect((await t.database.db.select().from(job).where(eq(job.id, id)))[0]!.status).toBe("accepted");
    expect(await paymentsOf(id)).toMatchObject([{ status: "failed", failureCode: "card_declined" }]);

    // With a good card the same booking goes through: one hold, on the new card.
    await saveCard(t.app, other.cookie);
    expect((await post(other, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
    const held = (await paymentsOf(id)).filter((p) => p.status === "held");
    expect(held).toHaveLength(1);
  });

  it("holds one amount when the customer approves several times at once", async () => {
    await saveCard(t.app, customer.cookie);
    const id = await accepted();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(customer, `/api/jobs/${id}/approve`)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect((await paymentsOf(id)).filter((p) => p.status === "held")).toHaveLength(1);

    // The same for a tip sent several times at once: one rating, one tip charged.
    await addPhotos(t.app, pro.cookie, id);
    expect((await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 120 })).statusCode).toBe(200);
    // A review needs the price charged (issue 36): the work is approved first.
    expect((await post(customer, `/api/jobs/${id}/approve-work`)).statusCode).toBe(200);
    const ratings = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(customer, `/api/jobs/${id}/rate`, { rating: 5, punctuality: 5, communication: 5, tip: 10 }),
      ),
    );
    expect(ratings.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await paymentsOf(id)).filter((p) => p.kind === "tip")).toMatchObject([
      { status: "captured", capturedCents: 1000 },
    ]);
    await expectBalancedLedger();
  });

  it("holds a later visit 48 hours before it, from the scheduled pass, once", async () => {
    const id = await accepted({ visit: 10 });
    expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
    expect(await paymentsOf(id)).toEqual([]);
    // Seven days on: still three days away, nothing yet.
    await pass(new Date(Date.now() + 7 * 24 * HOUR));
    expect(await paymentsOf(id)).toEqual([]);
    const eightDaysOn = new Date(Date.now() + 8 * 24 * HOUR);
    await Promise.all([pass(eightDaysOn), pass(eightDaysOn)]);
    expect(await paymentsOf(id)).toMatchObject([{ status: "held", amountCents: 12000 }]);
    await pass(eightDaysOn);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it("tells the customer and the landscaper when the hold before the visit fails", async () => {
    const other = await signUp(t.app, { role: "customer" });
    await saveCard(t.app, other.cookie, "4000 0000 0000 0341");
    const id = await accepted({ who: other, visit: 10 });
    expect((await post(other, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
    await pass(new Date(Date.now() + 8 * 24 * HOUR));
    expect(await paymentsOf(id)).toMatchObject([{ status: "failed" }]);
    const told = await t.database.db
      .select({ userId: notification.userId, message: notification.message })
      .from(notification)
      .where(
        sql`${notification.message} like '%could not%held%' or ${notification.message} like '%could not hold%'`,
      );
    expect(told.map((n) => n.userId).sort()).toEqual([other.id, pro.id].sort());
    // The same card is not tried again; a new one is, on the next pass.
    await pass(new Date(Date.now() + 8 * 24 * HOUR));
    expect(await paymentsOf(id)).toHaveLength(1);
    await saveCard(t.app, other.cookie);
    await pass(new Date(Date.now() + 8 * 24 * HOUR));
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(["failed", "held"]);
  });

  it("releases the hold when the customer cancels early, and takes the fee when they cancel late", async () => {
    const early = await accepted({ visit: 3 });
    expect((await post(customer, `/api/jobs/${early}/approve`)).statusCode).toBe(200);
    expect((await post(customer, `/api/jobs/${early}/cancel`, { reason: "Away" })).statusCode).toBe(200);
    expect(await paymentsOf(early)).toMatchObject([{ status: "released", capturedCents: 0 }]);
    expect(await ledgerOf(early)).toEqual([]);

    const late = await accepted({ visit: 0 });
    expect((await post(customer, `/api/jobs/${late}/approve`)).statusCode).toBe(200);
    const unconfirmed = await post(customer, `/api/jobs/${late}/cancel`, { reason: "Away" });
    expect(unconfirmed.statusCode).toBe(409);
    expect(await paymentsOf(late)).toMatchObject([{ status: "held" }]);
    const confirmed = await post(customer, `/api/jobs/${late}/cancel`, {
      reason: "Away",
      acceptedFeeCents: 2500,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await paymentsOf(late)).toMatchObject([{ status: "captured", capturedCents: 2500 }]);
    expect(await ledgerOf(late)).toEqual([
      "cancellation_fee landscaper -2500",
      "cancellation_fee processor 2500",
    ]);
    await expectBalancedLedger();
  });

  it("releases the hold when the landscaper withdraws, and the job is open to others again", async () => {
    await saveCard(t.app, customer.cookie);
    const id = await accepted({ visit: 2 });
    expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/withdraw`, { reason: "x" })).statusCode).toBe(403);
    const rival = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Rita Rival" });
    expect((await post(rival, `/api/jobs/${id}/withdraw`, { reason: "x" })).statusCode).toBe(404);
    const noReason = await post(pro, `/api/jobs/${id}/withdraw`, { reason: " " });
    expect(noReason.json().error.fields).toEqual({
      reason: "Please tell the customer why you are withdrawing.",
    });
    const withdrawn = await post(pro, `/api/jobs/${id}/withdraw`, { reason: "My mower broke down." });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({
      ok: true,
      message: "You withdrew from the job. The customer has been told.",
    });
    const [row] = await t.database.db.select().from(job).where(eq(job.id, id));
    expect(row).toMatchObject({
      status: "pending",
      landscaperId: null,
      quotedPriceCents: null,
      scheduledDate: null,
    });
    expect(await paymentsOf(id)).toMatchObject([{ status: "released", capturedCents: 0 }]);
    const told = await t.database.db.select().from(notification).where(eq(notification.userId, customer.id));
    expect(
      told.some((n) => n.message.includes("withdrew") && n.message.includes("My mower broke down.")),
    ).toBe(true);
    // Another landscaper takes it; the one who left no longer has it among new requests.
    expect((await post(rival, `/api/jobs/${id}/accept`, { price: 110 })).statusCode).toBe(200);
    await expectBalancedLedger();
  });

  it("approves and charges the work 48 hours after completion unless a problem is reported", async () => {
    const silent = await accepted();
    const reported = await accepted();
    for (const id of [silent, reported]) {
      expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
      await addPhotos(t.app, pro.cookie, id);
      expect((await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 120 })).statusCode).toBe(200);
    }
    const report = await post(customer, `/api/jobs/${reported}/report-problem`, {
      reason: "partly_done",
      note: "Half the lawn is uncut",
    });
    expect(report.statusCode, report.body).toBe(200);
    await pass(new Date(Date.now() + 47 * HOUR));
    expect((await paymentsOf(silent))[0]!.status).toBe("held");
    await pass(new Date(Date.now() + 49 * HOUR));
    expect((await paymentsOf(silent))[0]).toMatchObject({ status: "captured", capturedCents: 12000 });
    expect((await paymentsOf(reported))[0]!.status).toBe("held");
    const events = await t.database.db
      .select()
      .from(jobEvent)
      .where(and(eq(jobEvent.jobId, silent), eq(jobEvent.toStatus, "work_approved")));
    expect(events).toMatchObject([{ actorId: null }]);
    await expectBalancedLedger();
  });

  it("charges a final price above the agreed one only when the customer says yes to it", async () => {
    await saveCard(t.app, customer.cookie);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await accepted({ price: 100 });
      expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
      await addPhotos(t.app, pro.cookie, id);
      // Above the agreed price: a reason is needed, and at most 50% more.
      const bare = await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 130 });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().error.fields).toEqual({
        reason: "Tell the customer why the price is higher than agreed.",
      });
      const tooHigh = await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 150.01, reason: "More" });
      expect(tooHigh.json().error.fields).toEqual({
        finalPrice: "The final price can be at most $150.00: 50% above the agreed $100.00.",
      });
      const done = await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 130, reason: "Two extra beds" });
      expect(done.statusCode, done.body).toBe(200);
      ids.push(id);
    }
    const [approved, declined, silent] = ids as [string, string, string];
    const view = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
    expect(view.json().jobs.find((j: { id: string }) => j.id === approved)).toMatchObject({
      finalPriceCents: 10000,
      priceRequest: { requestedCents: 13000, reason: "Two extra beds", answer: "pending" },
    });
    // The newest by its time, not by where the table happens to keep it (a select without an order has none).
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, "job_complete"))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(mail!.text).toContain("asks $130.00 instead of the agreed $100.00");

    expect(
      (await post(customer, `/api/jobs/${approved}/approve-work`, { acceptNewPrice: true })).statusCode,
    ).toBe(200);
    expect((await paymentsOf(approved)).map((p) => [p.kind, p.status, p.capturedCents])).toEqual([
      ["job", "captured", 10000],
      ["extra", "captured", 3000],
    ]);
    // Approving the work without a yes to the new price: the agreed price, and the answer is recorded.
    expect((await post(customer, `/api/jobs/${declined}/approve-work`)).statusCode).toBe(200);
    expect((await paymentsOf(declined)).map((p) => [p.kind, p.status, p.capturedCents])).toEqual([
      ["job", "captured", 10000],
    ]);
    const after = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
    const answers = Object.fromEntries(
      after
        .json()
        .jobs.map((j: { id: string; priceRequest: { answer: string } | null }) => [
          j.id,
          j.priceRequest?.answer,
        ]),
    );
    expect([answers[approved], answers[declined], answers[silent]]).toEqual([
      "approved",
      "declined",
      "pending",
    ]);
    // Silence settles at the agreed price.
    await pass(new Date(Date.now() + 49 * HOUR));
    expect((await paymentsOf(silent)).map((p) => [p.kind, p.status, p.capturedCents])).toEqual([
      ["job", "captured", 10000],
    ]);
    await expectBalancedLedger();
  });

  // Issue 31, finding 1: a $50 booking completed at $100,000 with no hold yet was captured in full after the
  // approval window; reported and resolved by an admin with "Release payment", a $5,000 completion charged $5,000.
  it("never charges more than the agreed price without the customer's yes, whoever settles", async () => {
    await saveCard(t.app, customer.cookie);
    const booked = async (visit: number) => {
      const id = await accepted({ price: 50, visit });
      expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
      await addPhotos(t.app, pro.cookie, id);
      return id;
    };
    // No hold yet (the visit is 10 days away): silence.
    const silent = await booked(10);
    expect(await paymentsOf(silent)).toEqual([]);
    const huge = await post(pro, `/api/jobs/${silent}/complete`, { finalPrice: 100_000, reason: "More" });
    expect(huge.statusCode).toBe(400);
    expect(
      (await post(pro, `/api/jobs/${silent}/complete`, { finalPrice: 75, reason: "More" })).statusCode,
    ).toBe(200);
    await pass(new Date(Date.now() + 49 * HOUR));
    expect((await paymentsOf(silent)).map((p) => [p.kind, p.status, p.capturedCents])).toEqual([
      ["job", "captured", 5000],
    ]);

    // Reported, then an admin releases the payment: the agreed price, no second charge.
    const reported = await booked(3);
    expect(
      (await post(pro, `/api/jobs/${reported}/complete`, { finalPrice: 75, reason: "More" })).statusCode,
    ).toBe(200);
    expect(
      (
        await post(customer, `/api/jobs/${reported}/report-problem`, {
          reason: "not_done",
          note: "Half done",
        })
      ).statusCode,
    ).toBe(200);
    const resolved = await post(admin, `/api/admin/jobs/${reported}/resolve`, {
      resolution: "release_payment",
      note: "Work was done",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await paymentsOf(reported)).map((p) => [p.kind, p.status, p.capturedCents])).toEqual([
      ["job", "captured", 5000],
    ]);
    // The customer cannot say yes to the new price after the work was settled.
    expect(
      (await post(customer, `/api/jobs/${reported}/approve-work`, { acceptNewPrice: true })).statusCode,
    ).toBe(409);
    expect(await paymentsOf(reported)).toHaveLength(1);
    await expectBalancedLedger();
  });

  it("lets an admin refund part of a charge, charge or release reported work, and lists it all", async () => {
    await saveCard(t.app, customer.cookie);
    const done = async () => {
      const id = await accepted({ price: 200 });
      expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
      await addPhotos(t.app, pro.cookie, id);
      expect((await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 200 })).statusCode).toBe(200);
      return id;
    };
    const charged = await done();
    expect((await post(customer, `/api/jobs/${charged}/approve-work`)).statusCode).toBe(200);
    const tooMuch = await post(admin, `/api/admin/jobs/${charged}/refund`, {
      amount: 250,
      reason: "Too much",
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields).toEqual({ amount: "At most $200.00 can be refunded for this job." });
    expect(
      (await post(customer, `/api/admin/jobs/${charged}/refund`, { amount: 50, reason: "x" })).statusCode,
    ).toBe(403);
    const refund = await post(admin, `/api/admin/jobs/${charged}/refund`, {
      amount: 50,
      reason: "Edges were missed",
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await paymentsOf(charged)).toMatchObject([{ capturedCents: 20000, refundedCents: 5000 }]);
    expect((await ledgerOf(charged)).filter((line) => line.startsWith("refund"))).toEqual([
      "refund landscaper 3750",
      "refund platform_fees 1250",
      "refund processor -5000",
    ]);
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.template, "refund"));
    expect(
      mail.some((m) => m.text.includes("We refunded $50.00") && m.text.includes("Edges were missed")),
    ).toBe(true);
    // The rest can be refunded later; no more than was charged.
    expect(
      (await post(admin, `/api/admin/jobs/${charged}/refund`, { amount: 150.01, reason: "x" })).statusCode,
    ).toBe(400);
    expect(
      (await post(admin, `/api/admin/jobs/${charged}/refund`, { amount: 150, reason: "Full" })).statusCode,
    ).toBe(200);
    expect(await paymentsOf(charged)).toMatchObject([{ refundedCents: 20000 }]);

    const reportedA = await done();
    const reportedB = await done();
    for (const id of [reportedA, reportedB])
      expect(
        (await post(customer, `/api/jobs/${id}/report-problem`, { reason: "not_done", note: "Not finished" }))
          .statusCode,
      ).toBe(200);
    const list = await t.app.inject({ url: "/api/admin/payments", headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    const reported = list.json().attention.reported.map((r: { jobId: string }) => r.jobId);
    expect(reported).toEqual(expect.arrayContaining([reportedA, reportedB]));
    expect(list.json().items[0]).toMatchObject({ kind: "refund", amountCents: -15000, jobId: charged });

    expect((await post(admin, `/api/admin/jobs/${reportedA}/charge-reported`)).statusCode).toBe(200);
    expect((await paymentsOf(reportedA))[0]).toMatchObject({ status: "captured", capturedCents: 20000 });
    expect((await post(admin, `/api/admin/jobs/${reportedB}/release-payment`)).statusCode).toBe(200);
    expect((await paymentsOf(reportedB))[0]).toMatchObject({ status: "released", capturedCents: 0 });
    expect((await post(admin, `/api/admin/jobs/${reportedB}/release-payment`)).statusCode).toBe(409);
    const after = await t.app.inject({
      url: "/api/admin/payments?kind=refund",
      headers: { cookie: admin.cookie },
    });
    expect(after.json().attention.reported.map((r: { jobId: string }) => r.jobId)).not.toContain(reportedA);
    expect(after.json().items.every((i: { kind: string }) => i.kind === "refund")).toBe(true);
    const csv = await t.app.inject({
      url: "/api/exports/payments.csv?kind=refund",
      headers: { cookie: admin.cookie },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("Date,Kind,Job ID,Client Name,Landscaper Name,Description,Amount");
    expect(lines.slice(1).map((line) => line.split(",").at(-1))).toEqual(["-150", "-50"]);
    expect(lines[1]).toContain(",Refund,JOB-");

    // One account's money (Admin → Users' Payments link): this customer's movements, nobody else's.
    const mine = await t.app.inject({
      url: `/api/admin/payments?user=${encodeURIComponent(customer.id)}`,
      headers: { cookie: admin.cookie },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const mineItems = mine.json().items as { jobId: string | null }[];
    expect(mineItems.map((i) => i.jobId)).toEqual(expect.arrayContaining([charged, reportedA]));
    const owners = await t.database.db
      .select({ id: job.id, customerId: job.customerId })
      .from(job)
      .where(
        inArray(
          job.id,
          mineItems.map((i) => i.jobId!),
        ),
      );
    expect(owners.every((o) => o.customerId === customer.id)).toBe(true);
    const nobody = await t.app.inject({
      url: "/api/admin/payments?user=nobody",
      headers: { cookie: admin.cookie },
    });
    expect(nobody.json().items).toEqual([]);

    // Each of our team's money actions is on the audit trail with who did it (issue 38).
    const audits = await t.database.db
      .select()
      .from(auditEntry)
      .where(inArray(auditEntry.targetId, [charged, reportedA, reportedB]));
    expect(audits.map((a) => a.action).sort()).toEqual([
      "job.charge_reported",
      "job.refund",
      "job.refund",
      "job.release_payment",
    ]);
    expect(audits.every((a) => a.actorId === admin.id)).toBe(true);
    await expectBalancedLedger();
  });

  it("recovers a call whose answer was never recorded, without charging twice", async () => {
    const id = await accepted();
    expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
    await addPhotos(t.app, pro.cookie, id);
    expect((await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 120 })).statusCode).toBe(200);
    const [held] = await paymentsOf(id);
    // The capture is written down and the processor captures, then the instance dies before recording it.
    const queued = await queueAction(t.database.db, {
      paymentId: held!.id,
      action: "capture",
      amountCents: 12000,
      key: `job:${id}:capture:${held!.id}`,
    });
    await t.app.paymentProvider.capture({
      paymentId: held!.providerPaymentId!,
      amountCents: 12000,
      idempotencyKey: queued!.pendingKey!,
    });
    expect((await paymentsOf(id))[0]!.status).toBe("held");
    await pass();
    expect(await paymentsOf(id)).toMatchObject([
      { status: "captured", capturedCents: 12000, pendingAction: null },
    ]);
    expect(await ledgerOf(id)).toHaveLength(3);
    await pass();
    expect(await ledgerOf(id)).toHaveLength(3);

    // A hold asked for and granted, never recorded: the pass records the same one, not a second.
    const other = await accepted();
    const card = (
      await t.app.inject({ url: "/api/payments/cards", headers: { cookie: customer.cookie } })
    ).json().cards[0];
    const opened = await openPayment(t.database.db, {
      jobId: other,
      customerId: customer.id,
      methodId: card.id,
      kind: "job",
      action: "authorize",
      amountCents: 12000,
      idempotencyKey: `job:${other}:hold:1`,
      provider: "test",
    });
    const [method] = await t.database.db.select().from(paymentMethod).where(eq(paymentMethod.id, card.id));
    const [account] = await t.database.db
      .select()
      .from(paymentCustomer)
      .where(eq(paymentCustomer.userId, customer.id));
    const granted = await t.app.paymentProvider.authorize({
      customerId: account!.providerCustomerId,
      methodId: method!.providerMethodId,
      amountCents: 12000,
      description: "test",
      idempotencyKey: opened.pendingKey!,
    });
    const intentsBefore = await t.database.db
      .select()
      .from(testProcessorObject)
      .where(eq(testProcessorObject.type, "payment_intent"));
    await pass();
    const [recorded] = await paymentsOf(other);
    expect(recorded).toMatchObject({ id: opened.id, status: "held", providerPaymentId: granted.id });
    const intentsAfter = await t.database.db
      .select()
      .from(testProcessorObject)
      .where(eq(testProcessorObject.type, "payment_intent"));
    expect(intentsAfter.length).toBe(intentsBefore.length);
    await expectBalancedLedger();

    // Money moved at the provider behind our back shows up in the reconciliation.
    const [rogue] = await paymentsOf(id);
    await t.app.paymentProvider.refund({
      paymentId: rogue!.providerPaymentId!,
      amountCents: 500,
      idempotencyKey: "rogue",
    });
    expect(await reconcile(t.database.db, t.app.paymentProvider)).toEqual([
      {
        paymentId: rogue!.id,
        providerPaymentId: rogue!.providerPaymentId,
        problem: "refunded 500 at the provider, 0 here",
      },
    ]);
  });
});
