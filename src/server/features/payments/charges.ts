import { and, eq, inArray, sql } from "drizzle-orm";
import { formatLongDate } from "../../../shared/dates.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import { declineMessages } from "../../../shared/payments.js";
import { formatCents, jobLabel, platformCutCents, serviceName } from "../../../shared/services.js";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import { job, landscaper, payment, paymentCustomer, paymentMethod } from "../../db/schema.js";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";
import { captureKey, type LedgerLine, post } from "./ledger.js";
import type { PaymentProvider, ProviderPayment } from "./providers/provider.js";

export type PaymentRow = typeof payment.$inferSelect;

/**
 * A provider call written down before it is made. `capture_fee` is a capture whose money is a cancellation
 * fee (all of it the landscaper's) rather than the job's price (split 25/75).
 */
export type PendingAction = "authorize" | "charge" | "capture" | "capture_fee" | "release" | "refund";

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
  /** The site's address, for the links in the emails a payment sends (the receipt). */
  publicUrl: string;
}

/**
 * Writes a new payment with its first call pending, in the caller's transaction. The key is derived from
 * the job and the action: a second request for the same thing (a double click, two instances) finds the
 * first payment instead of making another.
 */
export async function openPayment(
  tx: DbOrTx,
  options: {
    jobId: string;
    customerId: string;
    methodId: string;
    kind: PaymentRow["kind"];
    action: "authorize" | "charge";
    amountCents: number;
    idempotencyKey: string;
    provider: PaymentProvider["name"];
  },
): Promise<PaymentRow> {
  const [created] = await tx
    .insert(payment)
    .values({
      jobId: options.jobId,
      customerId: options.customerId,
      methodId: options.methodId,
      kind: options.kind,
      provider: options.provider,
      amountCents: options.amountCents,
      idempotencyKey: options.idempotencyKey,
      pendingAction: options.action,
      pendingAmountCents: options.amountCents,
      pendingKey: options.idempotencyKey,
      pendingSince: new Date(),
    })
    .onConflictDoNothing({ target: payment.idempotencyKey })
    .returning();
  if (created) return created;
  const [existing] = await tx
    .select()
    .from(payment)
    .where(eq(payment.idempotencyKey, options.idempotencyKey));
  return existing!;
}

/**
 * Writes down a follow-up call on an existing payment (capture, release, refund), in the caller's
 * transaction; answers null when another call is already pending on it (that one runs first).
 */
export async function queueAction(
  tx: DbOrTx,
  options: { paymentId: string; action: PendingAction; amountCents: number; key: string },
): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(payment)
    .set({
      pendingAction: options.action,
      pendingAmountCents: options.amountCents,
      pendingKey: options.key,
      pendingSince: new Date(),
    })
    .where(and(eq(payment.id, options.paymentId), sql`${payment.pendingAction} is null`))
    .returning();
  return row ?? null;
}

async function providerIds(db: DbOrTx, row: PaymentRow) {
  const [method] = row.methodId
    ? await db.select().from(paymentMethod).where(eq(paymentMethod.id, row.methodId))
    : [];
  const [customer] = row.customerId
    ? await db.select().from(paymentCustomer).where(eq(paymentCustomer.userId, row.customerId))
    : [];
  if (!method || !customer) throw new Error(`payment ${row.id} has no card or customer at the provider`);
  return { methodId: method.providerMethodId, customerId: customer.providerCustomerId };
}

async function callProvider(deps: PaymentsDeps, row: PaymentRow): Promise<ProviderPayment> {
  const { provider } = deps;
  const key = row.pendingKey!;
  const amountCents = row.pendingAmountCents ?? row.amountCents;
  const description = `GreenScape Charlotte job payment (${row.kind})`;
  switch (row.pendingAction as PendingAction) {
    case "authorize":
      return provider.authorize({
        ...(await providerIds(deps.db, row)),
        amountCents,
        description,
        idempotencyKey: key,
      });
    case "charge":
      return provider.charge({
        ...(await providerIds(deps.db, row)),
        amountCents,
        description,
        idempotencyKey: key,
      });
    case "capture":
    case "capture_fee":
      return provider.capture({ paymentId: row.providerPaymentId!, amountCents, idempotencyKey: key });
    case "release":
      return provider.release({ paymentId: row.providerPaymentId!, idempotencyKey: key });
    case "refund":
      return provider.refund({ paymentId: row.providerPaymentId!, amountCents, idempotencyKey: key });
  }
}

/**
 * Makes the payment's pending call and records the answer, with its ledger transaction, in one
 * transaction. Safe to repeat: the provider answers a repeated key with its first result, and the record
 * is written only while the same call is still pending (another instance that got there first wins).
 * A call that throws (the provider unreachable) stays pending for the scheduled pass to repeat.
 */
export async function performPending(deps: PaymentsDeps, paymentId: string): Promise<PaymentRow> {
  const [row] = await deps.db.select().from(payment).where(eq(payment.id, paymentId));
  if (!row) throw new Error(`no payment ${paymentId}`);
  if (!row.pendingAction) return row;
  const answer = await callProvider(deps, row);
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(payment).where(eq(payment.id, paymentId)).for("update");
    if (!current || current.pendingKey !== row.pendingKey) return current ?? row;
    const [updated] = await tx
      .update(payment)
      .set({
        providerPaymentId: answer.id,
        status: answer.status,
        capturedCents: answer.capturedCents,
        refundedCents: answer.refundedCents,
        expiresAt: answer.status === "held" ? answer.expiresAt : null,
        failureCode: answer.declineCode,
        failureMessage: answer.declineCode ? declineMessages[answer.declineCode] : null,
        heldAt: answer.status === "held" && !current.heldAt ? new Date() : current.heldAt,
        capturedAt: answer.capturedCents > current.capturedCents ? new Date() : current.capturedAt,
        releasedAt: answer.status === "released" && !current.releasedAt ? new Date() : current.releasedAt,
        pendingAction: null,
        pendingAmountCents: null,
        pendingKey: null,
        pendingSince: null,
      })
      .where(eq(payment.id, paymentId))
      .returning();
    await record(tx, current, updated!, deps.publicUrl);
    return updated!;
  });
}

/**
 * performPending right after the change that queued it committed, without failing that change: a provider
 * that does not answer leaves the payment pending, and the scheduled pass repeats the call.
 */
export async function performPendingSoon(deps: PaymentsDeps, paymentId: string): Promise<void> {
  await performPending(deps, paymentId).catch(() => undefined);
}

/** The ledger transaction of a call's answer: what changed between the payment before and after. */
async function record(tx: Tx, before: PaymentRow, after: PaymentRow, publicUrl: string) {
  const [owner] = await tx
    .select({ landscaperId: job.landscaperId })
    .from(job)
    .where(eq(job.id, after.jobId));
  const landscaperId = owner?.landscaperId ?? null;
  const captured = after.capturedCents - before.capturedCents;
  const refunded = after.refundedCents - before.refundedCents;
  const action = before.pendingAction as PendingAction;
  const base = { jobId: after.jobId, paymentId: after.id };
  if (captured > 0) {
    const isFee = action === "capture_fee" || after.kind === "fee";
    const isTip = after.kind === "tip";
    const lines: LedgerLine[] =
      isFee || isTip
        ? [
            { account: "processor", amountCents: captured },
            { account: "landscaper", userId: landscaperId, amountCents: -captured },
          ]
        : splitLines(captured, landscaperId);
    if (after.kind === "job" && !isFee) await enqueueReceipt(tx, after.jobId, captured, publicUrl);
    const kind = isFee ? "cancellation_fee" : isTip ? "tip" : "job_charge";
    await post(tx, {
      ...base,
      key: captureKey(kind, after.id),
      kind,
      description: isFee ? "Cancellation fee" : isTip ? "Tip" : "Job charge",
      lines,
    });
  }
  if (refunded > 0) {
    // A refund reverses what the charge recorded: the same split for a job's price, the landscaper's alone
    // for a tip or a fee.
    const whole = after.kind === "tip" || after.kind === "fee" || action === "capture_fee";
    const lines = whole
      ? [
          { account: "processor" as const, amountCents: -refunded },
          { account: "landscaper" as const, userId: landscaperId, amountCents: refunded },
        ]
      : splitLines(refunded, landscaperId).map((line) => ({ ...line, amountCents: -line.amountCents }));
    await post(tx, {
      ...base,
      key: `refund:${before.pendingKey}`,
      kind: "refund",
      description: "Refund",
      lines,
    });
  }
}

/**
 * The receipt email of a job's charge, in the transaction that records it (so it goes exactly once); its PDF
 * is rendered when it is sent. Receipts go whatever the email preference says.
 */
async function enqueueReceipt(tx: Tx, jobId: string, capturedCents: number, publicUrl: string) {
  const [row] = await tx
    .select({ job, businessName: landscaper.businessName, fullName: landscaper.fullName })
    .from(job)
    .leftJoin(landscaper, eq(landscaper.userId, job.landscaperId))
    .where(eq(job.id, jobId));
  if (!row) return;
  await enqueueEmail(
    tx,
    row.job.customerEmail,
    {
      template: "receipt",
      name: row.job.customerName,
      jobNumber: jobLabel(row.job.number),
      services: row.job.selectedServices.map(serviceName).join(", "),
      landscaperName: landscaperDisplayName({ businessName: row.businessName, fullName: row.fullName }),
      price: formatCents(capturedCents),
      date: formatLongDate(row.job.scheduledDate ?? row.job.preferredDate),
      dashboardUrl: `${publicUrl}/dashboard/customer`,
    },
    { attachments: [{ kind: "receipt", jobId }] },
  );
}

/** A job's price: all of it to the processor account, 25% to our fees, the rest to the landscaper. */
function splitLines(amountCents: number, landscaperId: string | null): LedgerLine[] {
  const platform = platformCutCents(amountCents);
  return [
    { account: "processor", amountCents },
    { account: "platform_fees", amountCents: -platform },
    { account: "landscaper", userId: landscaperId, amountCents: -(amountCents - platform) },
  ];
}

/**
 * Payments whose call has been pending longer than `olderThanMs` (the instance making it crashed, or the
 * provider did not answer): claimed with SKIP LOCKED so two instances do not repeat the same one at once.
 */
export async function stalePending(db: Db, olderThanMs: number, limit = 20): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: payment.id })
      .from(payment)
      .where(
        and(
          sql`${payment.pendingAction} is not null`,
          sql`${payment.pendingSince} < now() - ${`${olderThanMs} milliseconds`}::interval`,
        ),
      )
      .orderBy(payment.pendingSince)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return [];
    // Pushed forward while it is repeated, so another instance's pass leaves it alone meanwhile.
    await tx
      .update(payment)
      .set({ pendingSince: new Date() })
      .where(
        inArray(
          payment.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((r) => r.id);
  });
}
