import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { type DeclineCode, HOLD_LIFETIME_DAYS, testCards } from "../../../../shared/payments.js";
import type { Db, Tx } from "../../../db/client.js";
import { testProcessorKey, testProcessorObject } from "../../../db/schema.js";
import {
  type CardChargeOptions,
  CardDeclinedError,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderTransfer,
  type SavedCard,
  type TestCardOptions,
} from "./provider.js";

interface Intent {
  customer: string;
  method: string;
  amount: number;
  captured: number;
  refunded: number;
  status: ProviderPayment["status"];
  expiresAt: string | null;
  declineCode: DeclineCode | null;
}

interface Card extends SavedCard {
  customer: string;
  outcome: (typeof testCards)[keyof typeof testCards]["outcome"];
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("base64url")}`;

type Answer = { ok: unknown } | { declined: DeclineCode };

/**
 * The embedded payment processor, the default when no Stripe key is set (as PGlite is the default
 * database). It keeps its records in our database, so every app instance sees the same ones, and behaves
 * like Stripe's test mode: Stripe's documented test card numbers and their outcomes, holds that lapse after
 * 7 days, captures up to the held amount, idempotency keys that answer the first result again.
 */
export class TestProcessor implements PaymentProvider {
  readonly name = "test" as const;

  constructor(
    private readonly db: Db,
    /** The processor's clock; tests move it to see holds lapse. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Runs `work` once per key: in one transaction, under a lock on the key, the stored answer if there is one,
   * else the work and its answer stored. A refusal is an answer too, given again for the same key.
   */
  private once<T>(key: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`test-processor:${key}`}, 0))`);
      const [stored] = await tx.select().from(testProcessorKey).where(eq(testProcessorKey.key, key));
      if (stored) return replay<T>(stored.answer as Answer);
      let answer: Answer;
      try {
        answer = { ok: await work(tx) };
      } catch (error) {
        if (!(error instanceof CardDeclinedError)) throw error;
        answer = { declined: error.declineCode };
      }
      await tx.insert(testProcessorKey).values({ key, answer });
      return replay<T>(answer);
    });
  }

  private async put(tx: Tx, id: string, type: string, data: object) {
    await tx
      .insert(testProcessorObject)
      .values({ id, type, data })
      .onConflictDoUpdate({ target: testProcessorObject.id, set: { data, updatedAt: this.now() } });
  }

  private async get<T>(tx: Tx | Db, id: string, type: string): Promise<T> {
    const [row] = await tx
      .select()
      .from(testProcessorObject)
      .where(and(eq(testProcessorObject.id, id), eq(testProcessorObject.type, type)));
    if (!row) throw new Error(`No such ${type}: '${id}'`);
    return row.data as T;
  }

  /** An uncaptured hold older than its lifetime has lapsed. */
  private lapse(intent: Intent): Intent {
    if (intent.status === "held" && intent.expiresAt && new Date(intent.expiresAt) <= this.now())
      return { ...intent, status: "expired" };
    return intent;
  }

  createCustomer(options: { userId: string; email: string; name: string; idempotencyKey: string }) {
    return this.once(options.idempotencyKey, async (tx) => {
      const id = newId("cus");
      await this.put(tx, id, "customer", { email: options.email, name: options.name, user: options.userId });
      return { id };
    });
  }

  saveTestCard(options: TestCardOptions): Promise<SavedCard> {
    return this.once(options.idempotencyKey, async (tx) => {
      await this.get(tx, options.customerId, "customer");
      const known = testCards[options.number as keyof typeof testCards];
      if (!known) throw new CardDeclinedError("not_a_test_card");
      const now = this.now();
      const lastMonth = new Date(Date.UTC(options.expYear, options.expMonth, 0, 23, 59, 59));
      if (lastMonth < now || known.outcome === "expired_card") throw new CardDeclinedError("expired_card");
      if (known.outcome === "card_declined" || known.outcome === "insufficient_funds")
        throw new CardDeclinedError(known.outcome);
      if (known.outcome === "incorrect_cvc") throw new CardDeclinedError("incorrect_cvc");
      const card: Card = {
        id: newId("pm"),
        brand: known.brand,
        last4: options.number.slice(-4),
        expMonth: options.expMonth,
        expYear: options.expYear,
        customer: options.customerId,
        outcome: known.outcome,
      };
      await this.put(tx, card.id, "card", card);
      const { customer: _customer, outcome: _outcome, ...saved } = card;
      return saved;
    });
  }

  private async newIntent(
    tx: Tx,
    options: { customerId: string; methodId: string; amountCents: number },
    capture: boolean,
  ): Promise<ProviderPayment> {
    const card = await this.get<Card>(tx, options.methodId, "card");
    if (card.customer !== options.customerId) throw new Error("The card belongs to another customer.");
    const id = newId("pi");
    const declined = card.outcome === "charge_declined";
    const intent: Intent = {
      customer: options.customerId,
      method: options.methodId,
      amount: options.amountCents,
      captured: declined || !capture ? 0 : options.amountCents,
      refunded: 0,
      status: declined ? "failed" : capture ? "captured" : "held",
      expiresAt:
        declined || capture
          ? null
          : new Date(this.now().getTime() + HOLD_LIFETIME_DAYS * 86_400_000).toISOString(),
      declineCode: declined ? "card_declined" : null,
    };
    await this.put(tx, id, "payment_intent", intent);
    return view(id, intent);
  }

  authorize(options: CardChargeOptions) {
    return this.once(options.idempotencyKey, (tx) => this.newIntent(tx, options, false));
  }

  charge(options: CardChargeOptions) {
    return this.once(options.idempotencyKey, (tx) => this.newIntent(tx, options, true));
  }

  /** Changes a payment intent that is in one of `from`; any other status is answered as it is. */
  private change(
    key: string,
    paymentId: string,
    from: Intent["status"][],
    next: (intent: Intent) => Intent,
  ): Promise<ProviderPayment> {
    return this.once(key, async (tx) => {
      const intent = this.lapse(await this.get<Intent>(tx, paymentId, "payment_intent"));
      const changed = from.includes(intent.status) ? next(intent) : intent;
      await this.put(tx, paymentId, "payment_intent", changed);
      return view(paymentId, changed);
    });
  }

  capture(options: { paymentId: string; amountCents: number; idempotencyKey: string }) {
    return this.change(options.idempotencyKey, options.paymentId, ["held"], (intent) => ({
      ...intent,
      status: "captured",
      captured: Math.min(options.amountCents, intent.amount),
      expiresAt: null,
    }));
  }

  release(options: { paymentId: string; idempotencyKey: string }) {
    return this.change(options.idempotencyKey, options.paymentId, ["held"], (intent) => ({
      ...intent,
      status: "released",
      expiresAt: null,
    }));
  }

  refund(options: { paymentId: string; amountCents: number; idempotencyKey: string }) {
    return this.change(options.idempotencyKey, options.paymentId, ["captured"], (intent) => ({
      ...intent,
      refunded: Math.min(intent.captured, intent.refunded + options.amountCents),
    }));
  }

  createPayoutAccount(options: { userId: string; email: string; returnUrl: string; idempotencyKey: string }) {
    return this.once(options.idempotencyKey, async (tx) => {
      const id = newId("acct");
      await this.put(tx, id, "account", { user: options.userId, email: options.email, payoutsFail: false });
      return { id, ready: true, onboardingUrl: null };
    });
  }

  /** Pays into a test account; one marked `payoutsFail` (a test bank account that refuses) refuses it. */
  transfer(options: {
    accountId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<ProviderTransfer> {
    return this.once(options.idempotencyKey, async (tx) => {
      const account = await this.get<{ payoutsFail: boolean }>(tx, options.accountId, "account");
      const id = newId("tr");
      const failed = account.payoutsFail;
      await this.put(tx, id, "transfer", {
        account: options.accountId,
        amount: options.amountCents,
        status: failed ? "failed" : "paid",
      });
      return {
        id,
        status: failed ? ("failed" as const) : ("paid" as const),
        failureMessage: failed ? "The bank account refused the payout." : null,
      };
    });
  }

  async retrieve(paymentId: string): Promise<ProviderPayment> {
    const intent = this.lapse(await this.get<Intent>(this.db, paymentId, "payment_intent"));
    return view(paymentId, intent);
  }
}

function view(id: string, intent: Intent): ProviderPayment {
  return {
    id,
    status: intent.status,
    amountCents: intent.amount,
    capturedCents: intent.captured,
    refundedCents: intent.refunded,
    expiresAt: intent.expiresAt ? new Date(intent.expiresAt) : null,
    declineCode: intent.declineCode,
  };
}

function replay<T>(answer: Answer): T {
  if ("declined" in answer) throw new CardDeclinedError(answer.declined);
  return revive(answer.ok) as T;
}

/** Answers come back from jsonb: dates were strings. */
function revive(value: unknown): unknown {
  if (value && typeof value === "object" && "expiresAt" in value) {
    const expiresAt = (value as { expiresAt: unknown }).expiresAt;
    return { ...value, expiresAt: typeof expiresAt === "string" ? new Date(expiresAt) : expiresAt };
  }
  return value;
}
