import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../../../shared/dates.js";
import { payment } from "../../../db/schema.js";
import { type SignedUp, signUp } from "../../../test/accounts-helpers.js";
import { useTestApp } from "../../../test/build-test-app.js";
import { createJob, createLandscaper } from "../../../test/landscaper-helpers.js";
import { addPhotos } from "../../../test/photo-helpers.js";
import { PEER_SECRET_KEY, type StripePeer, startStripePeer } from "../../../test/stripe-peer.js";
import { queueAction, reconcile } from "../index.js";

const WEBHOOK_SECRET = "whsec_testpeer";

/**
 * The app with Stripe keys set, against the local Stripe peer: a card saved the way the browser's Payment
 * Element saves it (a SetupIntent confirmed with Stripe, then kept by id), a booking held and charged, and
 * signed webhooks applied once, in any order.
 */
describe("payments with Stripe", () => {
  let peer: StripePeer;
  beforeAll(async () => {
    peer = await startStripePeer();
  });
  afterAll(async () => {
    await peer.close();
  });
  const t = useTestApp(() => ({
    STRIPE_SECRET_KEY: PEER_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: "pk_test_peer",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: peer.url.toString(),
  }));
  let customer: SignedUp;
  let pro: { id: string; cookie: string };

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
  const signer = new Stripe(PEER_SECRET_KEY);
  const sendEvent = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };
  const intentEvent = (id: string, type: string) => ({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object: peer.objects.get(id) },
  });

  describe("a customer and a landscaper", () => {
    beforeAll(async () => {
      customer = await signUp(t.app, { role: "customer" });
      pro = await createLandscaper(t, { status: "approved", zips: ["28202"] });
    });

    it("saves a card through a SetupIntent, never seeing its number, and refuses the typed-card form", async () => {
      const typed = await post(customer, "/api/payments/cards", {
        number: "4242424242424242",
        expiry: "12/34",
        cvc: "123",
      });
      expect(typed.statusCode).toBe(409);
      const setup = await post(customer, "/api/payments/cards/setup");
      expect(setup.statusCode, setup.body).toBe(200);
      const { clientSecret, publishableKey } = setup.json();
      expect(publishableKey).toBe("pk_test_peer");
      const setupIntentId = clientSecret.split("_secret_")[0];
      // What Stripe.js does in the browser when the person submits the Payment Element.
      await fetch(new URL(`/v1/setup_intents/${setupIntentId}/confirm`, peer.url), {
        method: "POST",
        headers: {
          authorization: `Bearer ${PEER_SECRET_KEY}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "payment_method=pm_card_visa",
      });
      // Someone else's (or a made-up) SetupIntent is refused without Stripe's wording.
      const madeUp = await post(customer, "/api/payments/cards/confirm", { setupIntentId: "seti_madeup" });
      expect(madeUp.statusCode).toBe(503);
      expect(madeUp.json().error.message).toBe(
        "The payment service did not answer. Please try again in a minute.",
      );
      const kept = await post(customer, "/api/payments/cards/confirm", { setupIntentId });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().card).toMatchObject({ brand: "visa", last4: "4242", isDefault: true });
      const list = await t.app.inject({ url: "/api/payments/cards", headers: { cookie: customer.cookie } });
      expect(list.json()).toMatchObject({ mode: "stripe", cards: [{ last4: "4242" }] });
    });

    it("holds at approval and captures at the work's approval, on Stripe", async () => {
      const id = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
      expect(
        (await post(pro, `/api/jobs/${id}/accept`, { price: 150, scheduledDate: daysFromToday(2) }))
          .statusCode,
      ).toBe(200);
      expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
      const [held] = await t.database.db.select().from(payment).where(eq(payment.jobId, id));
      expect(held).toMatchObject({ provider: "stripe", status: "held", amountCents: 15000 });
      expect(peer.objects.get(held!.providerPaymentId!)).toMatchObject({
        status: "requires_capture",
        capture_method: "manual",
      });
      await addPhotos(t.app, pro.cookie, id);
      expect((await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 150 })).statusCode).toBe(200);
      expect((await post(customer, `/api/jobs/${id}/approve-work`)).statusCode).toBe(200);
      expect(peer.objects.get(held!.providerPaymentId!)).toMatchObject({
        status: "succeeded",
        amount_received: 15000,
      });
      // Every call that moves money carried our idempotency key.
      const moneyCalls = peer.requests.filter((r) => r.method === "POST" && /payment_intents/.test(r.path));
      expect(moneyCalls.every((r) => r.idempotencyKey?.startsWith(`job:${id}:`))).toBe(true);
      expect(await reconcile(t.database.db, t.app.paymentProvider)).toEqual([]);
    });

    it("applies a signed webhook once: it finishes a capture whose answer was lost, and a lapse", async () => {
      const id = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
      expect(
        (await post(pro, `/api/jobs/${id}/accept`, { price: 90, scheduledDate: daysFromToday(1) }))
          .statusCode,
      ).toBe(200);
      expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
      const [held] = await t.database.db.select().from(payment).where(eq(payment.jobId, id));
      const intentId = held!.providerPaymentId!;
      // The capture was written down and Stripe captured; the instance died before recording it.
      const queued = await queueAction(t.database.db, {
        paymentId: held!.id,
        action: "capture",
        amountCents: 9000,
        key: `job:${id}:capture:${held!.id}`,
      });
      await t.app.paymentProvider.capture({
        paymentId: intentId,
        amountCents: 9000,
        idempotencyKey: queued!.pendingKey!,
      });

      const forged = await sendEvent(intentEvent(intentId, "payment_intent.succeeded"), "whsec_someoneelse");
      expect(forged.statusCode).toBe(400);
      const event = intentEvent(intentId, "payment_intent.succeeded");
      const first = await sendEvent(event);
      expect(first.json()).toEqual({ received: true, outcome: "applied" });
      expect((await sendEvent(event)).json()).toEqual({ received: true, outcome: "duplicate" });
      const [captured] = await t.database.db.select().from(payment).where(eq(payment.id, held!.id));
      expect(captured).toMatchObject({ status: "captured", capturedCents: 9000, pendingAction: null });
      expect(await reconcile(t.database.db, t.app.paymentProvider)).toEqual([]);

      // Stripe cancels a hold after 7 days: the event marks it lapsed (an older event arriving after changes nothing).
      const later = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
      expect(
        (await post(pro, `/api/jobs/${later}/accept`, { price: 60, scheduledDate: daysFromToday(1) }))
          .statusCode,
      ).toBe(200);
      expect((await post(customer, `/api/jobs/${later}/approve`)).statusCode).toBe(200);
      const [hold] = await t.database.db.select().from(payment).where(eq(payment.jobId, later));
      const stale = intentEvent(hold!.providerPaymentId!, "payment_intent.amount_capturable_updated");
      await fetch(new URL(`/peer/payment_intents/${hold!.providerPaymentId}/expire`, peer.url), {
        method: "POST",
      });
      expect(
        (await sendEvent(intentEvent(hold!.providerPaymentId!, "payment_intent.canceled"))).statusCode,
      ).toBe(200);
      expect((await sendEvent(stale)).statusCode).toBe(200);
      const [lapsed] = await t.database.db.select().from(payment).where(eq(payment.id, hold!.id));
      expect(lapsed!.status).toBe("expired");
    });
  });
});
