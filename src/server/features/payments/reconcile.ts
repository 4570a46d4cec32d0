import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.js";
import type { PaymentProvider } from "./providers/provider.js";

export interface Mismatch {
  paymentId: string;
  providerPaymentId: string;
  problem: string;
}

/**
 * Compares our records with the provider's, payment by payment: what the provider captured and refunded
 * must equal what the payment row says, and what the ledger's processor account received for it. A call
 * still pending is skipped (the pass finishes it). Answers every difference; an empty list means the books
 * agree.
 */
export async function reconcile(db: Db, provider: PaymentProvider): Promise<Mismatch[]> {
  const rows = rowsOf<{
    id: string;
    provider_payment_id: string;
    captured_cents: number;
    refunded_cents: number;
    ledger_in: string | number | null;
    ledger_out: string | number | null;
  }>(
    await db.execute(sql`
      select p.id, p.provider_payment_id, p.captured_cents, p.refunded_cents,
        (select sum(e.amount_cents) from ledger_entry e join ledger_transaction t on t.id = e.transaction_id
          where t.payment_id = p.id and e.account = 'processor' and t.kind <> 'refund') as ledger_in,
        (select -sum(e.amount_cents) from ledger_entry e join ledger_transaction t on t.id = e.transaction_id
          where t.payment_id = p.id and e.account = 'processor' and t.kind = 'refund') as ledger_out
      from payment p
      where p.provider = ${provider.name} and p.provider_payment_id is not null and p.pending_action is null`),
  );
  const mismatches: Mismatch[] = [];
  for (const row of rows) {
    const theirs = await provider.retrieve(row.provider_payment_id);
    const note = (problem: string) =>
      mismatches.push({ paymentId: row.id, providerPaymentId: row.provider_payment_id, problem });
    if (theirs.capturedCents !== row.captured_cents)
      note(`captured ${theirs.capturedCents} at the provider, ${row.captured_cents} here`);
    if (theirs.refundedCents !== row.refunded_cents)
      note(`refunded ${theirs.refundedCents} at the provider, ${row.refunded_cents} here`);
    if (Number(row.ledger_in ?? 0) !== row.captured_cents)
      note(`the ledger received ${Number(row.ledger_in ?? 0)} for ${row.captured_cents} captured`);
    if (Number(row.ledger_out ?? 0) !== row.refunded_cents)
      note(`the ledger refunded ${Number(row.ledger_out ?? 0)} for ${row.refunded_cents} refunded`);
  }
  return mismatches;
}
