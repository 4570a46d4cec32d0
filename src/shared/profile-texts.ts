import { neighbourhoodByZip } from "./neighbourhoods.js";
import { site } from "./site.js";

/*
 * The public profiles' words, rules and addresses without zod (issue 36): the profile and list pages import these
 * alone, so their script carries no schema library.
 */

/** A profile's address: what migration 0031 and the lead's slug rule write (a-z, 0-9, single hyphens). */
/** A rating as the profile and list show it (profiles.ts's ratingSummarySchema). */
interface Rating {
  average: number | null;
  count: number;
}

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Every neighbourhood name a search can ask for, in alphabetical order, each once. */
export const neighbourhoodNames: readonly string[] = [...new Set(Object.values(neighbourhoodByZip))].sort();

/** Fewer visits due than this: the on-time rate is not shown (and the list counts its prior instead). */
export const THIN_RECORD = 3;

/** The list shows at most this many pros (the best by score); a search narrows it. */
export const PROS_LISTED = 24;

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

export function listScore(input: { rating: Rating; onTimeRate: number | null }): number {
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
export function profileDescription(pro: {
  businessName: string | null;
  personName: string;
  neighbourhoods: readonly string[];
  rating: Rating;
}): string {
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
