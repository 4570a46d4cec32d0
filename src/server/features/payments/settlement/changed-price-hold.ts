import type { DbOrTx } from "../../../db/client.js";
import { conflict } from "../../../lib/errors.js";
import { cardRefused, cardToCharge } from "../cards.js";
import { openPayment, type PaymentRow, performPending, queueAction } from "../charges.js";
import { atProvider } from "../providers/index.js";
import { livePayment, type MoneyDeps } from "./money.js";

/** A job's hold placed again for a changed price: the hold it replaces, and the new one. */
export interface ChangedHold {
  previous: PaymentRow;
  held: PaymentRow;
}

/**
 * The hold of a job whose agreed price the customer changed before the work (a price change, issue 34),
 * following the hold rules for the new amount. A job with no hold gets none here: the payment pass holds the
 * agreed price, now the new one, when the visit comes near. A held job is held again for the new amount
 * before the change commits, as a payment of its own keyed by the change (a second click shares it), on the
 * card a hold takes (the default); the old hold is released in the change's transaction (queueReleaseOf). A
 * refused card answers 402 and nothing has changed: the old hold and the agreed price stand.
 */
export async function holdChangedPrice(
  deps: MoneyDeps,
  options: { jobId: string; customerId: string; priceCents: number; key: string },
): Promise<ChangedHold | null> {
  const { db, provider } = deps;
  const live = await livePayment(db, options.jobId);
  if (!live) return null;
  // A hold being placed or captured this moment: its outcome decides what to replace.
  if (live.pendingAction || live.status === "pending")
    throw conflict("Your card is being checked for this job just now. Please try again in a minute.");
  if (live.status !== "held" || live.amountCents === options.priceCents) return null;
  const card = await cardToCharge(db, options.customerId);
  // No card left to hold: the old hold stays, and the work is charged within the approved price at the end.
  if (!card) return null;
  const opened = await openPayment(db, {
    jobId: options.jobId,
    customerId: options.customerId,
    methodId: card.id,
    kind: "job",
    action: "authorize",
    amountCents: options.priceCents,
    idempotencyKey: options.key,
    provider: provider.name,
  });
  const held = opened.pendingAction
    ? await atProvider(
        performPending(deps, opened.id),
        "The card could not be checked just now. Please try again in a minute.",
      )
    : opened;
  if (held.status === "failed") throw cardRefused((held.failureCode as "card_declined") ?? "card_declined");
  return { previous: live, held };
}

/** Written in the change's transaction: the release of the hold the new one replaces (run after the commit). */
export function queueReleaseOf(tx: DbOrTx, payment: PaymentRow): Promise<PaymentRow | null> {
  return queueAction(tx, {
    paymentId: payment.id,
    action: "release",
    amountCents: 0,
    key: `job:${payment.jobId}:release:${payment.id}`,
  });
}

/** A change that did not commit: the new hold it placed goes back (the old one was never touched). */
export async function dropChangedHold(deps: MoneyDeps, held: PaymentRow): Promise<void> {
  const queued = await queueReleaseOf(deps.db, held);
  if (queued) await performPending(deps, queued.id).catch(() => undefined);
}
