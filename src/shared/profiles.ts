import { z } from "zod";
import { neighbourhoodNames, slugPattern } from "./profile-texts.js";
import { serviceIds } from "./services.js";

/*
 * Public pro profiles (issue 36): /pros/:slug and the list on /professionals. Every figure on them is computed
 * from work done here (src/server/features/profiles); nothing a landscaper types becomes a badge.
 */

export const slugSchema = z
  .string({ message: "Profile not found." })
  .max(80, { message: "Profile not found.", abort: true })
  .regex(slugPattern, { message: "Profile not found." });

/** GET /api/pros?neighbourhood=&service= : both optional, both from fixed lists. */
export const proSearchSchema = z.object({
  neighbourhood: z
    .string()
    .max(60, { message: "Choose a neighborhood from the list.", abort: true })
    .refine((name) => name === "" || neighbourhoodNames.includes(name), {
      message: "Choose a neighborhood from the list.",
    })
    .optional(),
  service: z
    .union([z.enum(serviceIds, { message: "Choose a service from the list." }), z.literal("")])
    .optional(),
});
export type ProSearch = z.infer<typeof proSearchSchema>;

/** A review page: GET /api/pros/:slug/reviews?page=2. */
export const REVIEWS_PER_PAGE = 10;
export const reviewPageSchema = z.object({
  page: z.coerce
    .number({ message: "Page not found." })
    .int({ message: "Page not found." })
    .min(1, { message: "Page not found." })
    .max(10_000, { message: "Page not found." })
    .default(1),
});

/** How many after-photos a profile shows (newest first). */
export const GALLERY_PHOTOS = 12;

/** Average of the visible, not removed reviews' quality stars (one decimal) and how many there are. */
export const ratingSummarySchema = z.object({ average: z.number().nullable(), count: z.number() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const publicReviewSchema = z.object({
  id: z.string(),
  /** "Olivia B.", fixed when the review was written. */
  authorName: z.string(),
  /** yyyy-mm-dd, Charlotte time. */
  date: z.string(),
  /** Null when removed by our team (the reason shows instead). */
  quality: z.number().nullable(),
  /** Also null on reviews carried over from the old single rating. */
  punctuality: z.number().nullable(),
  communication: z.number().nullable(),
  body: z.string().nullable(),
  reply: z.object({ text: z.string(), date: z.string() }).nullable(),
  removedReason: z.string().nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewsPageSchema = z.object({
  reviews: z.array(publicReviewSchema),
  page: z.number(),
  /** The next page's number, or null on the last. */
  nextPage: z.number().nullable(),
});
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

/** One pro as /professionals lists them. */
export const proSummarySchema = z.object({
  slug: z.string(),
  businessName: z.string().nullable(),
  personName: z.string(),
  photoUrl: z.string().nullable(),
  description: z.string().nullable(),
  neighbourhoods: z.array(z.string()),
  services: z.array(z.object({ id: z.string(), name: z.string() })),
  rating: ratingSummarySchema,
  /** 0–100, null with fewer than THIN_RECORD visits due. */
  onTimeRate: z.number().nullable(),
  completedJobs: z.number(),
  /** yyyy-mm-dd: the day their account was made. */
  memberSince: z.string(),
  /** The list's order: `listScore` below. */
  score: z.number(),
  /** False while our team has them paused from new jobs: the profile then says they take no bookings. */
  takingNewJobs: z.boolean(),
});
export type ProSummary = z.infer<typeof proSummarySchema>;

export const prosAnswerSchema = z.object({
  pros: z.array(proSummarySchema),
  /** How many pros the search found in all (the list shows the first PROS_LISTED). */
  total: z.number(),
});
export type ProsAnswer = z.infer<typeof prosAnswerSchema>;

export const galleryPhotoSchema = z.object({
  id: z.string(),
  thumbUrl: z.string(),
  fullUrl: z.string(),
  width: z.number(),
  height: z.number(),
  /** The service done, in words ("Lawn Mowing"), and the month (yyyy-mm): never an address or a name. */
  caption: z.string(),
});
export type GalleryPhoto = z.infer<typeof galleryPhotoSchema>;

export const proProfileSchema = proSummarySchema.extend({
  yearsInBusiness: z.number().nullable(),
  badges: z.object({
    /** An ID document on file and the application approved by our team. */
    idChecked: z.boolean(),
    /** The insurance certificate's expiry (yyyy-mm-dd) while it is today or later; null when lapsed or unknown. */
    insuredUntil: z.string().nullable(),
    /** The on-time share's whole (visits with an arrival due), for "92% of 13 visits". */
    visitsDue: z.number(),
    /** Customers with two or more completed jobs with them. */
    repeatCustomers: z.number(),
    /** The median minutes from a customer's message to their first reply after it, and of how many replies. */
    medianReplyMinutes: z.number().nullable(),
    replies: z.number(),
  }),
  gallery: z.array(galleryPhotoSchema),
  reviews: reviewsPageSchema,
});
export type ProProfile = z.infer<typeof proProfileSchema>;

export const proProfileAnswerSchema = z.object({ profile: proProfileSchema });

export * from "./profile-texts.js";
