import Stripe from "stripe";
import type { DeclineCode } from "../../../../shared/payments.js";
import {
  type CardChargeOptions,
  CardDeclinedError,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderTransfer,
} from "./provider.js";

export interface StripeSettings {
  secretKey: string;
  /** Where the API is: Stripe's by default; the tests' local peer otherwise. */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: "http" | "https" | undefined;
  /** Every call gives up after this long (the SDK then retries with the same idempotency key). */
  timeoutMs: number;
}

/** Stripe's decline and error codes, in the words our screens use. */
function declineCodeOf(error: { code?: string | undefined; decline_code?: string | undefined }): DeclineCode {
  const code = error.decline_code ?? error.code;
  if (code === "insufficient_funds") return "insufficient_funds";
  if (code === "expired_card") return "expired_card";
  if (code === "incorrect_cvc" || code === "invalid_cvc") return "incorrect_cvc";
  if (code === "processing_error") return "processing_error";
  return "card_declined";
}

function isCardError(error: unknown): error is Stripe.errors.StripeCardError {
  return error instanceof Stripe.errors.StripeCardError;
}

function cardView(method: Stripe.PaymentMethod) {
  if (!method.card) throw new CardDeclinedError("card_declined");
  return {
    id: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

const stateOf: Partial<Record<Stripe.PaymentIntent.Status, ProviderPayment["status"]>> = {
  requires_capture: "held",
  succeeded: "captured",
  canceled: "released",
  requires_payment_method: "failed",
};

/**
 * The Stripe adapter: PaymentIntents with manual capture for holds, immediate ones for tips and fees,
 * Refunds, Connect Express accounts and Transfers for payouts. Cards are saved in the browser by Stripe's
 * Payment Element (SetupIntents), so no card number reaches our server. Every money call carries our
 * idempotency key; the SDK repeats a timed-out call with it.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly stripe: Stripe;

  constructor(settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, {
      timeout: settings.timeoutMs,
      maxNetworkRetries: 2,
      ...(settings.host ? { host: settings.host } : {}),
      ...(settings.port ? { port: settings.port } : {}),
      ...(settings.protocol ? { protocol: settings.protocol } : {}),
    });
  }

  private async view(intent: Stripe.PaymentIntent): Promise<ProviderPayment> {
    const charge =
      typeof intent.latest_charge === "string"
        ? await this.stripe.charges.retrieve(intent.latest_charge)
        : (intent.latest_charge ?? null);
    const canceled = intent.status === "canceled";
    // A hold Stripe canceled on its own after 7 days has lapsed; one we canceled was released.
    const lapsed = canceled && intent.cancellation_reason === "automatic";
    const error = intent.last_payment_error;
    return {
      id: intent.id,
      status: lapsed ? "expired" : (stateOf[intent.status] ?? "failed"),
      amountCents: intent.amount,
      capturedCents: intent.amount_received ?? 0,
      refundedCents: charge?.amount_refunded ?? 0,
      expiresAt:
        intent.status === "requires_capture" && charge?.payment_method_details?.card?.capture_before
          ? new Date(charge.payment_method_details.card.capture_before * 1000)
          : null,
      declineCode: intent.status === "requires_payment_method" && error ? declineCodeOf(error) : null,
    };
  }

  /** A refused card answers its PaymentIntent (failed, with the reason) rather than an exception. */
  private async intentOrDecline(create: () => Promise<Stripe.PaymentIntent>): Promise<ProviderPayment> {
    try {
      return await this.view(await create());
    } catch (error) {
      if (!isCardError(error)) throw error;
      const intent = (error.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
      if (!intent) throw new CardDeclinedError(declineCodeOf(error));
      return { ...(await this.view(intent)), status: "failed", declineCode: declineCodeOf(error) };
    }
  }

  async createCustomer(options: { userId: string; email: string; name: string; idempotencyKey: string }) {
    const customer = await this.stripe.customers.create(
      { email: options.email, name: options.name, metadata: { userId: options.userId } },
      { idempotencyKey: options.idempotencyKey },
    );
    return { id: customer.id };
  }

  /** The browser's card form: a SetupIntent whose client secret Stripe's Payment Element confirms. */
  async startCardSetup(options: { customerId: string; idempotencyKey: string }) {
    const intent = await this.stripe.setupIntents.create(
      { customer: options.customerId, usage: "off_session", automatic_payment_methods: { enabled: true } },
      { idempotencyKey: options.idempotencyKey },
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? "" };
  }

  /** After the browser confirmed it: the card the SetupIntent saved (it must belong to this customer). */
  async finishCardSetup(options: { customerId: string; setupIntentId: string }) {
    const intent = await this.stripe.setupIntents.retrieve(options.setupIntentId);
    const customer = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
    if (intent.status !== "succeeded" || customer !== options.customerId || !intent.payment_method)
      throw new CardDeclinedError(declineCodeOf(intent.last_setup_error ?? {}));
    const methodId =
      typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method.id;
    return this.cardOf(methodId);
  }

  /**
   * A payment method attached to the customer: one a SetupIntent saved, or one of Stripe's test payment
   * methods (pm_card_visa…), which attaching copies into a new method of the customer's.
   */
  async attachCard(options: { customerId: string; methodId: string }) {
    try {
      return cardView(
        await this.stripe.paymentMethods.attach(options.methodId, { customer: options.customerId }),
      );
    } catch (error) {
      if (isCardError(error)) throw new CardDeclinedError(declineCodeOf(error));
      throw error;
    }
  }

  private async cardOf(methodId: string) {
    return cardView(await this.stripe.paymentMethods.retrieve(methodId));
  }

  private paymentIntent(
    options: {
      customerId: string;
      methodId: string;
      amountCents: number;
      description: string;
      idempotencyKey: string;
    },
    capture: "manual" | "automatic",
  ) {
    return this.intentOrDecline(() =>
      this.stripe.paymentIntents.create(
        {
          amount: options.amountCents,
          currency: "usd",
          customer: options.customerId,
          payment_method: options.methodId,
          capture_method: capture,
          confirm: true,
          off_session: true,
          description: options.description,
        },
        { idempotencyKey: options.idempotencyKey },
      ),
    );
  }

  authorize(options: CardChargeOptions) {
    return this.paymentIntent(options, "manual");
  }

  charge(options: CardChargeOptions) {
    return this.paymentIntent(options, "automatic");
  }

  /** Stripe refuses to capture a canceled or lapsed hold: answered as it stands, as the test processor does. */
  private async unlessRefused(work: () => Promise<Stripe.PaymentIntent>, paymentId: string) {
    try {
      return await this.view(await work());
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === "payment_intent_unexpected_state"
      )
        return this.retrieve(paymentId);
      throw error;
    }
  }

  capture(options: { paymentId: string; amountCents: number; idempotencyKey: string }) {
    return this.unlessRefused(
      () =>
        this.stripe.paymentIntents.capture(
          options.paymentId,
          { amount_to_capture: options.amountCents },
          { idempotencyKey: options.idempotencyKey },
        ),
      options.paymentId,
    );
  }

  release(options: { paymentId: string; idempotencyKey: string }) {
    return this.unlessRefused(
      () =>
        this.stripe.paymentIntents.cancel(
          options.paymentId,
          { cancellation_reason: "requested_by_customer" },
          { idempotencyKey: options.idempotencyKey },
        ),
      options.paymentId,
    );
  }

  async refund(options: { paymentId: string; amountCents: number; idempotencyKey: string }) {
    await this.stripe.refunds.create(
      { payment_intent: options.paymentId, amount: options.amountCents },
      { idempotencyKey: options.idempotencyKey },
    );
    return this.retrieve(options.paymentId);
  }

  async retrieve(paymentId: string) {
    return this.view(await this.stripe.paymentIntents.retrieve(paymentId));
  }

  async createPayoutAccount(options: {
    userId: string;
    email: string;
    returnUrl: string;
    idempotencyKey: string;
  }) {
    const account = await this.stripe.accounts.create(
      {
        type: "express",
        email: options.email,
        capabilities: { transfers: { requested: true } },
        metadata: { userId: options.userId },
      },
      { idempotencyKey: options.idempotencyKey },
    );
    if (account.payouts_enabled) return { id: account.id, ready: true, onboardingUrl: null };
    const link = await this.stripe.accountLinks.create({
      account: account.id,
      refresh_url: options.returnUrl,
      return_url: options.returnUrl,
      type: "account_onboarding",
    });
    return { id: account.id, ready: false, onboardingUrl: link.url };
  }

  async transfer(options: {
    accountId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<ProviderTransfer> {
    try {
      const transfer = await this.stripe.transfers.create(
        { amount: options.amountCents, currency: "usd", destination: options.accountId },
        { idempotencyKey: options.idempotencyKey },
      );
      return { id: transfer.id, status: "paid", failureMessage: null };
    } catch (error) {
      // Stripe refuses a transfer it cannot make (an account not ready, no funds): an answer, not an outage.
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        return { id: "", status: "failed", failureMessage: error.message };
      throw error;
    }
  }
}
