import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ownedBy, user } from "./accounts.js";
import { createdAt, timestamps, uuidId } from "./columns.js";
import { belongsToJob, job } from "./jobs.js";

/** A person's customer record at the payment provider (one per provider). */
export const paymentCustomer = pgTable("payment_customer", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  providerCustomerId: text("provider_customer_id").notNull(),
  createdAt: createdAt(),
});

/** A saved card: what the provider told us about it (never its number). */
export const paymentMethod = pgTable(
  "payment_method",
  {
    id: uuidId(),
    userId: ownedBy("user_id"),
    provider: text("provider").notNull(),
    providerMethodId: text("provider_method_id").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: smallint("exp_month").notNull(),
    expYear: smallint("exp_year").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_method_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("payment_method_provider_idx").on(t.provider, t.providerMethodId),
  ],
);

export const paymentKind = pgEnum("payment_kind", ["job", "extra", "tip", "fee"]);
export const paymentStatus = pgEnum("payment_status", [
  // Asked for, the provider's answer not recorded yet (a crash here is recovered with the same key).
  "pending",
  "held",
  "captured",
  "released",
  "failed",
  "expired",
]);

/**
 * One payment of a job at the provider: the hold on the customer's card for the visit (`job`), a difference
 * the customer approved above it (`extra`), a tip, a cancellation fee. `pending_action` is a provider call
 * written down before it is made; the answer clears it in the same transaction that records it, so after a
 * crash the scheduled pass finds the call and repeats it with the same idempotency key.
 */
export const payment = pgTable(
  "payment",
  {
    id: uuidId(),
    jobId: belongsToJob(),
    customerId: text("customer_id").references(() => user.id, { onDelete: "set null" }),
    methodId: uuid("method_id").references(() => paymentMethod.id, { onDelete: "set null" }),
    kind: paymentKind("kind").notNull(),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id"),
    status: paymentStatus("status").notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    capturedCents: integer("captured_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    pendingAction: text("pending_action"),
    pendingAmountCents: integer("pending_amount_cents"),
    pendingKey: text("pending_key"),
    pendingSince: timestamp("pending_since", { withTimezone: true }),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    heldAt: timestamp("held_at", { withTimezone: true }),
    capturedAt: timestamp("captured_at", { withTimezone: true }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("payment_job_idx").on(t.jobId, t.createdAt),
    index("payment_pending_idx").on(t.pendingSince).where(sql`${t.pendingAction} is not null`),
    index("payment_held_idx").on(t.expiresAt).where(sql`${t.status} = 'held'`),
  ],
);

/**
 * A money movement: its entries sum to zero. `key` names it (job, action) so it is written once however
 * often the action that causes it runs.
 */
export const ledgerTransaction = pgTable(
  "ledger_transaction",
  {
    id: uuidId(),
    key: text("key").notNull().unique(),
    kind: text("kind").notNull(),
    jobId: uuid("job_id").references(() => job.id, { onDelete: "set null" }),
    paymentId: uuid("payment_id").references(() => payment.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  // Admin → Health (issue 38) reads a period's charges and refunds.
  (t) => [index("ledger_transaction_created_idx").on(t.createdAt)],
);

/**
 * Double entry in integer cents: debits positive, credits negative. Accounts: `processor` (money held for
 * us at the payment provider), `platform_fees` (our 25%), `landscaper` (what we owe a landscaper, with
 * `user_id`), `customer_refunds` is not needed: a refund reverses the others.
 */
export const ledgerEntry = pgTable(
  "ledger_entry",
  {
    id: uuidId(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransaction.id, { onDelete: "cascade" }),
    account: text("account").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entry_transaction_idx").on(t.transactionId),
    index("ledger_entry_account_idx").on(t.account, t.userId),
  ],
);

/**
 * Each account's balance per kind of movement, kept by a statement trigger on ledger_entry (migration 0011)
 * in the transaction that posts: the dashboard reads a few rows instead of summing every entry. Spread over
 * slots by database connection, like job_totals, so concurrent postings rarely wait on one another.
 */
export const ledgerBalance = pgTable(
  "ledger_balance",
  {
    account: text("account").notNull(),
    kind: text("kind").notNull(),
    slot: smallint("slot").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.account, t.kind, t.slot] })],
);

/** Where a landscaper is paid: their connected account at the provider (Stripe Connect, or a test account). */
export const payoutAccount = pgTable("payout_account", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  providerAccountId: text("provider_account_id").notNull(),
  // "ready" once the provider can pay it; "onboarding" while the landscaper still has details to give.
  status: text("status").notNull(),
  ...timestamps,
});

export const payoutStatus = pgEnum("payout_status", ["pending", "paid", "failed"]);

/**
 * One landscaper's payout of one weekly run (`run_date`, the run's Charlotte date): the unique pair is the
 * claim, so two instances running the same week pay once. A failed transfer is retried with backoff under a
 * new key (`attempts` + 1); a call whose answer was lost is repeated under the same one.
 */
export const payout = pgTable(
  "payout",
  {
    id: uuidId(),
    landscaperId: ownedBy("landscaper_id"),
    runDate: text("run_date").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: payoutStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    providerTransferId: text("provider_transfer_id"),
    failureMessage: text("failure_message"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payout_run_idx").on(t.landscaperId, t.runDate),
    index("payout_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Stripe's webhook events by id: an event is applied once however often Stripe delivers it, and applying
 * re-reads the object from Stripe, so events arriving out of order leave the latest state.
 */
export const paymentEvent = pgTable("payment_event", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/* ---------- The embedded test processor's own records (as Stripe's test mode keeps them) ---------- */

export const testProcessorObject = pgTable(
  "test_processor_object",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    ...timestamps,
  },
  (t) => [index("test_processor_object_type_idx").on(t.type)],
);

/** An idempotency key's first answer: the same key gets the same answer, and does nothing twice. */
export const testProcessorKey = pgTable("test_processor_key", {
  key: text("key").primaryKey(),
  answer: jsonb("answer").notNull(),
  createdAt: createdAt(),
});
