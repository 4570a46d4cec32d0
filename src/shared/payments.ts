import { z } from "zod";
import { formatCharlotteDateTime } from "./dates.js";
import { LATE_CANCEL_HOURS } from "./payment-terms.js";
import { withArticle } from "./services.js";

// The timing rules live without zod so the public shell can show them (docs/decisions/014-first-screen-files.md).
export {
  DEFAULT_CANCELLATION_FEE_CENTS,
  freeCancellationEnds,
  HOLD_AT_APPROVAL_WITHIN_DAYS,
  HOLD_DAYS_BEFORE_VISIT,
  HOLD_LIFETIME_DAYS,
  LATE_CANCEL_HOURS,
  VISIT_START_HOUR,
  WORK_APPROVAL_HOURS,
} from "./payment-terms.js";

/**
 * A job with a day that is not done yet, on its customer's list: until when cancelling it is free
 * (`freeCancellationEnds`, ISO) and the fee after (the CANCELLATION_FEE_CENTS setting).
 */
export const cancellationTermsSchema = z.object({ freeUntil: z.string(), feeCents: z.number() });
export type CancellationTerms = z.infer<typeof cancellationTermsSchema>;

/**
 * The cancellation rule as the approval dialog and the booked job's card say it: "Cancelling is free until
 * Mon, Nov 30, 8:00 AM; after that it costs a $25.00 cancellation fee." `doing`: "Skipping this visit", say.
 */
export function cancellationTermsText(
  terms: CancellationTerms,
  { doing = "Cancelling", now = new Date() }: { doing?: string; now?: Date } = {},
): string {
  // The server refuses a cancel or skip once the landscaper is on the way: said wherever the fee is.
  const onTheWay = " Once your landscaper is on the way, it can no longer be cancelled.";
  if (terms.feeCents === 0) return `${doing} is free.${onTheWay}`;
  const fee = `${withArticle(terms.feeCents)} cancellation fee`;
  const freeUntil = new Date(terms.freeUntil);
  if (now >= freeUntil)
    return `The visit is less than ${LATE_CANCEL_HOURS} hours away: ${doing.toLowerCase()} now costs ${fee}.${onTheWay}`;
  return `${doing} is free until ${formatCharlotteDateTime(freeUntil)}; after that it costs ${fee}.${onTheWay}`;
}

export const TEST_MODE_NOTICE = "Test mode — no real charges";

/**
 * Stripe's documented test card numbers the embedded test processor accepts, and what each does. Any other
 * number is refused, so a real card is never typed into a test system by mistake.
 */
export const testCards = {
  "4242424242424242": { brand: "visa", outcome: "succeeds" },
  "4000056655665556": { brand: "visa", outcome: "succeeds" },
  "5555555555554444": { brand: "mastercard", outcome: "succeeds" },
  "378282246310005": { brand: "amex", outcome: "succeeds" },
  "6011111111111117": { brand: "discover", outcome: "succeeds" },
  "4000000000000002": { brand: "visa", outcome: "card_declined" },
  "4000000000009995": { brand: "visa", outcome: "insufficient_funds" },
  "4000000000000069": { brand: "visa", outcome: "expired_card" },
  "4000000000000127": { brand: "visa", outcome: "incorrect_cvc" },
  // Saved without complaint; every charge to it is declined (Stripe: "attaching succeeds, charges fail").
  "4000000000000341": { brand: "visa", outcome: "charge_declined" },
} as const satisfies Record<string, { brand: string; outcome: string }>;

/** Why a card was refused, in words a person understands; the client switches on `code`. */
export const declineMessages = {
  card_declined: "Your card was declined. Please use a different card.",
  insufficient_funds: "Your card has insufficient funds. Please use a different card.",
  expired_card: "Your card has expired. Please use a different card.",
  incorrect_cvc: "The card's security code is incorrect. Check the 3 or 4 digits on the card.",
  not_a_test_card: "Test mode only accepts test cards, such as 4242 4242 4242 4242.",
  processing_error: "The card could not be charged just now. Please try again in a minute.",
} as const;
export type DeclineCode = keyof typeof declineMessages;

/**
 * A refusal saved nothing (a card typed into our test form): the fields to change, marked so the person sees
 * which. A declined or expired card is another card altogether (all three); a wrong code is the code alone.
 */
const anotherCard = {
  number: "Type another card's number.",
  expiry: "Type the other card's expiry.",
  cvc: "Type the other card's security code.",
};
export const declineFieldHints: Record<DeclineCode, Partial<Record<"number" | "expiry" | "cvc", string>>> = {
  card_declined: anotherCard,
  insufficient_funds: anotherCard,
  expired_card: anotherCard,
  incorrect_cvc: { cvc: "Check the 3 or 4 digits on the card." },
  not_a_test_card: { number: "Type a test card's number, such as 4242 4242 4242 4242." },
  processing_error: {},
};

/**
 * A refusal said cause first, once, with what it left undone: "Your card was declined. Please use a different
 * card." and "nothing was saved or booked" read "Your card was declined, so nothing was saved or booked. Please
 * use a different card." A message of one sentence keeps it and adds the outcome after it.
 */
export function refusalWithOutcome(message: string, outcome: string): string {
  const cut = message.indexOf(". ");
  if (cut === -1) return `${message} ${outcome.charAt(0).toUpperCase()}${outcome.slice(1)}.`;
  return `${message.slice(0, cut)}, so ${outcome}.${message.slice(cut + 1)}`;
}

export const cardBrandLabel: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

const digitsOnly = (value: string) => value.replace(/[\s-]/g, "");

/** A card typed into the test processor's form (never used with Stripe, whose form is Stripe's own). */
export const addCardSchema = z.object({
  number: z
    .string()
    .max(30, { message: "Enter the card number.", abort: true })
    .transform(digitsOnly)
    .pipe(
      z
        .string()
        .min(1, { message: "Enter the card number." })
        .regex(/^\d{13,19}$/, { message: "A card number is 13 to 19 digits." }),
    ),
  expiry: z
    .string()
    .trim()
    .max(7, { message: "Enter the expiry as MM/YY.", abort: true })
    .regex(/^(0[1-9]|1[0-2])\s?\/\s?(\d{2})$/, { message: "Enter the expiry as MM/YY." }),
  cvc: z
    .string()
    .trim()
    .max(4, { message: "The security code is 3 or 4 digits.", abort: true })
    .regex(/^\d{3,4}$/, { message: "The security code is 3 or 4 digits." }),
});
export type AddCardInput = z.input<typeof addCardSchema>;

/** "MM/YY" as a month and a four-digit year. */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const [month, year] = expiry.split("/").map((part) => Number(part.trim()));
  return { month: month ?? 0, year: 2000 + (year ?? 0) };
}

export const cardViewSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  isDefault: z.boolean(),
});
export type CardView = z.infer<typeof cardViewSchema>;

export const paymentMethodsAnswerSchema = z.object({
  cards: z.array(cardViewSchema),
  /** "test" (the embedded processor, cards typed in our form) or "stripe". */
  mode: z.enum(["test", "stripe"]),
  /** What cancelling within 24 hours of a visit costs (the CANCELLATION_FEE_CENTS setting). */
  cancellationFeeCents: z.number(),
});
export type PaymentMethodsAnswer = z.infer<typeof paymentMethodsAnswerSchema>;

export const cardAnswerSchema = z.object({ card: cardViewSchema, message: z.string() });

/** Stripe mode: what the browser's Payment Element needs to save a card with Stripe. */
export const cardSetupAnswerSchema = z.object({ clientSecret: z.string(), publishableKey: z.string() });
export type CardSetupAnswer = z.infer<typeof cardSetupAnswerSchema>;

export const paymentStatuses = ["pending", "held", "captured", "released", "failed", "expired"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What a job's customer and landscaper see of its money. */
export const jobPaymentViewSchema = z.object({
  status: z.enum(paymentStatuses),
  amountCents: z.number(),
  capturedCents: z.number(),
  refundedCents: z.number(),
  card: z.string().nullable(),
  failureMessage: z.string().nullable(),
  tipCents: z.number(),
  /** Cancellation fee captured, if any. */
  feeCents: z.number(),
});
export type JobPaymentView = z.infer<typeof jobPaymentViewSchema>;

export function cardLabel(card: { brand: string; last4: string }): string {
  return `${cardBrandLabel[card.brand] ?? card.brand} •••• ${card.last4}`;
}

export const approveJobSchema = z
  .object({
    /** The saved card to hold; the default card when absent. */
    cardId: z.uuid({ message: "Choose a card." }).optional(),
  })
  .default({});

/**
 * Why a balance the platform owes is not paid yet (src/server/features/payments/payouts.ts): the weekly run
 * pays only into a payout account that is ready, and one made ready after a run's time waits for the next.
 * There is no minimum payout and no holding period: a captured charge is owed at once.
 * - no_account: the landscaper has not set up payouts;
 * - account_unfinished: set up at the payment partner, not finished (Stripe's onboarding);
 * - next_run: ready; paid at the next weekly run (`at`);
 * - paid_today: ready and paid out today already ("Pay out now" makes one payout a day): the rest, earned
 *   since, is paid at the next weekly run (`at`).
 */
export const payoutWaits = ["no_account", "account_unfinished", "next_run", "paid_today"] as const;
export type PayoutWait = (typeof payoutWaits)[number];

export const payoutOutlookSchema = z.object({
  wait: z.enum(payoutWaits),
  /** When the balance is paid, when that is known (a ready account: the next run). */
  at: z.string().nullable(),
  /** The next weekly run, which pays an account that is ready by then. */
  nextRunAt: z.string(),
});
export type PayoutOutlook = z.infer<typeof payoutOutlookSchema>;

/**
 * The outlook in words, for the landscaper ("you") or an admin (the landscaper's name): the reason, then
 * when it is paid ("Tue, Nov 24, 9:00 AM").
 */
export function payoutWaitText(outlook: PayoutOutlook, who: "you" | { name: string }): string {
  const next = formatCharlotteDateTime(new Date(outlook.nextRunAt));
  const you = who === "you";
  switch (outlook.wait) {
    case "no_account":
      return you
        ? `Not paid yet: set up payouts below. Your balance is paid at the first weekly run after that (the next is ${next}).`
        : `${who.name} has not set up payouts, so no run pays them yet; if they do before ${next}, that weekly run pays them.`;
    case "account_unfinished":
      return you
        ? `Not paid yet: finish your payout setup with our payment partner. Your balance is paid at the first weekly run after that (the next is ${next}).`
        : `${who.name} has not finished payout setup with our payment partner, so no run pays them yet; if they finish before ${next}, that weekly run pays them.`;
    case "next_run":
      return you
        ? `Paid at the weekly run, ${next}.`
        : `${who.name} is paid at the next weekly run, ${next}.`;
    case "paid_today":
      return you
        ? `Paid out once today already; the rest is paid at the weekly run, ${next}.`
        : `${who.name} was paid out once today already; the rest is paid at the next weekly run, ${next}.`;
  }
}

/** GET /api/landscaper/earnings: the Earnings tab. */
export const earningsAnswerSchema = z.object({
  mode: z.enum(["test", "stripe"]),
  /** Null until the landscaper sets up payouts. */
  account: z.object({ ready: z.boolean() }).nullable(),
  /** Earned and not yet paid out (tips and fees included). */
  balanceCents: z.number(),
  /**
   * The next weekly run and what it pays them; `outlook` says why a balance waits and until when (null
   * when nothing is owed).
   */
  nextPayout: z.object({ at: z.string(), amountCents: z.number(), outlook: payoutOutlookSchema.nullable() }),
  payouts: z.array(
    z.object({
      id: z.string(),
      runDate: z.string(),
      amountCents: z.number(),
      status: z.enum(["pending", "paid", "failed"]),
      paidAt: z.string().nullable(),
      failureMessage: z.string().nullable(),
    }),
  ),
  jobs: z.array(
    z.object({
      jobId: z.string(),
      jobNumber: z.string(),
      date: z.string(),
      services: z.string(),
      /** 75% of what the customer paid for the work, less any refund's share. */
      earningsCents: z.number(),
      tipCents: z.number(),
      feeCents: z.number(),
    }),
  ),
  totals: z.object({ earnedCents: z.number(), tipsCents: z.number(), paidCents: z.number() }),
});
export type EarningsAnswer = z.infer<typeof earningsAnswerSchema>;

export const payoutAccountAnswerSchema = z.object({
  ready: z.boolean(),
  onboardingUrl: z.string().nullable(),
  message: z.string(),
});

/** A balance "Pay out now" could not pay: whose, how much, why and until when. */
export const waitingBalanceSchema = z.object({
  landscaperId: z.string(),
  landscaperName: z.string(),
  balanceCents: z.number(),
  outlook: payoutOutlookSchema,
  /** payoutWaitText's sentence for admins. */
  text: z.string(),
});
export type WaitingBalance = z.infer<typeof waitingBalanceSchema>;

export const payoutRunAnswerSchema = z.object({
  created: z.number(),
  paid: z.number(),
  failed: z.number(),
  message: z.string(),
  /** Balances left unpaid after the run, largest first (at most 20), each with its reason. */
  waiting: z.array(waitingBalanceSchema),
});
export type PayoutRunAnswer = z.infer<typeof payoutRunAnswerSchema>;
