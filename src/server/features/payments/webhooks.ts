import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../../db/client.js";
import { payment, paymentEvent, payoutAccount } from "../../db/schema.js";
import { performPending } from "./charges.js";
import type { StripeProvider } from "./providers/stripe-provider.js";

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

/** The PaymentIntent an event is about, if it is about one. */
function intentIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as {
    object?: string;
    id?: string;
    payment_intent?: string | { id: string } | null;
  };
  if (object.object === "payment_intent") return object.id ?? null;
  const intent = object.payment_intent;
  if (!intent) return null;
  return typeof intent === "string" ? intent : intent.id;
}

/**
 * Applies one verified Stripe event, once: its id is kept after it is applied (a failure leaves it for
 * Stripe's retry). Applying never trusts the event's copy of the object: it finishes a call of ours that an
 * instance left pending (the crash between Stripe's answer and our commit), or re-reads the PaymentIntent,
 * so events applied in any order leave Stripe's current state. Money Stripe moved without us (a refund in
 * its dashboard) is not booked here: the reconciliation reports it.
 */
export async function applyStripeEvent(options: {
  db: Db;
  provider: StripeProvider;
  publicUrl: string;
  event: Stripe.Event;
}): Promise<WebhookOutcome> {
  const { db, provider, event } = options;
  const [seen] = await db.select().from(paymentEvent).where(eq(paymentEvent.id, event.id));
  if (seen) return "duplicate";
  let outcome: WebhookOutcome = "ignored";
  const intentId = intentIdOf(event);
  if (intentId) {
    const [row] = await db.select().from(payment).where(eq(payment.providerPaymentId, intentId));
    if (row?.pendingAction) {
      await performPending({ db, provider, publicUrl: options.publicUrl }, row.id);
      outcome = "applied";
    } else if (row) {
      const current = await provider.retrieve(intentId);
      // Only what needs no ledger entry: a hold Stripe cancelled (lapsed) or we released elsewhere.
      if (row.status === "held" && (current.status === "expired" || current.status === "released")) {
        await db
          .update(payment)
          .set({ status: current.status, expiresAt: null, releasedAt: new Date() })
          .where(and(eq(payment.id, row.id), eq(payment.status, "held"), isNull(payment.pendingAction)));
      }
      outcome = "applied";
    }
  } else if (event.type === "account.updated") {
    const account = event.data.object as Stripe.Account;
    const fresh = await provider.stripe.accounts.retrieve(account.id);
    if (fresh.payouts_enabled) {
      await db
        .update(payoutAccount)
        .set({ status: "ready", updatedAt: new Date() })
        .where(and(eq(payoutAccount.providerAccountId, account.id), eq(payoutAccount.status, "onboarding")));
    }
    outcome = "applied";
  }
  await db.insert(paymentEvent).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return outcome;
}
