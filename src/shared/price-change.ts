import { z } from "zod";
import { dollars, MAX_PRICE_INCREASE_RATIO } from "./price-bounds.js";
import { jobPhotoSchema, MAX_PHOTOS_PER_KIND } from "./proof.js";

/**
 * A price change before the work (issue 34, docs/decisions/020-price-change-before-work.md). The landscaper of
 * a job with a firm price asks, before they set off, for a new price (a series: the price per visit) with a
 * reason and 1–6 photos; only the customer answers. A yes makes it the agreed price (a series: of this and
 * its later visits) and any hold on the card follows it; a no, silence, or the job moving on (completed,
 * cancelled, withdrawn) leave the agreed price as it was. After a no the landscaper may withdraw from the job
 * without a mark on their record. Routes: POST /api/jobs/:id/price-change (multipart), …/price-change/withdraw,
 * …/price-change/approve, …/price-change/decline.
 */

/**
 * open: waiting for the customer; approved / declined: their answer; withdrawn: the landscaper took it back
 * (they may ask again); lapsed: the job left the landscaper or was done before anyone answered.
 */
export const priceChangeStates = ["open", "approved", "declined", "withdrawn", "lapsed"] as const;
export type PriceChangeState = (typeof priceChangeStates)[number];

export const PRICE_CHANGE_REASON_MAX = 500;

/** The text fields of POST /api/jobs/:id/price-change; the photos are its files photo1…photo6. */
export const askPriceChangeSchema = z.object({
  /** Dollars; for a series, the new price of each visit. */
  price: dollars("New price"),
  reason: z
    .string({ message: "Tell the customer why the price should change." })
    .trim()
    .min(1, { message: "Tell the customer why the price should change." })
    .max(PRICE_CHANGE_REASON_MAX, {
      message: `Please keep the reason under ${PRICE_CHANGE_REASON_MAX} characters.`,
    }),
});
export type AskPriceChangeInput = z.input<typeof askPriceChangeSchema>;

export const priceChangeViewSchema = z.object({
  id: z.string(),
  state: z.enum(priceChangeStates),
  /** The agreed price when it was asked, and the price asked: per visit for a series. */
  agreedCents: z.number(),
  askedCents: z.number(),
  perVisit: z.boolean(),
  reason: z.string(),
  photos: z.array(jobPhotoSchema),
  askedAt: z.string(),
  /** When it was answered, withdrawn or lapsed. */
  closedAt: z.string().nullable(),
});
export type PriceChangeView = z.infer<typeof priceChangeViewSchema>;

const percent = `${Math.round(MAX_PRICE_INCREASE_RATIO * 100)}%`;

export const priceChangeMessages = {
  reasonNeeded: "Tell the customer why the price should change.",
  photoNeeded: "Add at least one photo that shows why the price should change.",
  tooManyPhotos: `At most ${MAX_PHOTOS_PER_KIND} photos.`,
  tooHigh: (max: string, agreed: string) =>
    `The new price can be at most ${max}: ${percent} above the agreed ${agreed}.`,
  samePrice: (agreed: string) => `${agreed} is the agreed price already. Ask for a different one.`,
  notFirm: "Only a job with a firm price takes a price change; for the others you named the price yourself.",
  jobClosed: "This job no longer takes a price change: it is not booked with you before the work.",
  underWay:
    "You have set off for this visit: a price change is asked before you go. Talk to the customer, or ask a higher final price when you complete it.",
  redoVisit: "A redo visit keeps the price of the work it puts right.",
  alreadyOpen: "You have already asked for a price change on this job. Withdraw it first to ask for another.",
  alreadyAnswered:
    "The customer has already answered a price change on this job: the agreed price is final now.",
  noneOpen: "There is no price change waiting for an answer on this job.",
  priceMoved: "The agreed price of this job has changed meanwhile. Please look at it again.",
} as const;

/** The request's price in a sentence: "$60.00 per visit" for a series, "$60.00" otherwise. */
export const priceChangeAmount = (cents: string, perVisit: boolean) =>
  perVisit ? `${cents} per visit` : cents;
