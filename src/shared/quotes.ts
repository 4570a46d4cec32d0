import { z } from "zod";
import { MAX_PHOTO_BYTES } from "./jobs.js";
import { firmPriceSchema } from "./pricing.js";

/** What POST /api/quotes answers, and what the thank-you page receives as navigation state. */
export const quoteSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  fullName: z.string(),
  email: z.string(),
  services: z.array(z.string()),
  address: z.string(),
  zipCode: z.string(),
  preferredDate: z.string(),
  estimateLowCents: z.number(),
  estimateHighCents: z.number(),
  /** The firm price per visit (issue 34), or null when a landscaper prices it (size not given, over an acre). */
  price: firmPriceSchema.nullable().optional(),
  /**
   * Given once, to the sender of the quote (issue 35): with it that browser may see the pros free for the
   * request and book one before the email is confirmed. Never shown again.
   */
  bookingToken: z.string().optional(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteAnswerSchema = z.object({ quote: quoteSummarySchema });
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;

/** One row of GET /api/services/prices: the price table admins keep, not the built-in defaults. */
export const servicePriceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  lowCents: z.number(),
  highCents: z.number(),
});
export type ServicePrice = z.infer<typeof servicePriceSchema>;

export const servicePricesAnswerSchema = z.object({ services: z.array(servicePriceSchema) });
export type ServicePricesAnswer = z.infer<typeof servicePricesAnswerSchema>;

/** The instant estimate: the sum of the low ends and the sum of the high ends of the ticked services. */
export function estimateOf(
  prices: readonly Pick<ServicePrice, "id" | "lowCents" | "highCents">[],
  selected: readonly string[],
): { lowCents: number; highCents: number } | null {
  const chosen = prices.filter((price) => selected.includes(price.id));
  if (chosen.length === 0) return null;
  return {
    lowCents: chosen.reduce((sum, price) => sum + price.lowCents, 0),
    highCents: chosen.reduce((sum, price) => sum + price.highCents, 0),
  };
}

export const quoteMessages = {
  /** An idempotency key answers only the request that first used it (same person, same details). */
  idempotencyKeyReused:
    "This form was already sent with other details. Please reload the page and send your request again.",
} as const;

export const photoMessages = {
  notAnImage: "The photo must be an image (JPEG, PNG, GIF or WebP).",
  /** An image the server cannot decode (HEIC, a damaged file) cannot have its metadata removed: refused. */
  unreadable: "This photo could not be read. Please choose a JPEG, PNG, GIF or WebP image.",
  tooLarge: "The photo is larger than 10 MB. Please choose a smaller image.",
  heic: "HEIC photos are not accepted. Please choose a JPEG, PNG, GIF or WebP image (on an iPhone: Settings › Camera › Formats › Most Compatible).",
} as const;

/**
 * The browser's check of the optional photo (type and size); the server checks the content again.
 * Answers the message to show, or null when the file is acceptable.
 */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return photoMessages.notAnImage;
  // The server re-encodes every photo to drop its metadata and cannot decode HEIC: said before the upload.
  if (file.type === "image/heic" || file.type === "image/heif") return photoMessages.heic;
  if (file.size > MAX_PHOTO_BYTES) return photoMessages.tooLarge;
  return null;
}
