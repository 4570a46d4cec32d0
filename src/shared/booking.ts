import { z } from "zod";
import { formatLongDate, isValidIsoDate } from "./dates.js";
import { reliabilitySchema } from "./recurring.js";
import { reviewSummarySchema } from "./reviews.js";
import { formatCents, serviceIds } from "./services.js";

/*
 * Booking a pro at once (issue 35): each landscaper's availability (working weekdays, visits per day, notice,
 * instant booking per service, an own price within ±30 % of the platform's) and the pros a customer may choose.
 */

/** The limits of a landscaper's settings, shared by the form and the server. */
export const availabilityLimits = {
  maxVisitsPerDay: 20,
  maxNoticeHours: 168,
  maxPriceAdjustPercent: 30,
} as const;

/** How far ahead a customer can book: the pros' first days are looked for within this many days. */
export const BOOKING_HORIZON_DAYS = 21;
/** How many pros the customer is shown, and how many first days each. */
export const PROS_SHOWN = 3;
export const FIRST_DAYS_SHOWN = 3;
/** Fewer visits due (or ratings) than this: the ranking counts that part as its prior, not as a verdict. */
export const THIN_RECORD_BELOW = 3;
/** A pro may release an instant booking within this many hours of it (counted in their record). */
export const RELEASE_WINDOW_HOURS = 2;

export const availabilitySchema = z.object({
  weekdays: z
    .array(z.number().int().min(0).max(6), { message: "Choose the days you work." })
    .min(1, { message: "Choose at least one working day." })
    .max(7)
    .refine((days) => new Set(days).size === days.length, { message: "Each day once, please." }),
  visitsPerDay: z
    .number({ message: "Enter how many visits you can do in a day." })
    .int({ message: "Enter a whole number of visits." })
    .min(1, { message: "At least one visit a day." })
    .max(availabilityLimits.maxVisitsPerDay, {
      message: `At most ${availabilityLimits.maxVisitsPerDay} visits a day.`,
    }),
  noticeHours: z
    .number({ message: "Enter the notice you need, in hours." })
    .int({ message: "Enter a whole number of hours." })
    .min(0, { message: "The notice cannot be negative." })
    .max(availabilityLimits.maxNoticeHours, { message: "At most a week (168 hours) of notice." }),
  /** The services customers can book with them at once; the others come as requests to their queue. */
  instantServices: z
    .array(z.enum(serviceIds, { message: "Choose services from the list." }))
    .max(serviceIds.length)
    .refine((ids) => new Set(ids).size === ids.length, { message: "Each service once, please." }),
  /** Their own price: the platform's firm price moved by this many percent (−30 … +30), shown as their price. */
  priceAdjustPercent: z
    .number({ message: "Enter a percentage." })
    .int({ message: "Enter a whole percentage." })
    .min(-availabilityLimits.maxPriceAdjustPercent, { message: "At most 30% below the platform's price." })
    .max(availabilityLimits.maxPriceAdjustPercent, { message: "At most 30% above the platform's price." }),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** A landscaper who has never set their availability: weekdays, six visits, a day's notice, nothing instant. */
export const defaultAvailability: Availability = {
  weekdays: [1, 2, 3, 4, 5],
  visitsPerDay: 6,
  noticeHours: 24,
  instantServices: [],
  priceAdjustPercent: 0,
};

/** GET/PUT /api/landscaper/availability. */
export const availabilityAnswerSchema = z.object({ availability: availabilitySchema });

/** A price moved by a pro's own percentage, in whole cents (half up). */
export function adjustedCents(cents: number, percent: number): number {
  return Math.round((cents * (100 + percent)) / 100);
}

/** How far a pro's base is from the property, in bands a customer reads at a glance. */
export const distanceBands = ["Under 5 miles", "5–10 miles", "10–20 miles", "Over 20 miles"] as const;
export function distanceBand(miles: number | null): (typeof distanceBands)[number] | null {
  if (miles === null) return null;
  if (miles < 5) return distanceBands[0];
  if (miles < 10) return distanceBands[1];
  if (miles < 20) return distanceBands[2];
  return distanceBands[3];
}

/** One pro a customer may book for the request, as the choice shows them. */
export const availableProSchema = z.object({
  landscaperId: z.string(),
  businessName: z.string().nullable(),
  personName: z.string(),
  initials: z.string(),
  reliability: reliabilitySchema,
  /** Their reviews in short (issue 36): "4.8 ★ (12 reviews)" and the latest one's first line. */
  reviews: reviewSummarySchema,
  isNew: z.boolean(),
  distanceBand: z.string().nullable(),
  /** Their price for this property: per visit, and the first visit (with a tall-grass surcharge). */
  perVisitCents: z.number(),
  firstVisitCents: z.number(),
  /** The quote's own price per visit, which their percentage moves. */
  quotedPerVisitCents: z.number(),
  priceAdjustPercent: z.number(),
  /** The first days they can come (yyyy-mm-dd), the wanted day first when they can. */
  firstDays: z.array(z.string()),
  /** Why they are where they are in the list, in a sentence. */
  reason: z.string(),
  score: z.number(),
});
export type AvailablePro = z.infer<typeof availableProSchema>;

/**
 * What became of the pro the customer came from: free on the day they asked for (chosen for them), free on
 * other days only, or not bookable at once for this request.
 */
export const requestedProSchema = z.object({
  landscaperId: z.string(),
  name: z.string(),
  status: z.enum(["free", "other-days", "not-bookable"]),
  /** The day they asked for (or today, when it has passed): what "free" is about. */
  wantedDate: z.string(),
});
export type RequestedPro = z.infer<typeof requestedProSchema>;

/** What the choice of pros says of the pro the customer came from. */
export function requestedProText(pro: RequestedPro): string {
  const day = formatLongDate(pro.wantedDate);
  if (pro.status === "free") return `${pro.name} is free on ${day} and is chosen for you below.`;
  if (pro.status === "other-days")
    return `${pro.name} is not free on ${day}. Their first free days are shown when you choose them below, or choose another pro.`;
  return `${pro.name} cannot be booked at once for this request (they may not serve your area, offer these services at once or have a free day soon). The pros below can.`;
}

export const availableProsAnswerSchema = z.object({
  pros: z.array(availableProSchema),
  /** What cancelling within 24 hours of the visit costs: the booking step states the rule before the card. */
  cancellationFeeCents: z.number(),
  /** With nobody to book at once: the approved pros who serve the ZIP (they see the request in their queue). */
  nearbyPros: z.number(),
  /** The median hours from a request to its first offer lately; null with too few offers to say. */
  usualOfferHours: z.number().nullable(),
  /** The pro named by `pro` in the query, when it named a public profile; absent otherwise. */
  requested: requestedProSchema.nullable().optional(),
});

/** What the quote's page says when nobody can be booked at once (issue 35). */
export function askingText(zipCode: string, nearbyPros: number, usualOfferHours: number | null): string {
  if (nearbyPros === 0)
    return `No approved pro serves ${zipCode} yet, so none can see your request for now. Our team has been sent your request too.`;
  const pros = nearbyPros === 1 ? "the 1 pro who serves" : `the ${nearbyPros} pros who serve`;
  const usual =
    usualOfferHours === null
      ? ""
      : ` Requests usually get an offer within ${usualOfferHours === 1 ? "an hour" : `${usualOfferHours} hours`}.`;
  return `No pro can be booked at once for this request right now. We're asking ${pros} ${zipCode}: each sees it in their queue and may offer a day at your price, and you book the offer you like.${usual}`;
}

/** "+10% on the platform's price" / "−5%" / "", for the pro's card. */
export function priceAdjustText(percent: number): string {
  if (percent === 0) return "";
  return `${percent > 0 ? "+" : "−"}${Math.abs(percent)}% on the platform's price`;
}

/** "$45.00 per visit". */
export const perVisitText = (cents: number) => `${formatCents(cents)} per visit`;

export const bookingMessages = {
  dayFilled: (next: readonly string[]) =>
    next.length
      ? `That day just filled. Next days they can come: ${next.join(", ")}.`
      : "That day just filled, and they have no other day free in the next three weeks. Please choose another pro.",
  notBookable: "This pro can no longer be booked for this request. Please choose another.",
  notADay: "They don't work that day. Please choose one of the days shown.",
  tooSoon: "That day is too soon for this pro's notice. Please choose one of the days shown.",
  noFirmPrice: "This request has no firm price, so it goes to pros as a request instead.",
  notPending: "This request is no longer open for booking. Your dashboard shows where it stands.",
  confirmEmail:
    "Please confirm your email address with the link in the welcome email we sent: other requests sent with this address join your account once it is confirmed.",
  priceExpired:
    "This price was held for 7 days and that time has passed. Please ask for a new quote: it is priced on today's rates.",
} as const;

export const releaseMessages = {
  notInstant: "Only a booking a customer made at once can be released. Use Withdraw instead.",
  tooLate: `The ${RELEASE_WINDOW_HOURS} hours to release this booking have passed. Use Withdraw if you cannot do the visit.`,
  series: "A recurring booking cannot be released here yet. Please contact our team.",
  rebooked: (label: string, day: string) =>
    `Your pro could not take ${label} after all. The next available pro is booked for the same day, ${day}, at the same price; your booking details show who is coming.`,
  unfilled: (label: string, day: string) =>
    `Your pro could not take ${label} after all, and no other pro is free on ${day}. Choose another day or pro from your dashboard, or cancel the request and the hold on your card is released.`,
} as const;

/** POST /api/jobs/:id/release: the pro's reason, which the customer and our team read. */
export const releaseBookingSchema = z.object({
  reason: z
    .string({ message: "Say why you cannot take it." })
    .trim()
    .min(3, { message: "Say why you cannot take it." })
    .max(500, { message: "Please keep the reason under 500 characters." }),
});

/** The quote's secret, as the confirmation page sends it back (a signed-in owner needs none). */
const tokenSchema = z.string().max(100, { message: "Request not found." });

/**
 * GET /api/quotes/:id/pros?token=…&pro=<slug>: `pro` is the profile the customer came from ("Book <name>"),
 * put first when they can be booked for the request (issue 36).
 */
export const prosQuerySchema = z.object({
  token: tokenSchema.optional(),
  pro: z
    .string()
    .max(80, { message: "Profile not found." })
    .regex(/^[a-z0-9-]+$/, { message: "Profile not found." })
    .optional(),
});

/** POST /api/quotes/:id/book: a pro (or any available pro) on a day, with the card to hold. */
export const bookRequestSchema = z.object({
  token: tokenSchema.optional(),
  /**
   * The pro. "Any available pro" is resolved on the screen to the best-placed pro free that day, so the
   * customer sees who comes and their price before booking.
   */
  landscaperId: z.string({ message: "Choose a pro." }).min(1, { message: "Choose a pro." }).max(100),
  date: z
    .string({ message: "Choose a day." })
    .max(10, { message: "Choose a day.", abort: true })
    .refine(isValidIsoDate, { message: "Choose a day." }),
  cardId: z.string().max(100).optional(),
});
export type BookRequest = z.infer<typeof bookRequestSchema>;

/** What the "Booked" step shows. */
export const bookingAnswerSchema = z.object({
  jobId: z.string(),
  jobNumber: z.number(),
  date: z.string(),
  landscaperName: z.string(),
  firstVisitCents: z.number(),
  perVisitCents: z.number(),
  recurring: z.boolean(),
  /** The booking email's address is not confirmed yet: the screen says what confirming it still does. */
  confirmEmail: z.boolean(),
});
export type BookingAnswer = z.infer<typeof bookingAnswerSchema>;

/*
 * Several offers on one request (issue 35, item 6). A firm-priced request nobody booked at once stays open in
 * the queue: each pro who takes it offers a day at the firm price, the customer books the offer they like,
 * and the other offers close. At most MAX_WAITING_OFFERS wait at once, so a request does not collect offers
 * nobody reads.
 */
export const MAX_WAITING_OFFERS = 5;

/** One waiting offer as the customer weighs it: the pro (as the choice of pros shows them) and their day. */
export const offerViewSchema = availableProSchema
  .pick({
    landscaperId: true,
    businessName: true,
    personName: true,
    initials: true,
    reliability: true,
    reviews: true,
    isNew: true,
    distanceBand: true,
    perVisitCents: true,
    firstVisitCents: true,
    quotedPerVisitCents: true,
  })
  .extend({
    offerId: z.string(),
    date: z.string(),
    createdAt: z.string(),
    /** What cancelling within 24 hours of the visit costs: the booking step states the rule before the card. */
    cancellationFeeCents: z.number(),
  });
export type OfferView = z.infer<typeof offerViewSchema>;

/** In a pro's queue: their own waiting offer on a request, and how many offers wait on it in all. */
export const myOfferSchema = z.object({ date: z.string(), createdAt: z.string() });

/** POST /api/jobs/:id/offers/:offerId/book: the card to hold (the default one when not named). */
export const bookOfferSchema = z.object({ cardId: z.string().max(100).optional() });

export const offerMessages = {
  sent: "Offer sent. The customer sees it beside any other pros' offers and books one; we'll tell you either way.",
  already: "Your offer on this request is already waiting for the customer.",
  full: `This request already has ${MAX_WAITING_OFFERS} offers waiting for the customer's choice.`,
  withdrawn: "Offer withdrawn. The request stays open for other pros.",
  noOffer: "You have no offer waiting on this request.",
  gone: "This offer is no longer open: the pro took it back or the request changed. Your dashboard shows the offers still waiting.",
  dayPassed: "The day of this offer has passed. Please choose another offer, or book a pro now.",
  proUnavailable: "This pro can no longer take new jobs. Please choose another offer.",
  booked: (name: string, day: string) => `Booked with ${name} for ${day}.`,
  chosen: (label: string, day: string) => `The customer booked your offer: ${label} on ${day}.`,
  closedBooked: (label: string) => `${label} was booked with another pro, so your offer is closed.`,
  closedCancelled: (label: string) => `${label} was cancelled, so your offer is closed.`,
} as const;
