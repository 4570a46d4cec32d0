import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import { jobEvent, ledgerEntry, ledgerTransaction, notification, outbox, payment } from "../../db/schema.js";
import { type SignedUp, signUpAs } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { jobParties } from "../../test/cast-helpers.js";
import { createJob } from "../../test/landscaper-helpers.js";
import { addPhotos } from "../../test/photo-helpers.js";
import { reconcile } from "../payments/index.js";

/**
 * A reported problem: the capture waits; the landscaper offers a redo the customer takes or declines; our
 * team resolves it from the Resolutions page, the money moving through the ledger.
 */
describe("disputes", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let pro: { id: string; cookie: string };
  let admin: SignedUp;

  beforeAll(async () => {
    admin = await signUpAs(t.app, t.database, "admin");
    ({ customer, pro } = await jobParties(t, "Olivia Bennett"));
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });

  async function completed(price = 120) {
    const id = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    expect(
      (await post(pro, `/api/jobs/${id}/accept`, { price, scheduledDate: daysFromToday(0) })).statusCode,
    ).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
    await addPhotos(t.app, pro.cookie, id, { count: 2 });
    expect((await post(pro, `/api/jobs/${id}/complete`, { finalPrice: price })).statusCode).toBe(200);
    return id;
  }
  const report = (id: string) =>
    post(customer, `/api/jobs/${id}/report-problem`, {
      reason: "partly_done",
      note: "The back yard was not mowed.",
    });
  const paymentOf = async (id: string) =>
    (await t.database.db.select().from(payment).where(eq(payment.jobId, id))).find((p) => p.kind === "job")!;
  const ledgerKinds = async (id: string) =>
    (
      await t.database.db
        .select({
          kind: ledgerTransaction.kind,
          account: ledgerEntry.account,
          cents: ledgerEntry.amountCents,
        })
        .from(ledgerEntry)
        .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
        .where(eq(ledgerTransaction.jobId, id))
    )
      .map((r) => `${r.kind} ${r.account} ${r.cents}`)
      .sort();
  const events = async (id: string) =>
    (
      await t.database.db.select().from(jobEvent).where(eq(jobEvent.jobId, id)).orderBy(jobEvent.createdAt)
    ).map((e) => e.toStatus);

  it("holds the capture on a report; a redo the customer accepts reschedules the job as visit 2", async () => {
    const id = await completed();
    expect((await report(id)).statusCode).toBe(200);
    expect((await report(id)).statusCode).toBe(409);
    expect((await paymentOf(id)).status).toBe("held");
    // The landscaper and admins are told, by bell (type dispute) and the landscaper by email too.
    const told = await t.database.db.select().from(notification).where(eq(notification.type, "dispute"));
    expect(told.map((n) => n.userId)).toEqual(expect.arrayContaining([pro.id, admin.id, customer.id]));
    expect(
      (
        await t.database.db
          .select()
          .from(outbox)
          .where(
            eq(
              outbox.subject,
              `A problem was reported with JOB-${(await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } })).json().jobs.find((j: { id: string }) => j.id === id).number}`,
            ),
          )
      ).length,
    ).toBe(1);

    const tooLate = await post(pro, `/api/jobs/${id}/offer-redo`, { date: daysFromToday(9) });
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().error.fields.date).toBe("Please choose a date within 7 days.");
    expect((await post(customer, `/api/jobs/${id}/offer-redo`, { date: daysFromToday(2) })).statusCode).toBe(
      403,
    );
    expect(
      (await post(pro, `/api/jobs/${id}/offer-redo`, { date: daysFromToday(2), note: "Sorry!" })).statusCode,
    ).toBe(200);
    expect((await post(pro, `/api/jobs/${id}/offer-redo`, { date: daysFromToday(3) })).statusCode).toBe(409);

    const accepted = await post(customer, `/api/jobs/${id}/redo/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().job).toMatchObject({
      status: "scheduled",
      scheduledDate: daysFromToday(2),
      visit: 2,
      dispute: { state: "redo_scheduled", resolution: "redo", reason: "partly_done" },
    });
    expect((await paymentOf(id)).status).toBe("held");
    expect(await events(id)).toEqual(
      expect.arrayContaining(["problem_reported", "redo_offered", "scheduled"]),
    );
    // Visit 2 needs its own photo; then the customer approves and the price is captured once.
    const bare = await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 120 });
    expect(bare.statusCode).toBe(400);
    await addPhotos(t.app, pro.cookie, id);
    expect((await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 120 })).statusCode).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/approve-work`)).statusCode).toBe(200);
    expect((await paymentOf(id)).status).toBe("captured");
    expect(await reconcile(t.database.db, t.app.paymentProvider)).toEqual([]);
  });

  it("lists open reports on the Resolutions page and resolves one with a partial refund through the ledger", async () => {
    const id = await completed(200);
    expect((await report(id)).statusCode).toBe(200);
    // The customer declines the redo offered: the report waits for our team.
    expect((await post(pro, `/api/jobs/${id}/offer-redo`, { date: daysFromToday(1) })).statusCode).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/redo/decline`)).statusCode).toBe(200);

    const page = await t.app.inject({ url: "/api/admin/resolutions", headers: { cookie: admin.cookie } });
    expect(page.statusCode).toBe(200);
    const item = page.json().open.find((i: { jobId: string }) => i.jobId === id);
    expect(item).toMatchObject({
      paymentStatus: "held",
      refundableCents: 20000,
      dispute: { state: "open", redoDeclined: true, note: "The back yard was not mowed." },
    });
    expect(item.photos).toHaveLength(2);
    expect(
      (await t.app.inject({ url: "/api/admin/resolutions", headers: { cookie: customer.cookie } }))
        .statusCode,
    ).toBe(403);

    const noAmount = await post(admin, `/api/admin/jobs/${id}/resolve`, {
      resolution: "partial_refund",
      note: "Half done",
    });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().error.fields.amount).toBe("Refund amount must be at least $1.");
    const tooMuch = await post(admin, `/api/admin/jobs/${id}/resolve`, {
      resolution: "partial_refund",
      amount: "250",
      note: "Half done",
    });
    expect(tooMuch.statusCode).toBe(400);
    // Refused whole: nothing charged and the report still open.
    expect((await paymentOf(id)).refundedCents).toBe(0);

    const resolved = await post(admin, `/api/admin/jobs/${id}/resolve`, {
      resolution: "partial_refund",
      amount: "80",
      note: "The back yard was not done; $80 back.",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().job.dispute).toMatchObject({ state: "resolved", resolution: "partial_refund" });
    const charged = await paymentOf(id);
    expect(charged).toMatchObject({ status: "captured", capturedCents: 20000, refundedCents: 8000 });
    const ledger = await ledgerKinds(id);
    expect(ledger.filter((l) => l.startsWith("job_charge")).length).toBeGreaterThan(0);
    expect(ledger.filter((l) => l.startsWith("refund"))).toHaveLength(3);
    expect(await reconcile(t.database.db, t.app.paymentProvider)).toEqual([]);
    expect(await events(id)).toContain("dispute_resolved");
    // Resolved once: a second decision is refused and moves no money.
    const again = await post(admin, `/api/admin/jobs/${id}/resolve`, {
      resolution: "full_refund",
      note: "x",
    });
    expect(again.statusCode).toBe(409);
    expect((await paymentOf(id)).refundedCents).toBe(8000);
    const after = await t.app.inject({ url: "/api/admin/resolutions", headers: { cookie: admin.cookie } });
    expect(after.json().resolved.some((i: { jobId: string }) => i.jobId === id)).toBe(true);
  });

  it("resolves with a full refund (the hold released, nothing charged) or by releasing the payment", async () => {
    const refunded = await completed();
    const released = await completed();
    for (const id of [refunded, released]) expect((await report(id)).statusCode).toBe(200);
    expect(
      (
        await post(admin, `/api/admin/jobs/${refunded}/resolve`, {
          resolution: "full_refund",
          note: "Not done.",
        })
      ).statusCode,
    ).toBe(200);
    expect(await paymentOf(refunded)).toMatchObject({ status: "released", capturedCents: 0 });
    const release = await post(admin, `/api/admin/jobs/${released}/resolve`, {
      resolution: "release_payment",
      note: "Photos show the work done.",
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(await paymentOf(released)).toMatchObject({ status: "captured", capturedCents: 12000 });
    // Two admins at once: one resolution, one capture.
    const both = await completed();
    expect((await report(both)).statusCode).toBe(200);
    const answers = await Promise.all(
      ["release_payment", "full_refund"].map((resolution) =>
        post(admin, `/api/admin/jobs/${both}/resolve`, { resolution, note: "Decided." }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await reconcile(t.database.db, t.app.paymentProvider)).toEqual([]);
  });

  it("an admin can schedule a redo visit within 7 days", async () => {
    const id = await completed();
    expect((await report(id)).statusCode).toBe(200);
    const redo = await post(admin, `/api/admin/jobs/${id}/resolve`, {
      resolution: "redo",
      date: daysFromToday(1),
      note: "Carlos will come back tomorrow.",
    });
    expect(redo.statusCode, redo.body).toBe(200);
    expect(redo.json().job).toMatchObject({ status: "scheduled", visit: 2, scheduledDate: daysFromToday(1) });
  });
});
