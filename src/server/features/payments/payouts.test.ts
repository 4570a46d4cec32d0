import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import { payoutWaitText } from "../../../shared/payments.js";
import {
  auditEntry,
  ledgerEntry,
  ledgerTransaction,
  notification,
  payout,
  testProcessorObject,
} from "../../db/schema.js";
import { type SignedUp, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createJob, createLandscaper } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { addPhotos } from "../../test/photo-helpers.js";
import { latestRunDate } from "./index.js";
import { payNowMessage } from "./pay-now-message.js";
import { payoutOutlook } from "./payouts.js";
import { runPayouts } from "./settlement/payment-pass.js";

const HOUR = 3_600_000;
const friday9 = { day: 5, hour: 9 };

describe("the weekly payout run's date", () => {
  it("is the latest Friday 9 AM in Charlotte at or before now, across the clock change", () => {
    // Friday Nov 27, 2026, 9 AM EST is 14:00 UTC.
    expect(latestRunDate(new Date("2026-11-27T14:00:00Z"), friday9)).toBe("2026-11-27");
    expect(latestRunDate(new Date("2026-11-27T13:59:00Z"), friday9)).toBe("2026-11-20");
    expect(latestRunDate(new Date("2026-11-30T12:00:00Z"), friday9)).toBe("2026-11-27");
    // Friday Oct 30 (EDT, 13:00 UTC) and the Friday after the clocks went back (Nov 6, EST, 14:00 UTC).
    expect(latestRunDate(new Date("2026-10-30T13:00:00Z"), friday9)).toBe("2026-10-30");
    expect(latestRunDate(new Date("2026-11-06T13:30:00Z"), friday9)).toBe("2026-10-30");
    expect(latestRunDate(new Date("2026-11-06T14:00:00Z"), friday9)).toBe("2026-11-06");
  });
});

describe("why a balance waits", () => {
  const now = new Date("2026-11-25T15:00:00Z"); // Wednesday; the next Friday 9 AM run is Nov 27, 14:00 UTC.
  const next = "2026-11-27T14:00:00.000Z";
  const outlook = (accountStatus: string | null, balanceCents: number, paidToday = false) =>
    payoutOutlook({ accountStatus, balanceCents, now, schedule: friday9, paidToday });

  it("names the reason and, when known, the date", () => {
    expect(outlook(null, 171900)).toEqual({ wait: "no_account", at: null, nextRunAt: next });
    expect(outlook("onboarding", 500)).toEqual({ wait: "account_unfinished", at: null, nextRunAt: next });
    expect(outlook("ready", 500)).toEqual({ wait: "next_run", at: next, nextRunAt: next });
    expect(outlook("ready", 500, true)).toEqual({ wait: "paid_today", at: next, nextRunAt: next });
    // Nothing owed (or less than nothing, after a refund of paid-out work): nothing waits.
    expect(outlook(null, 0)).toBeNull();
    expect(outlook("ready", -2500)).toBeNull();
  });

  it("says it in a sentence for the landscaper and for admins", () => {
    const you = (o: ReturnType<typeof outlook>) => payoutWaitText(o!, "you");
    const carlos = (o: ReturnType<typeof outlook>) => payoutWaitText(o!, { name: "Carlos Mendoza" });
    expect(you(outlook(null, 100))).toBe(
      "Not paid yet: set up payouts below. Your balance is paid at the first weekly run after that (the next is Fri, Nov 27, 9:00 AM).",
    );
    expect(carlos(outlook("onboarding", 100))).toBe(
      "Carlos Mendoza has not finished payout setup with our payment partner, so no run pays them yet; if they finish before Fri, Nov 27, 9:00 AM, that weekly run pays them.",
    );
    expect(you(outlook("ready", 100))).toBe("Paid at the weekly run, Fri, Nov 27, 9:00 AM.");
    expect(carlos(outlook("ready", 100, true))).toBe(
      "Carlos Mendoza was paid out once today already; the rest is paid at the next weekly run, Fri, Nov 27, 9:00 AM.",
    );
  });

  it("'Pay out now' never says everyone is paid while a balance waits", () => {
    const wait = (name: string, cents: number) => ({
      landscaperId: name,
      landscaperName: name,
      balanceCents: cents,
      outlook: outlook(null, cents)!,
      text: `${name} has not set up payouts.`,
    });
    expect(payNowMessage({ created: 0, paid: 0 }, [])).toBe(
      "Nothing to pay out: no landscaper is owed money.",
    );
    expect(payNowMessage({ created: 2, paid: 2 }, [])).toBe("2 of 2 payouts sent.");
    expect(payNowMessage({ created: 0, paid: 0 }, [wait("Carlos", 171900)])).toBe(
      "No payout sent. $1,719.00 still waits: Carlos has not set up payouts.",
    );
    expect(payNowMessage({ created: 1, paid: 1 }, [wait("Carlos", 171900), wait("Tasha", 100)])).toBe(
      "1 of 1 payouts sent. 2 balances ($1,720.00) still wait; the reasons are listed below.",
    );
  });
});

/**
 * Payouts: each landscaper's balance (75% of captured prices, all tips and fees) paid once a week to their
 * payout account, once however many instances run it; a refused transfer retried, then shown to admins.
 */
describe("weekly payouts", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let pro: { id: string; cookie: string };
  let admin: SignedUp;

  beforeAll(async () => {
    customer = await signUp(t.app, { role: "customer" });
    await saveCard(t.app, customer.cookie);
    pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Carlos Mendoza" });
    admin = await signUpAs(t.app, t.database, "admin");
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
  const run = (now: Date) =>
    runPayouts({
      db: t.database.db,
      provider: t.app.paymentProvider,
      publicUrl: t.env.PUBLIC_URL,
      log: t.app.log,
      now: () => now,
      schedule: friday9,
      env: t.env,
    });
  const earnings = async () =>
    (await t.app.inject({ url: "/api/landscaper/earnings", headers: { cookie: pro.cookie } })).json();

  /** A job done and approved at `price` dollars, with a `tip`: it lands in the landscaper's balance. */
  async function paidJob(price: number, tip = 0) {
    const id = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    expect(
      (await post(pro, `/api/jobs/${id}/accept`, { price, scheduledDate: daysFromToday(1) })).statusCode,
    ).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
    await addPhotos(t.app, pro.cookie, id);
    expect((await post(pro, `/api/jobs/${id}/complete`, { finalPrice: price })).statusCode).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/approve-work`)).statusCode).toBe(200);
    if (tip)
      expect(
        (await post(customer, `/api/jobs/${id}/rate`, { rating: 5, punctuality: 5, communication: 5, tip }))
          .statusCode,
      ).toBe(200);
    return id;
  }

  it("pays the balance once per week, only into a payout account, and shows it on the Earnings tab", async () => {
    await paidJob(120, 15);
    // $90.00 (75% of $120) + $15.00 tip.
    const before = await earnings();
    expect(before).toMatchObject({ account: null, balanceCents: 10500, mode: "test" });
    // Not "nothing due": the balance waits for a payout account, paid at the first run after one.
    expect(before.nextPayout).toEqual({
      at: before.nextPayout.at,
      amountCents: 0,
      outlook: { wait: "no_account", at: null, nextRunAt: before.nextPayout.at },
    });
    expect(await run(new Date())).toMatchObject({ created: 0, paid: 0 });
    // "Pay out now" says whose balance waits and why, not that every account is paid up.
    const waiting = (await post(admin, "/api/admin/payouts/run")).json();
    expect(waiting).toMatchObject({
      created: 0,
      waiting: [
        {
          landscaperId: pro.id,
          landscaperName: "Carlos Mendoza",
          balanceCents: 10500,
          outlook: { wait: "no_account", at: null },
        },
      ],
    });
    expect(waiting.message).toMatch(
      /^No payout sent\. \$105\.00 still waits: Carlos Mendoza has not set up payouts, so no run pays them yet; if they do before \w{3}, \w{3} \d{1,2}, \d{1,2}:00 [AP]M, that weekly run pays them\.$/,
    );

    const setUp = await post(pro, "/api/landscaper/payout-account");
    expect(setUp.json()).toMatchObject({ ready: true, onboardingUrl: null });
    const ready = (await earnings()).nextPayout;
    expect(ready).toMatchObject({ amountCents: 10500, outlook: { wait: "next_run", at: ready.at } });
    // Set up after this week's run: nothing until the next one.
    expect(await run(new Date())).toMatchObject({ created: 0, paid: 0 });
    // Eight days on, so the simulated run's date is after today in Charlotte: from 7 days on, on a Friday
    // before 9 AM its date was today's, which the admin's "Pay out now" below also uses (CI ran at midnight).
    const now = new Date(Date.now() + 8 * 24 * HOUR);
    const [first, second] = await Promise.all([run(now), run(now)]);
    expect(first!.paid + second!.paid).toBe(1);
    const payouts = await t.database.db.select().from(payout).where(eq(payout.landscaperId, pro.id));
    expect(payouts).toMatchObject([
      { status: "paid", amountCents: 10500, runDate: latestRunDate(now, friday9) },
    ]);
    const transfers = await t.database.db
      .select()
      .from(testProcessorObject)
      .where(eq(testProcessorObject.type, "transfer"));
    expect(transfers).toHaveLength(1);
    const view = await earnings();
    expect(view).toMatchObject({
      account: { ready: true },
      balanceCents: 0,
      payouts: [{ amountCents: 10500, status: "paid" }],
      jobs: [{ earningsCents: 9000, tipCents: 1500, feeCents: 0 }],
      totals: { earnedCents: 9000, tipsCents: 1500, paidCents: 10500 },
    });
    const told = await t.database.db.select().from(notification).where(eq(notification.userId, pro.id));
    expect(told.some((n) => n.message === "Your weekly payout of $105.00 is on its way to your bank.")).toBe(
      true,
    );

    // More earned this week waits for next week's run.
    await paidJob(100);
    expect(await run(now)).toMatchObject({ created: 0, paid: 0 });
    expect((await earnings()).balanceCents).toBe(7500);
    expect(await run(new Date(now.getTime() + 7 * 24 * HOUR))).toMatchObject({ created: 1, paid: 1 });
    expect((await earnings()).balanceCents).toBe(0);

    // An admin's "Pay out now" pays what is owed today, once.
    await paidJob(40);
    const payNow = () => post(admin, "/api/admin/payouts/run");
    expect((await payNow()).json()).toMatchObject({ created: 1, paid: 1, message: "1 of 1 payouts sent." });
    expect((await payNow()).json()).toMatchObject({
      created: 0,
      waiting: [],
      message: "Nothing to pay out: no landscaper is owed money.",
    });
    expect((await earnings()).nextPayout.outlook).toBeNull();
    expect((await earnings()).balanceCents).toBe(0);
    expect((await post(pro, "/api/admin/payouts/run")).statusCode).toBe(403);
    // Every press is on the audit trail with what it created (issue 38), the earlier one that found only
    // waiting balances too; the scheduled runs are not.
    const presses = await t.database.db
      .select()
      .from(auditEntry)
      .where(eq(auditEntry.action, "payouts.run"))
      .orderBy(auditEntry.createdAt);
    expect(presses).toHaveLength(3);
    expect(presses.slice(1).map((p) => [p.actorId, p.after])).toEqual([
      [admin.id, { payoutsCreated: 1, totalCents: 3000 }],
      [admin.id, { payoutsCreated: 0, totalCents: 0 }],
    ]);

    // The ledger: every payout moves what was owed out of the processor account.
    const rows = await t.database.db
      .select({ cents: ledgerEntry.amountCents, account: ledgerEntry.account })
      .from(ledgerEntry)
      .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
      .where(eq(ledgerTransaction.kind, "payout"));
    expect(
      rows
        .filter((r) => r.account === "landscaper")
        .map((r) => r.cents)
        .sort(),
    ).toEqual([10500, 7500, 3000].sort());
  });

  it("retries a refused transfer, then tells admins and owes the amount again", async () => {
    await paidJob(80);
    const [account] = await t.database.db
      .select()
      .from(testProcessorObject)
      .where(eq(testProcessorObject.type, "account"));
    await t.database.db
      .update(testProcessorObject)
      .set({ data: sql`jsonb_set(${testProcessorObject.data}, '{payoutsFail}', 'true')` })
      .where(eq(testProcessorObject.id, account!.id));
    // A week after the first test's second run (8 and 15 days on): a run date of its own.
    let now = new Date(Date.now() + 22 * 24 * HOUR);
    await run(now);
    const [pending] = await t.database.db.select().from(payout).where(eq(payout.status, "pending"));
    expect(pending).toMatchObject({ amountCents: 6000, attempts: 1 });
    expect((await earnings()).balanceCents).toBe(0);
    for (let attempt = 2; attempt <= 5; attempt++) {
      now = new Date(now.getTime() + 2 ** (attempt - 2) * HOUR + 1000);
      await run(now);
    }
    const [failed] = await t.database.db.select().from(payout).where(eq(payout.id, pending!.id));
    expect(failed).toMatchObject({
      status: "failed",
      attempts: 5,
      failureMessage: "The bank account refused the payout.",
    });
    const adminAlerts = await t.database.db
      .select()
      .from(notification)
      .where(eq(notification.userId, admin.id));
    expect(adminAlerts.some((n) => n.message.startsWith("A payout of $60.00 failed 5 times"))).toBe(true);
    // Owed again: the next run pays it once the bank account works.
    expect((await earnings()).balanceCents).toBe(6000);
    await t.database.db
      .update(testProcessorObject)
      .set({ data: sql`jsonb_set(${testProcessorObject.data}, '{payoutsFail}', 'false')` })
      .where(eq(testProcessorObject.id, account!.id));
    await run(new Date(now.getTime() + 7 * 24 * HOUR));
    expect((await earnings()).balanceCents).toBe(0);
  });
});
