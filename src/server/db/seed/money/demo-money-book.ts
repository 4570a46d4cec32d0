import { randomUUID } from "node:crypto";
import { HOLD_LIFETIME_DAYS } from "../../../../shared/payments.js";
import { platformCutCents } from "../../../../shared/services.js";
import * as s from "../../schema.js";
import type { DemoJob } from "../demo-fixtures.js";
import { DAY } from "../demo-fixtures.js";
import type { DemoContext } from "../demo-people.js";
import { type DemoCard, providerId } from "./demo-cards.js";

/**
 * The demo's payments as rows: each payment with the test processor's payment intent and its ledger
 * transactions (balanced, keyed as the app keys them), collected, then written in one go
 * (./demo-payments.ts decides which job has which payment).
 */

export type LedgerKind = "job_charge" | "tip" | "cancellation_fee" | "refund";
export type LedgerLine = {
  account: "processor" | "platform_fees" | "landscaper";
  userId?: string;
  amountCents: number;
};

const later = (value: Date | number, ms: number) => new Date(new Date(value).getTime() + ms);

/** A job's price in the ledger: all of it to the processor account, 25% to our fees, the rest to the landscaper. */
export function splitLines(amountCents: number, landscaperId: string): LedgerLine[] {
  const platform = platformCutCents(amountCents);
  return [
    { account: "processor", amountCents },
    { account: "platform_fees", amountCents: -platform },
    { account: "landscaper", userId: landscaperId, amountCents: -(amountCents - platform) },
  ];
}

/** A tip or a fee: all of it the landscaper's. */
export function wholeLines(amountCents: number, landscaperId: string): LedgerLine[] {
  return [
    { account: "processor", amountCents },
    { account: "landscaper", userId: landscaperId, amountCents: -amountCents },
  ];
}

const ledgerDescription: Record<LedgerKind, string> = {
  job_charge: "Job charge",
  tip: "Tip",
  cancellation_fee: "Cancellation fee",
  refund: "Refund",
};

export interface DemoPaymentInput {
  kind: "job" | "tip";
  key: string;
  status: "held" | "captured" | "released";
  amountCents: number;
  capturedCents: number;
  heldAt?: Date;
  doneAt?: Date;
  ledger?: { kind: LedgerKind; lines: LedgerLine[] };
  /** Part of the captured price refunded afterwards (an admin's refund: the split reversed). */
  refund?: { cents: number; at: Date; lines: LedgerLine[] };
}

export function moneyBook() {
  const payments: (typeof s.payment.$inferInsert)[] = [];
  const intents: (typeof s.testProcessorObject.$inferInsert)[] = [];
  const transactions: (typeof s.ledgerTransaction.$inferInsert)[] = [];
  const entries: (typeof s.ledgerEntry.$inferInsert)[] = [];

  function record(
    j: DemoJob,
    paymentId: string,
    key: string,
    kind: LedgerKind,
    lines: LedgerLine[],
    at: Date,
  ) {
    const transactionId = randomUUID();
    transactions.push({
      id: transactionId,
      key,
      kind,
      jobId: j.id!,
      paymentId,
      description: ledgerDescription[kind],
      createdAt: at,
    });
    const sum = lines.reduce((total, line) => total + line.amountCents, 0);
    if (sum !== 0) throw new Error(`demo ledger transaction ${key} does not balance`);
    for (const line of lines) {
      const { account, amountCents } = line;
      entries.push({ transactionId, account, userId: line.userId ?? null, amountCents, createdAt: at });
    }
  }

  /** A payment of job `j` on `card`, its intent at the test processor and its ledger transactions. */
  function add(j: DemoJob, card: DemoCard, p: DemoPaymentInput) {
    const id = randomUUID();
    const intentId = providerId("pi");
    const createdAt = p.heldAt ?? p.doneAt!;
    const doneAt = p.doneAt ?? createdAt;
    const updatedAt = p.refund?.at ?? doneAt;
    const expiresAt = p.status === "held" ? later(createdAt, HOLD_LIFETIME_DAYS * DAY) : null;
    payments.push({
      id,
      jobId: j.id!,
      customerId: j.customerId,
      methodId: card.id,
      kind: p.kind,
      provider: "test",
      providerPaymentId: intentId,
      status: p.status,
      amountCents: p.amountCents,
      capturedCents: p.capturedCents,
      refundedCents: p.refund?.cents ?? 0,
      idempotencyKey: p.key,
      expiresAt,
      heldAt: p.heldAt ?? null,
      capturedAt: p.status === "captured" ? doneAt : null,
      releasedAt: p.status === "released" ? doneAt : null,
      createdAt,
      updatedAt,
    });
    const intent = {
      customer: card.customerObject,
      method: card.methodObject,
      amount: p.amountCents,
      captured: p.capturedCents,
      refunded: p.refund?.cents ?? 0,
      status: p.status,
      expiresAt: expiresAt?.toISOString() ?? null,
      declineCode: null,
    };
    intents.push({ id: intentId, type: "payment_intent", data: intent, createdAt, updatedAt });
    if (p.ledger) record(j, id, `${p.ledger.kind}:${id}`, p.ledger.kind, p.ledger.lines, doneAt);
    // Keyed as refundJob's first refund of the job is (refund:<the payment's pending key>).
    if (p.refund) record(j, id, `refund:job:${j.id}:refund:1:${id}`, "refund", p.refund.lines, p.refund.at);
  }

  /** Writes what was added: the intents and payments, then the ledger. */
  async function write({ tx }: Pick<DemoContext, "tx">) {
    if (payments.length === 0) return;
    await tx.insert(s.testProcessorObject).values(intents);
    await tx.insert(s.payment).values(payments);
    if (transactions.length === 0) return;
    await tx.insert(s.ledgerTransaction).values(transactions);
    // The database keeps ledger_balance from these rows (its trigger), as it does for the app's postings.
    await tx.insert(s.ledgerEntry).values(entries);
  }

  return { add, write };
}
