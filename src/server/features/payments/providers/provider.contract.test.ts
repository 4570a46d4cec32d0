import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.js";
import { PEER_SECRET_KEY, type StripePeer, startStripePeer } from "../../../test/stripe-peer.js";
import { openTestDatabase } from "../../../test/test-database.js";
import type { PaymentProvider } from "./provider.js";
import { StripeProvider } from "./stripe-provider.js";
import { TestProcessor } from "./test-processor.js";

/**
 * One suite, both adapters: the embedded test processor, and Stripe through the official SDK (against the
 * local peer here; against Stripe's test mode with STRIPE_CONTRACT_SECRET_KEY=sk_test_… set, see the
 * README). What differs is only how a card gets saved: typed test numbers, or Stripe's test payment methods.
 */
interface Adapter {
  provider: PaymentProvider;
  /** A saved card of `customerId`: one that pays, or one whose charges are declined. */
  saveCard(customerId: string, kind: "pays" | "declines"): Promise<string>;
  /** The landscaper's account can receive transfers (onboarding done); false where a person must do it. */
  finishOnboarding(accountId: string): Promise<boolean>;
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function contract(name: string, setUp: () => Promise<Adapter>, tearDown: () => Promise<void>) {
  describe(`payment provider contract: ${name}`, () => {
    let adapter: Adapter;
    let customerId: string;
    beforeAll(async () => {
      adapter = await setUp();
      customerId = (
        await adapter.provider.createCustomer({
          userId: "user-1",
          email: "pat@example.test",
          name: "Pat Payer",
          idempotencyKey: `customer:${unique()}`,
        })
      ).id;
    });
    afterAll(tearDown);

    const hold = (methodId: string, amountCents: number, idempotencyKey = `hold:${unique()}`) =>
      adapter.provider.authorize({
        customerId,
        methodId,
        amountCents,
        description: "contract",
        idempotencyKey,
      });

    it("holds, captures no more than was held, and answers a repeated key with the first result", async () => {
      const card = await adapter.saveCard(customerId, "pays");
      const key = `hold:${unique()}`;
      const held = await hold(card, 5000, key);
      expect(held).toMatchObject({ status: "held", amountCents: 5000, capturedCents: 0, declineCode: null });
      expect((await hold(card, 5000, key)).id).toBe(held.id);
      const captureKey = `capture:${unique()}`;
      const captured = await adapter.provider.capture({
        paymentId: held.id,
        amountCents: 4000,
        idempotencyKey: captureKey,
      });
      expect(captured).toMatchObject({ id: held.id, status: "captured", capturedCents: 4000 });
      expect(
        await adapter.provider.capture({ paymentId: held.id, amountCents: 4000, idempotencyKey: captureKey }),
      ).toMatchObject({ status: "captured", capturedCents: 4000 });
      expect(await adapter.provider.retrieve(held.id)).toMatchObject({
        status: "captured",
        capturedCents: 4000,
      });
    });

    it("answers a declined card with the reason, not an exception", async () => {
      const card = await adapter.saveCard(customerId, "declines");
      const refused = await hold(card, 2500);
      expect(refused).toMatchObject({ status: "failed", declineCode: "card_declined", capturedCents: 0 });
    });

    it("releases a hold, after which it cannot be captured", async () => {
      const card = await adapter.saveCard(customerId, "pays");
      const held = await hold(card, 3000);
      const released = await adapter.provider.release({
        paymentId: held.id,
        idempotencyKey: `release:${unique()}`,
      });
      expect(released).toMatchObject({ status: "released", capturedCents: 0 });
      const late = await adapter.provider.capture({
        paymentId: held.id,
        amountCents: 3000,
        idempotencyKey: `capture:${unique()}`,
      });
      expect(late).toMatchObject({ status: "released", capturedCents: 0 });
    });

    it("charges at once and refunds part of it", async () => {
      const card = await adapter.saveCard(customerId, "pays");
      const charged = await adapter.provider.charge({
        customerId,
        methodId: card,
        amountCents: 1500,
        description: "tip",
        idempotencyKey: `tip:${unique()}`,
      });
      expect(charged).toMatchObject({ status: "captured", capturedCents: 1500 });
      const refunded = await adapter.provider.refund({
        paymentId: charged.id,
        amountCents: 500,
        idempotencyKey: `refund:${unique()}`,
      });
      expect(refunded).toMatchObject({ status: "captured", capturedCents: 1500, refundedCents: 500 });
    });

    it("pays a landscaper's account once it can receive money, once per key", async () => {
      const account = await adapter.provider.createPayoutAccount({
        userId: "pro-1",
        email: "pro@example.test",
        returnUrl: "http://127.0.0.1/landscaper-dashboard?tab=earnings",
        idempotencyKey: `account:${unique()}`,
      });
      if (!account.ready) expect(account.onboardingUrl).toMatch(/^https:\/\//);
      if (!(await adapter.finishOnboarding(account.id))) return;
      const key = `payout:${unique()}`;
      const paid = await adapter.provider.transfer({
        accountId: account.id,
        amountCents: 7500,
        idempotencyKey: key,
      });
      expect(paid).toMatchObject({ status: "paid", failureMessage: null });
      expect(
        (await adapter.provider.transfer({ accountId: account.id, amountCents: 7500, idempotencyKey: key }))
          .id,
      ).toBe(paid.id);
    });
  });
}

let database: Database;
contract(
  "embedded test processor",
  async () => {
    database = await openTestDatabase();
    const provider = new TestProcessor(database.db);
    return {
      provider,
      async saveCard(customerId, kind) {
        const card = await provider.saveTestCard({
          customerId,
          number: kind === "pays" ? "4242424242424242" : "4000000000000341",
          expMonth: 12,
          expYear: 2034,
          cvc: "123",
          idempotencyKey: `card:${unique()}`,
        });
        return card.id;
      },
      // Test accounts are ready at once.
      finishOnboarding: async () => true,
    };
  },
  async () => database.close(),
);

let peer: StripePeer | undefined;
const liveKey = process.env.STRIPE_CONTRACT_SECRET_KEY;
contract(
  liveKey ? "Stripe (test mode)" : "Stripe (local peer)",
  async () => {
    if (!liveKey) peer = await startStripePeer();
    const provider = new StripeProvider({
      secretKey: liveKey ?? PEER_SECRET_KEY,
      timeoutMs: 10_000,
      ...(peer ? { host: peer.url.hostname, port: Number(peer.url.port), protocol: "http" as const } : {}),
    });
    return {
      provider,
      async saveCard(customerId, kind) {
        const card = await provider.attachCard({
          customerId,
          methodId: kind === "pays" ? "pm_card_visa" : "pm_card_chargeDeclined",
        });
        return card.id;
      },
      async finishOnboarding(accountId) {
        // Against Stripe itself an Express account is onboarded by a person; the peer stands in for that.
        if (!peer) return false;
        await fetch(new URL(`/peer/accounts/${accountId}/enable`, peer.url), { method: "POST" });
        return true;
      },
    };
  },
  async () => {
    await peer?.close();
  },
);
