import { z } from "zod";
import { neighbourhoodByZip } from "./neighbourhoods.js";
import { serviceIds } from "./services.js";
import { site } from "./site.js";

/*
 * Public pro profiles (issue 36): /pros/:slug and the list on /professionals. Every figure on them is computed
 * from work done here (src/server/features/profiles); nothing a landscaper types becomes a badge.
 */

/** A profile's address: what migration 0031 and the lead's slug rule write (a-z, 0-9, single hyphens). */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z
  .string({ message: "Profile not found." })
  .max(80, { message: "Profile not found.", abort: true })
  .regex(slugPattern, { message: "Profile not found." });

/** Every neighbourhood name a search can ask for, in alphabetical order, each once. */
export const neighbourhoodNames: readonly string[] = [...new Set(Object.values(neighbourhoodByZip))].sort();

/** GET /api/pros?neighbourhood=&service= : both optional, both from fixed lists. */
export const proSearchSchema = z.object({
  neighbourhood: z
    .string()
    .max(60, { message: "Choose a neighbourhood from the list.", abort: true })
    .refine((name) => name === "" || neighbourhoodNames.includes(name), {
      message: "Choose a neighbourhood from the list.",
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

export const prosAnswerSchema = z.object({ pros: z.array(proSummarySchema) });
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

/** Fewer visits due than this: the on-time rate is not shown (and the list counts its prior instead). */
export const THIN_RECORD = 3;

/*
 * The list's order (docs/product-rules.md, "Find Professionals"): a score of 0–100 from
 *   70 % the Bayesian average of the quality stars: (PRIOR_STARS × PRIOR_WEIGHT + sum of stars) /
 *        (PRIOR_WEIGHT + number of reviews), out of 5 — a pro with two 5-star reviews does not outrank one
 *        with forty 4.8s;
 *   30 % the on-time rate (PRIOR_ON_TIME while fewer than THIN_RECORD visits were due).
 * Ties go to more completed jobs, then to the name. Nobody can pay to move in it.
 */
export const PRIOR_STARS = 4;
export const PRIOR_WEIGHT = 5;
export const PRIOR_ON_TIME = 80;

export function listScore(input: { rating: RatingSummary; onTimeRate: number | null }): number {
  const { average, count } = input.rating;
  const stars = (PRIOR_STARS * PRIOR_WEIGHT + (average ?? 0) * count) / (PRIOR_WEIGHT + count);
  const onTime = input.onTimeRate ?? PRIOR_ON_TIME;
  return Math.round((0.7 * (stars / 5) + 0.3 * (onTime / 100)) * 1000) / 10;
}

/** The sentence the list shows above the pros (it must say what listScore does). */
export const listOrderText =
  "Pros are ordered by their customers' reviews (an average that counts a few reviews less than many) and by how often they arrive on time; nobody can pay to be placed higher.";

/** "Queen City Lawn Care" or the person's name, as a profile's heading names them. */
export function proDisplayName(pro: { businessName: string | null; personName: string }): string {
  return pro.businessName?.trim() || pro.personName;
}

export function profilePath(slug: string): string {
  return `/pros/${slug}`;
}

/** The page's <title>; the server writes it into the HTML and the client's meta() says the same. */
export function profileTitle(pro: { businessName: string | null; personName: string }): string {
  return `${proDisplayName(pro)}: Landscaper in Charlotte, NC | ${site.name}`;
}

/** The meta description: who, where, the rating; at most ~160 characters. */
export function profileDescription(pro: ProSummary): string {
  const name = proDisplayName(pro);
  const areas = pro.neighbourhoods.slice(0, 3).join(", ");
  const rating =
    pro.rating.average !== null
      ? ` Rated ${pro.rating.average.toFixed(1)} of 5 in ${pro.rating.count} verified ${pro.rating.count === 1 ? "review" : "reviews"}.`
      : "";
  const where = areas ? ` serving ${areas}` : " in Charlotte, NC";
  const text = `${name}${where}.${rating} Book online with GreenScape Charlotte.`;
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/** "12 minutes", "3 hours", "2 days": a reply time as a visitor reads it. */
export function replyTimeText(minutes: number): string {
  if (minutes < 60)
    return `${Math.max(1, Math.round(minutes))} ${Math.round(minutes) <= 1 ? "minute" : "minutes"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} ${hours === 1 ? "hour" : "hours"}`;
  const days = Math.round(hours / 24);
  return `${days} days`;
}
