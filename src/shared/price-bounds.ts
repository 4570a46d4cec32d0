import { z } from "zod";

/**
 * The price fields and the one bound on a landscaper asking more than was agreed, shared by the two ways of
 * asking (docs/decisions/015-charges-within-consent.md and 020-price-change-before-work.md): a final price above
 * the agreed one at completion, and a price change before the work. Re-exported by jobs.ts.
 */

/** An amount in dollars typed in a box, answered in cents; an empty box is "required", not "at least $1". */
export const dollars = (label: string) =>
  z
    .union([z.string(), z.number()], { message: `${label} must be a number.` })
    .refine((value) => typeof value === "number" || value.trim() !== "", {
      message: `${label} is required.`,
      abort: true,
    })
    .pipe(
      z.coerce
        .number<string | number>({ message: `${label} must be a number.` })
        .refine(Number.isFinite, { message: `${label} must be a number.` })
        .min(1, { message: `${label} must be at least $1.` })
        .max(100_000, { message: `${label} must be at most $100,000.` })
        .transform((value) => Math.round(value * 100)),
    );

/**
 * A price above the agreed one is a request the customer answers (issue 31): at most this share above the
 * agreed price, with a reason. Until the customer says yes, and after a "no", the agreed price stands.
 */
export const MAX_PRICE_INCREASE_RATIO = 0.5;

/** The highest price a landscaper may ask for a job agreed at `agreedCents`. */
export function maxFinalPriceCents(agreedCents: number): number {
  return Math.floor(agreedCents * (1 + MAX_PRICE_INCREASE_RATIO));
}
