import { and, desc, eq, inArray } from "drizzle-orm";
import { daysUntil } from "../../../../shared/dates.js";
import { freeCancellationEnds, HOLD_AT_APPROVAL_WITHIN_DAYS } from "../../../../shared/payments.js";
import type { Db, DbOrTx } from "../../../db/client.js";
import { job, payment } from "../../../db/schema.js";
import { fieldInvalid } from "../../../lib/errors.js";
import type { JobRow } from "../../jobs/index.js";
import { cardRefused, cardToCharge } from "../cards.js";
import { openPayment, type PaymentRow, performPending, queueAction } from "../charges.js";
import { atProvider, type PaymentProvider } from "../providers/index.js";

/**
 * The job's side of the money: which payment a job needs at each step of its lifecycle. The payments
 * feature makes the calls and keeps the ledger; this file decides when.
 */

export interface MoneyDeps {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
}

export const noCardMessage = "Add a card to approve this booking. It is charged only after the work is done.";

/** Whether the hold is placed when the customer approves (the visit is close), not later by the pass. */
export function holdsAtApproval(scheduledDate: string, now = new Date()): boolean {
  return daysUntil(scheduledDate, now) <= HOLD_AT_APPROVAL_WITHIN_DAYS;
}

/**
 * The most the customer has agreed to pay for the job's work: the price they approved when they booked, or
 * the higher final price they said yes to. Every charge for the work (a hold's capture, a charge without a
 * hold, the extra above a hold) is bounded by it, whoever settles: the customer, silence, an admin, a retry.
 */
export function consentedPriceCents(
  row: Pick<JobRow, "quotedPriceCents" | "requestedPriceCents" | "priceIncreaseApprovedAt">,
): number {
  const agreed = row.quotedPriceCents ?? 0;
  if (!row.priceIncreaseApprovedAt || row.requestedPriceCents === null) return agreed;
  return Math.max(agreed, row.requestedPriceCents);
}

/** What the work is charged at: its final price, never above what the customer agreed to. */
export function chargeablePriceCents(
  row: Pick<
    JobRow,
    "quotedPriceCents" | "finalPriceCents" | "requestedPriceCents" | "priceIncreaseApprovedAt"
  >,
): number {
  const consented = consentedPriceCents(row);
  return Math.min(row.finalPriceCents ?? consented, consented);
}

/** A customer cancelling now pays the fee: the visit starts (8 AM on its date) within 24 hours. */
export function isLateCancel(row: Pick<JobRow, "status" | "scheduledDate">, now = new Date()): boolean {
  if (row.status !== "scheduled" || !row.scheduledDate) return false;
  return now > freeCancellationEnds(row.scheduledDate);
}

/** The job's own payment (its price's hold or charge) that is not over: pending, held or captured. */
export async function livePayment(db: DbOrTx, jobId: string, kind: PaymentRow["kind"] = "job") {
  const [row] = await db
    .select()
    .from(payment)
    .where(
      and(
        eq(payment.jobId, jobId),
        eq(payment.kind, kind),
        inArray(payment.status, ["pending", "held", "captured"]),
      ),
    )
    .orderBy(desc(payment.createdAt))
    .limit(1);
  return row ?? null;
}

/** Takes the job's row lock for the rest of the transaction: money steps on one job happen one at a time. */
async function lockJob(tx: DbOrTx, jobId: string) {
  await tx.select({ id: job.id }).from(job).where(eq(job.id, jobId)).for("update");
}

async function paymentCount(db: DbOrTx, jobId: string, kind: PaymentRow["kind"]) {
  const rows = await db
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.jobId, jobId), eq(payment.kind, kind)));
  return rows.length;
}

/**
 * Opens the next attempt of a job's hold (`job`) or tip, keyed `job:<id>:hold:<n>` / `job:<id>:tip:<n>`:
 * callers hold the job's row lock (or claim the job), so two at once compute one key and share one payment.
 */
export async function openAttempt(
  tx: DbOrTx,
  options: {
    jobId: string;
    customerId: string;
    methodId: string;
    kind: "job" | "tip";
    amountCents: number;
    provider: PaymentProvider["name"];
  },
): Promise<PaymentRow> {
  const { jobId, kind } = options;
  const attempt = (await paymentCount(tx, jobId, kind)) + 1;
  return openPayment(tx, {
    ...options,
    action: kind === "job" ? "authorize" : "charge",
    idempotencyKey: `job:${jobId}:${kind === "job" ? "hold" : "tip"}:${attempt}`,
  });
}

/** A provider that did not answer: the call stays written down and the scheduled pass repeats it. */
const perform = (deps: MoneyDeps, row: PaymentRow): Promise<PaymentRow> =>
  atProvider(
    performPending(deps, row.id),
    "The card could not be checked just now. Please try again in a minute.",
  );

/**
 * Holds the job's quoted price on the customer's card (the card asked for, else their default), once: a
 * hold already placed or on its way is answered again. A refused card answers 402 with the reason.
 */
export async function holdJobPrice(
  deps: MoneyDeps,
  options: { current: JobRow; customerId: string; cardId?: string | undefined },
): Promise<PaymentRow> {
  const { db, provider } = deps;
  const { current } = options;
  const card = await cardToCharge(db, options.customerId, options.cardId);
  if (!card) throw fieldInvalid("card", noCardMessage);
  // Under the job's row lock: a second request at once (a double click, the scheduled pass) waits, then
  // finds this hold and shares it instead of placing another.
  const opened = await db.transaction(async (tx) => {
    await lockJob(tx, current.id);
    const existing = await livePayment(tx, current.id);
    if (existing) return existing;
    return openAttempt(tx, {
      jobId: current.id,
      customerId: options.customerId,
      methodId: card.id,
      kind: "job",
      amountCents: current.quotedPriceCents ?? 0,
      provider: provider.name,
    });
  });
  const held = opened.pendingAction ? await perform(deps, opened) : opened;
  if (held.status === "failed") throw cardRefused((held.failureCode as "card_declined") ?? "card_declined");
  return held;
}

/** Releases a job's hold (a cancellation without a fee, or a booking that could not be made). */
export async function releaseHold(deps: MoneyDeps, jobId: string): Promise<void> {
  const live = await livePayment(deps.db, jobId);
  if (live?.status !== "held") return;
  const queued = await queueAction(deps.db, {
    paymentId: live.id,
    action: "release",
    amountCents: 0,
    key: `job:${jobId}:release:${live.id}`,
  });
  if (queued) await perform(deps, queued).catch(() => undefined);
}

/**
 * Written in the cancellation's own transaction: what the cancellation does to the money (released, or the
 * fee taken from the hold, or the fee charged to the card when there is no hold). Answers the payment to
 * call after the commit, if any.
 */
export async function queueCancellationMoney(
  tx: DbOrTx,
  options: { current: JobRow; feeCents: number; provider: PaymentProvider["name"] },
): Promise<PaymentRow | null> {
  const { current, feeCents } = options;
  const live = await livePayment(tx, current.id);
  if (live?.status === "held") {
    return queueAction(tx, {
      paymentId: live.id,
      action: feeCents > 0 ? "capture_fee" : "release",
      amountCents: Math.min(feeCents, live.amountCents),
      key: `job:${current.id}:cancel:${live.id}`,
    });
  }
  if (feeCents > 0 && current.customerId) {
    const card = await cardToCharge(tx, current.customerId);
    if (!card) return null;
    return openPayment(tx, {
      jobId: current.id,
      customerId: current.customerId,
      methodId: card.id,
      kind: "fee",
      action: "charge",
      amountCents: feeCents,
      idempotencyKey: `job:${current.id}:fee`,
      provider: options.provider,
    });
  }
  return null;
}

/**
 * Written in the work approval's transaction: the capture of the job's hold at the final price (never more
 * than was held). Answers the payment to call after the commit; null when there is no hold to capture
 * (it lapsed, or was never placed), in which case `chargeWithoutHold` charges the card after the commit.
 */
export async function queueCapture(tx: DbOrTx, current: JobRow): Promise<PaymentRow | null> {
  const live = await livePayment(tx, current.id);
  if (live?.status !== "held") return null;
  const price = chargeablePriceCents(current);
  return queueAction(tx, {
    paymentId: live.id,
    action: "capture",
    amountCents: Math.min(price, live.amountCents),
    key: `job:${current.id}:capture:${live.id}`,
  });
}

/**
 * After an approval: runs the queued capture; when the hold lapsed or was never placed, charges the card for
 * the price; when the customer said yes to a final price above the hold, charges the difference as its own
 * payment. The price is `chargeablePriceCents`, so nothing here charges more than the customer agreed to.
 * Each payment is keyed by the job, so running this twice (a retry, the scheduled pass) charges nothing twice.
 */
export async function settleApprovedWork(
  deps: MoneyDeps,
  options: { current: JobRow; queued: PaymentRow | null },
): Promise<void> {
  const { db, provider } = deps;
  const { current } = options;
  const price = chargeablePriceCents(current);
  let captured = options.queued
    ? await performPending(deps, options.queued.id)
    : await livePayment(db, current.id);
  if (!current.customerId) return;
  if (captured?.status !== "captured") {
    const card = await cardToCharge(db, current.customerId);
    if (!card) return;
    const opened = await openPayment(db, {
      jobId: current.id,
      customerId: current.customerId,
      methodId: card.id,
      kind: "job",
      action: "charge",
      amountCents: price,
      idempotencyKey: `job:${current.id}:charge`,
      provider: provider.name,
    });
    captured = await performPending(deps, opened.id);
    if (captured.status !== "captured") return;
  }
  const difference = price - captured.capturedCents;
  if (difference > 0) {
    const card = await cardToCharge(db, current.customerId);
    if (!card) return;
    const extra = await openPayment(db, {
      jobId: current.id,
      customerId: current.customerId,
      methodId: card.id,
      kind: "extra",
      action: "charge",
      amountCents: difference,
      idempotencyKey: `job:${current.id}:extra`,
      provider: provider.name,
    });
    await performPending(deps, extra.id);
  }
}

/** A tip, charged to the customer's card as its own payment (one per job). 402 when the card refuses. */
export async function chargeTip(
  deps: MoneyDeps,
  options: { current: JobRow; customerId: string; tipCents: number },
): Promise<PaymentRow | null> {
  if (options.tipCents <= 0) return null;
  const card = await cardToCharge(deps.db, options.customerId);
  if (!card) throw fieldInvalid("tip", "Add a card in your profile to leave a tip.");
  // Under the job's row lock, like the hold: a tip sent twice at once is charged once.
  const opened = await deps.db.transaction(async (tx) => {
    await lockJob(tx, options.current.id);
    const existing = await livePayment(tx, options.current.id, "tip");
    if (existing) return existing;
    return openAttempt(tx, {
      jobId: options.current.id,
      customerId: options.customerId,
      methodId: card.id,
      kind: "tip",
      amountCents: options.tipCents,
      provider: deps.provider.name,
    });
  });
  const charged = opened.pendingAction ? await perform(deps, opened) : opened;
  if (charged.status === "failed")
    throw cardRefused((charged.failureCode as "card_declined") ?? "card_declined");
  return charged;
}
