import { z } from "zod";
import { addressMessages, zipInAddress } from "./address.js";
import { myOfferSchema, offerViewSchema } from "./booking.js";
import { isValidIsoDate, todayInCharlotte } from "./dates.js";
import { occurredAtField } from "./field.js";
import { cancellationTermsSchema, jobPaymentViewSchema } from "./payments.js";
import { dollars, MAX_PRICE_INCREASE_RATIO } from "./price-bounds.js";
import { priceChangeViewSchema } from "./price-change.js";
import { firmPriceSchema, grassHeights, sizeAnswers } from "./pricing.js";
import { arrivalViewSchema, disputeViewSchema, jobPhotoSchema } from "./proof.js";
import {
  canRecur,
  frequencies,
  reliabilitySchema,
  seriesMessages,
  seriesSummarySchema,
} from "./recurring.js";
import {
  customerAverageSchema,
  jobReviewSchema,
  REVIEW_BODY_MAX,
  reviewSummarySchema,
  stars,
} from "./reviews.js";
import { serviceIds } from "./services.js";

export { dollars, MAX_PRICE_INCREASE_RATIO, maxFinalPriceCents } from "./price-bounds.js";

export const jobStatuses = ["pending", "accepted", "scheduled", "completed", "cancelled"] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * How admin screens group the lifecycle (spec 02: Pending, In Progress, Completed, Cancelled, and the
 * demo's Scheduled). A booked visit, one-time or of a series, is Scheduled until its landscaper sets off:
 * the series generates its visits weeks ahead, and calling those In Progress said work was under way (and
 * money moving) when nothing had happened yet.
 */
export const adminStatusGroups = ["pending", "scheduled", "in_progress", "completed", "cancelled"] as const;
export type AdminStatusGroup = (typeof adminStatusGroups)[number];
/** `underway`: the landscaper marked the visit on the way, arrived or started (cleared for a redo visit). */
export function adminGroupOf(status: JobStatus, underway: boolean): AdminStatusGroup {
  if (status === "scheduled") return underway ? "in_progress" : "scheduled";
  return status === "accepted" ? "in_progress" : status;
}
export const adminGroupLabel: Record<AdminStatusGroup, string> = {
  pending: "Pending",
  scheduled: "Scheduled",
  in_progress: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
};
export const statusLabel: Record<JobStatus, string> = {
  pending: "Pending",
  accepted: "Accepted",
  scheduled: "Scheduled",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

const optionalZip = /^(?:\d{5})?$/;

/** The quote form (spec 01 section 5), checked by the browser and again by the server. */
export const quoteRequestSchema = z
  .object({
    fullName: z
      .string()
      .trim()
      .min(1, { message: "Full name is required." })
      .max(120, { message: "Full name is too long." }),
    email: z
      .string()
      .trim()
      .min(1, { message: "Email is required." })
      .max(254, { message: "Please enter a valid email.", abort: true })
      .pipe(z.email({ message: "Please enter a valid email." })),
    phone: z
      .string()
      .trim()
      .min(1, { message: "Phone number is required." })
      .max(40, { message: "Phone number is too long." }),
    address: z
      .string()
      .trim()
      .min(1, { message: "Property address is required." })
      .max(300, { message: "Property address is too long." }),
    // Blank when the address ends with a ZIP: the object's checks below take it from there.
    zipCode: z
      .string()
      .trim()
      .max(10, { message: addressMessages.zipFormat, abort: true })
      .regex(optionalZip, { message: addressMessages.zipFormat })
      .default(""),
    services: z
      .array(z.enum(serviceIds, { message: "Please select at least one service." }), {
        message: "Please select at least one service.",
      })
      .min(1, { message: "Please select at least one service." })
      .max(serviceIds.length)
      .transform((ids) => [...new Set(ids)]),
    preferredDate: z
      .string()
      .min(1, { message: "Preferred date is required." })
      .refine(isValidIsoDate, { message: "Preferred date is required." })
      .refine((value) => value >= todayInCharlotte(), { message: "Please choose today or a later date." }),
    additionalNotes: z
      .string()
      .trim()
      .max(2000, { message: "Notes are too long (2000 characters at most)." })
      .default(""),
    /** One visit, or a recurring series (issue 17) for the services that recur. */
    frequency: z.enum(frequencies, { message: "Choose how often." }).default("one_time"),
    /** The lawn's size (issue 34): a tier gives a firm price; "not sure" and "large" go to a landscaper. */
    sizeTier: z.enum(sizeAnswers, { message: "Choose the size of your lawn." }).default("not_sure"),
    /** How tall the grass is now: a surcharge on the first visit only. */
    grassHeight: z.enum(grassHeights, { message: "Choose how tall the grass is." }).default("normal"),
    /** The hidden honeypot: people never fill it; bots do. */
    website: z.string().max(500).default(""),
    /** One key per form fill: a retry or double click creates one job. */
    idempotencyKey: z.string().trim().min(8).max(100).optional(),
  })
  // A person who types '…, Charlotte, NC 28202' is not asked for the ZIP again.
  .overwrite((quote) => ({ ...quote, zipCode: quote.zipCode || (zipInAddress(quote.address) ?? "") }))
  .refine((quote) => quote.frequency === "one_time" || canRecur(quote.services), {
    path: ["frequency"],
    message: seriesMessages.notRecurring,
    when: (payload) => Array.isArray((payload.value as { services?: unknown })?.services),
  })
  .refine((quote) => quote.zipCode !== "" || zipInAddress(quote.address ?? "") !== null, {
    path: ["zipCode"],
    message: "ZIP code is required.",
    // Also when another field is wrong, so every message shows at once.
    when: (payload) => typeof (payload.value as { zipCode?: unknown })?.zipCode === "string",
  });
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/** A landscaper takes a job: price and date (the date defaults to the preferred date). */
export const acceptJobSchema = z.object({
  /** For a series: the price of each visit. Not sent for a request with a firm price: it is the price. */
  price: dollars("Price").optional(),
  /** For a series: the visits' day of the week (the first visit is the first such day on or after the date). */
  weekday: z.coerce.number().int().min(0).max(6).optional(),
  scheduledDate: z
    .string()
    .refine(isValidIsoDate, { message: "Choose a date." })
    .refine((value) => value >= todayInCharlotte(), { message: "Please choose today or a later date." })
    .optional(),
});

/**
 * Whether a job's landscaper may see who and where the customer is: once the customer has approved their offer
 * (scheduled_at, stamped by the approval and cleared by a withdrawal, a missed visit or leaving a series), so
 * also on the job's later states. An offer alone is not enough: anyone approved can offer $1 on any request
 * in their area and withdraw (issue 31).
 */
export function contactApproved(row: {
  status: (typeof jobStatuses)[number];
  scheduledAt: Date | string | null;
}): boolean {
  return row.scheduledAt !== null || row.status === "scheduled" || row.status === "completed";
}

export const priceRequestMessages = {
  reasonNeeded: "Tell the customer why the price is higher than agreed.",
  tooHigh: (max: string, agreed: string) =>
    `The final price can be at most ${max}: ${Math.round(MAX_PRICE_INCREASE_RATIO * 100)}% above the agreed ${agreed}.`,
  noRequest: "There is no new price to approve for this job.",
} as const;

export const completeJobSchema = z.object({
  finalPrice: dollars("Final price"),
  /** Why the final price is above the agreed one; the server asks for it only then. */
  reason: z.string().trim().max(500, { message: "Please keep the reason under 500 characters." }).optional(),
  /** When the landscaper marked it done on their phone (issue 37); the job event keeps it. */
  occurredAt: occurredAtField,
});

/** The customer approves the work: at the agreed price, or at the higher price the landscaper asked. */
export const approveWorkSchema = z
  .object({
    acceptNewPrice: z.boolean({ message: "Choose a price." }).optional(),
    /** The customer lets the after-photos appear in the landscaper's public gallery (issue 36). */
    showPhotos: z.boolean({ message: "Choose whether your photos may be shown." }).optional(),
  })
  .default({});

/** A final price the landscaper asked above the agreed one, and the customer's answer. */
export const priceRequestViewSchema = z.object({
  requestedCents: z.number(),
  reason: z.string(),
  /** pending: not answered yet; approved: the customer said yes; declined: the agreed price was charged. */
  answer: z.enum(["pending", "approved", "declined"]),
});
export type PriceRequestView = z.infer<typeof priceRequestViewSchema>;

/** An admin refunds part or all of what a job's customer paid for the work, with a reason they are told. */
export const refundJobSchema = z.object({
  amount: dollars("Refund amount"),
  reason: z
    .string()
    .trim()
    .min(1, { message: "Give the reason the customer will read." })
    .max(500, { message: "Please keep the reason under 500 characters." }),
});

export const cancelJobSchema = z.object({
  reason: z.string().trim().min(1, { message: "Please tell us why you are cancelling." }).max(500),
  /** The cancellation fee the person was shown, in cents; a higher fee now due is refused for them to see. */
  acceptedFeeCents: z.number().int().min(0).max(10_000_000).optional(),
});

/** The assigned landscaper withdraws from a job, telling the customer why. */
export const withdrawJobSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: "Please tell the customer why you are withdrawing." })
    .max(500, { message: "Please keep the reason under 500 characters." }),
});

export const rateJobSchema = z.object({
  rating: z.coerce
    .number({ message: "Choose a rating from 1 to 5 stars." })
    .int({ message: "Choose a rating from 1 to 5 stars." })
    .min(1, { message: "Choose a rating from 1 to 5 stars." })
    .max(5, { message: "Choose a rating from 1 to 5 stars." }),
  /**
   * The review's other stars (issue 36): asked whenever the rating writes a review; a visit whose series is
   * already reviewed for the month records its stars and tip alone, so the server asks for them, not the schema.
   */
  punctuality: stars("punctuality").optional(),
  communication: stars("communication").optional(),
  comment: z
    .string()
    .trim()
    .max(REVIEW_BODY_MAX, { message: "Comments are limited to 1000 characters." })
    .default(""),
  tip: z.coerce
    .number({ message: "Tip must be a number." })
    .min(0, { message: "Tip cannot be negative." })
    .max(10_000, { message: "Tip must be at most $10,000." })
    .default(0)
    .transform((value) => Math.round(value * 100)),
});

export const jobMessages = {
  takenByAnother: "This job was just taken by another landscaper.",
  notApproved: "Your application must be approved before you can take jobs.",
  /** A request with a firm price (issue 34) is taken at that price; only the customer can agree to another. */
  firmPrice: (price: string) =>
    `This request has a firm price (${price}): it is the price of the job. If the property is not what the customer described, ask them for a price change after accepting.`,
} as const;

/** A job as the customer and landscaper screens see it. */
export const jobViewSchema = z.object({
  id: z.string(),
  number: z.number(),
  status: z.enum(jobStatuses),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  address: z.string(),
  zipCode: z.string(),
  services: z.array(z.string()),
  serviceType: z.string(),
  preferredDate: z.string(),
  scheduledDate: z.string().nullable(),
  additionalNotes: z.string().nullable(),
  estimateLowCents: z.number(),
  estimateHighCents: z.number(),
  quotedPriceCents: z.number().nullable(),
  /** The firm price the quote locked (issue 34): whoever takes the request takes it; null when a pro prices it. */
  firmPrice: firmPriceSchema.nullable().optional(),
  /** The customer's answers behind it: a size tier (or not_sure, large) and the grass height. */
  sizeTier: z.string().nullable().optional(),
  grassHeight: z.string().nullable().optional(),
  finalPriceCents: z.number().nullable(),
  tipCents: z.number(),
  rating: z.number().nullable(),
  ratingComment: z.string().nullable(),
  cancelReason: z.string().nullable(),
  landscaperName: z.string().nullable(),
  /** The customer's offers (status accepted): the landscaper's record, shown where they approve. */
  landscaperReliability: reliabilitySchema.nullable().optional(),
  hasPhoto: z.boolean(),
  completedAt: z.string().nullable().optional(),
  /** After completion: when the customer (or 48 hours of silence) approved the work, or they reported a problem. */
  workApprovedAt: z.string().nullable().optional(),
  /** Whether the customer lets the after-photos appear in the landscaper's public gallery (issue 36). */
  photosShown: z.boolean().optional(),
  problemReportedAt: z.string().nullable().optional(),
  /** Until when the customer can approve the work or report a problem (then silence approves it). */
  approvalEndsAt: z.string().nullable().optional(),
  /** A final price above the agreed one that the landscaper asked for (the customer answers it). */
  priceRequest: priceRequestViewSchema.nullable().optional(),
  /**
   * A price change before the work (issue 34): the latest the job's landscaper asked on this job, for its
   * customer and that landscaper; `canAskPriceChange` (that landscaper's view) whether they may ask one now.
   */
  priceChange: priceChangeViewSchema.nullable().optional(),
  canAskPriceChange: z.boolean().optional(),
  /** Proof of work and arrival (issue 16), for the customer, the assigned landscaper and admins. */
  photos: z.array(jobPhotoSchema).optional(),
  arrival: arrivalViewSchema.optional(),
  dispute: disputeViewSchema.nullable().optional(),
  /** 1, then 2 for a redo visit. */
  visit: z.number().optional(),
  /** A visit of a recurring series: the series; a visit the landscaper moved (weather): from when, why. */
  seriesId: z.string().nullable().optional(),
  series: seriesSummarySchema.nullable().optional(),
  seriesDate: z.string().nullable().optional(),
  movedFrom: z.string().nullable().optional(),
  moveReason: z.string().nullable().optional(),
  /** A completed visit's reviews as the customer or the landscaper sees them (issue 36). */
  review: jobReviewSchema.nullable().optional(),
  /** In a landscaper's queue: the customer's average from landscapers' ratings (released ones only). */
  customerAverage: customerAverageSchema.nullable().optional(),
  /** The customer's offers (status accepted): the landscaper's reviews in short, beside their record. */
  landscaperReviews: reviewSummarySchema.nullable().optional(),
  /** Messages in the job's conversation the signed-in person has not read. */
  unreadMessages: z.number().optional(),
  /** The customer's own list: the job's payment, and the fee cancelling now would cost. */
  payment: jobPaymentViewSchema.nullable().optional(),
  cancelFeeCents: z.number().optional(),
  /** The customer's own list, for an offer or a booking with a day: until when cancelling is free, the fee after. */
  cancellation: cancellationTermsSchema.nullable().optional(),
  declinedByMe: z.boolean().optional(),
  /** The customer's own open firm-priced request: the pros' offers waiting for their choice, oldest first. */
  offers: z.array(offerViewSchema).optional(),
  /** In a landscaper's queue, on an open request: their own waiting offer, and how many offers wait in all. */
  myOffer: myOfferSchema.nullable().optional(),
  offerCount: z.number().optional(),
  /**
   * The job's own landscaper only: until when they may release this instant booking (ISO time, 2 hours after
   * the customer booked), null once they may not (window over, not instant, a series visit, not scheduled).
   */
  releasableUntil: z.string().nullable().optional(),
  /**
   * Set in a landscaper's queue for jobs not (yet) theirs: name, email, phone, street address, notes and photo
   * are withheld (empty) until they accept; `area` says where the job is.
   */
  contactHidden: z.boolean().optional(),
  /** The neighbourhood and ZIP, e.g. "Dilworth (28203)". */
  area: z.string().optional(),
  /** In a landscaper's queue: miles from their own ZIP to the job's (centroid to centroid), null if unknown. */
  distanceMiles: z.number().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobView = z.infer<typeof jobViewSchema>;

/** GET /api/customer/jobs; `preview` is true for master users, from whom bookings are hidden. */
export const customerJobsAnswerSchema = z.object({ jobs: z.array(jobViewSchema), preview: z.boolean() });
export type CustomerJobsAnswer = z.infer<typeof customerJobsAnswerSchema>;

/** GET /api/customer/jobs/next: the next scheduled visit, if any. */
export const nextJobAnswerSchema = z.object({ job: jobViewSchema.nullable() });
export type NextJobAnswer = z.infer<typeof nextJobAnswerSchema>;

/** Every job action (accept, decline, complete, approve, cancel, rate): the job as it now stands. */
export const jobActionAnswerSchema = z.object({ job: jobViewSchema, message: z.string() });
export type JobActionAnswer = z.infer<typeof jobActionAnswerSchema>;
