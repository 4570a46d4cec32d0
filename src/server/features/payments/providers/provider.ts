import type { DeclineCode } from "../../../../shared/payments.js";
import { AppError } from "../../../lib/errors.js";

/**
 * A provider call made for a person's request: a refused card stays a CardDeclinedError, anything else the
 * provider said (an SDK error carries the provider's own status and wording) becomes our 503, so its
 * internals never reach a screen.
 */
export async function atProvider<T>(
  work: Promise<T>,
  message = "The payment service did not answer. Please try again in a minute.",
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof CardDeclinedError || error instanceof AppError) throw error;
    throw new AppError(503, "internal_error", message);
  }
}

/** A payment as the provider reports it. */
export interface ProviderPayment {
  id: string;
  status: "held" | "captured" | "released" | "failed" | "expired";
  amountCents: number;
  capturedCents: number;
  refundedCents: number;
  /** When an uncaptured hold lapses. */
  expiresAt: Date | null;
  /** Why the card was refused (status "failed"). */
  declineCode: DeclineCode | null;
}

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A hold or a charge on a customer's saved card, keyed by the job and the action. */
export interface CardChargeOptions {
  customerId: string;
  methodId: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
}

/** A test card as the embedded processor's card form posts it. */
export interface TestCardOptions {
  customerId: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  idempotencyKey: string;
}

/** A card the provider refused, with the reason a person is shown. */
export class CardDeclinedError extends Error {
  constructor(readonly declineCode: DeclineCode) {
    super(`card refused: ${declineCode}`);
    this.name = "CardDeclinedError";
  }
}

/**
 * What we ask of a payment provider (Stripe, or the embedded test processor). Every call that moves money
 * carries an idempotency key derived from the job and the action: repeating a call with its key (after a
 * timeout or a crash) answers the first call's result and moves nothing twice. A refused card is an answer
 * (status "failed" with a decline code), not an exception; an exception means "unknown, try again".
 */
export interface PaymentProvider {
  readonly name: "test" | "stripe";
  createCustomer(options: { userId: string; email: string; name: string; idempotencyKey: string }): Promise<{
    id: string;
  }>;
  /**
   * The embedded processor's card form posts the card to us (test numbers only); Stripe's form posts it to
   * Stripe and this is not offered. Throws CardDeclinedError for a card it refuses.
   */
  saveTestCard?(options: TestCardOptions): Promise<SavedCard>;
  /** Holds an amount on a saved card, to be captured later (manual capture). */
  authorize(options: CardChargeOptions): Promise<ProviderPayment>;
  /** Charges a saved card at once (a tip, a fee without a hold). */
  charge(options: CardChargeOptions): Promise<ProviderPayment>;
  /** Captures up to the held amount; the rest of the hold is released. */
  capture(options: {
    paymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<ProviderPayment>;
  /** Releases a hold without charging. */
  release(options: { paymentId: string; idempotencyKey: string }): Promise<ProviderPayment>;
  refund(options: {
    paymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<ProviderPayment>;
  retrieve(paymentId: string): Promise<ProviderPayment>;
  /** Stripe: the SetupIntent whose client secret the browser's Payment Element confirms. */
  startCardSetup?(options: {
    customerId: string;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** Stripe: the card a confirmed SetupIntent saved. Throws CardDeclinedError when it did not. */
  finishCardSetup?(options: { customerId: string; setupIntentId: string }): Promise<SavedCard>;
  /**
   * A landscaper's account to be paid into: ready at once in test mode; with Stripe, an Express account and
   * the link to its onboarding (`onboardingUrl`), ready once Stripe says payouts are enabled.
   */
  createPayoutAccount(options: {
    userId: string;
    email: string;
    returnUrl: string;
    idempotencyKey: string;
  }): Promise<{ id: string; ready: boolean; onboardingUrl: string | null }>;
  /** Moves money from the platform to a landscaper's account. A refusal is an answer, not an exception. */
  transfer(options: {
    accountId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<ProviderTransfer>;
}

export interface ProviderTransfer {
  id: string;
  status: "paid" | "failed";
  failureMessage: string | null;
}
