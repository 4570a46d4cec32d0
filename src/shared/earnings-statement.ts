import { z } from "zod";
import { addDaysIso, isValidIsoDate } from "./dates.js";

/**
 * The landscaper's earnings per visit (issue 37, decision 026): each visit's money from the ledger, grouped
 * by the payout it went into. A payout pays what the landscaper's ledger account held when the payout was
 * written, so a visit's entries belong to the first payout written after them (failed payouts aside: their
 * money goes into a later one); entries after the last payout wait for the next one.
 */

/** A period is at most a year long (the CSV streams, but a download is meant for a tax year or less). */
export const STATEMENT_MAX_DAYS = 366;

const day = (label: string) =>
  z
    .string({ message: `Choose the ${label} date.` })
    .max(10, { message: `Choose the ${label} date.`, abort: true })
    .refine(isValidIsoDate, { message: `Choose the ${label} date.` });

const bothDates = (q: { from: unknown; to: unknown }) =>
  typeof q.from === "string" && typeof q.to === "string" && isValidIsoDate(q.from) && isValidIsoDate(q.to);

/** GET /api/landscaper/earnings/visits and /earnings/visits.csv: a period of Charlotte dates, inclusive. */
export const statementQuerySchema = z
  .object({ from: day("first"), to: day("last") })
  // Each check stands alone: zod may run it on dates that already failed (addDaysIso throws on those).
  .refine((q) => !bothDates(q) || q.from <= q.to, {
    message: "The first date must be on or before the last.",
    path: ["to"],
  })
  .refine((q) => !bothDates(q) || addDaysIso(q.from, STATEMENT_MAX_DAYS - 1) >= q.to, {
    message: `Choose a period of at most ${STATEMENT_MAX_DAYS} days.`,
    path: ["to"],
  });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const statementPayoutSchema = z.object({
  id: z.string(),
  /** The weekly run's Charlotte date. */
  runDate: z.string(),
  status: z.enum(["pending", "paid"]),
  /** The Charlotte date the ledger recorded it paid; null while it is on its way. */
  paidOn: z.string().nullable(),
  amountCents: z.number(),
});
export type StatementPayout = z.infer<typeof statementPayoutSchema>;

/** One visit's money that went into one payout (or waits for the next), every figure from the ledger. */
export const statementRowSchema = z.object({
  jobId: z.string().nullable(),
  jobNumber: z.number().nullable(),
  /** The visit's date (scheduled, else the date the customer asked for). */
  visitDate: z.string().nullable(),
  services: z.array(z.string()),
  /** What the customer was charged for the work. */
  priceCents: z.number(),
  /** The platform's share, less what a refund gave back of it. */
  platformFeeCents: z.number(),
  tipCents: z.number(),
  /** Cancellation fees. */
  feeCents: z.number(),
  /** Refunded to the customer (a positive number, taken off). */
  refundCents: z.number(),
  /** price − platform fee + tip + fees − refunds: what the landscaper's account was credited. */
  netCents: z.number(),
  /** The payout it went into; null: the next payout. */
  payoutId: z.string().nullable(),
});
export type StatementRow = z.infer<typeof statementRowSchema>;

/** The Earnings tab's "Per visit" list for a period. */
export const statementAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Payouts paid in the period, and (when the period reaches today) those on their way. */
  payouts: z.array(statementPayoutSchema),
  /** Their visits, and when the period reaches today the visits waiting for the next payout. */
  rows: z.array(statementRowSchema),
  /** More rows than the screen lists: the CSV has them all. */
  truncated: z.boolean(),
});
export type StatementAnswer = z.infer<typeof statementAnswerSchema>;

/** The CSV's columns, in order (money as decimal dollars). */
export const statementCsvColumns = [
  "payout_paid_on",
  "payout_run_date",
  "payout_id",
  "job",
  "visit_date",
  "services",
  "price",
  "platform_fee",
  "tip",
  "fees",
  "refunds",
  "net",
] as const;

export const statementCsvName = (from: string, to: string) => `greenscape-earnings-${from}-to-${to}.csv`;
