import { availabilityLimits, THIN_RECORD_BELOW } from "../../../shared/booking.js";
import { formatShortDate } from "../../../shared/dates.js";
import type { Reliability } from "../../../shared/recurring.js";
import { isNewOnGreenScape } from "../../../shared/reliability.js";

/*
 * The order of the pros a customer may book (issue 35; docs/decisions/021-choosing-a-pro.md). One score,
 * 0–1000, from four parts each 0–1:
 *   reliability 40 %: the on-time rate (a thin record counts as the neutral PRIOR);
 *   rating      25 %: the average rating out of 5 (fewer than THIN_RECORD_BELOW ratings: PRIOR);
 *   route fit   20 %: 1 at the property, 0 at 20 miles or more: from their nearest other visit that day when
 *                    they have one, else from their base;
 *   price       15 %: 1 at 30 % under the platform's price, 0 at 30 % over.
 * Ties go to more completed jobs, then to the id, so two loads of the list show the same order.
 */
export const WEIGHTS = { reliability: 0.4, rating: 0.25, routeFit: 0.2, price: 0.15 } as const;
/** What a part counts for when the record is too thin to say: a little under a good record. */
export const PRIOR = 0.8;
const ROUTE_FIT_MILES = 20;

export interface RankInput {
  landscaperId: string;
  reliability: Reliability;
  /** Miles from their nearest other visit on the day (null: none that day). */
  nearestVisitMiles: number | null;
  /** Miles from their base ZIP (null: the ZIP is unknown). */
  baseMiles: number | null;
  priceAdjustPercent: number;
  /** Their first free day (yyyy-mm-dd): what the sentence says of a pro who leads nothing. */
  firstDay?: string | undefined;
}

export interface Parts {
  reliability: number;
  rating: number;
  routeFit: number;
  price: number;
}

export function partsOf(input: RankInput): Parts {
  const r = input.reliability;
  const thin = r.visitsDue < THIN_RECORD_BELOW;
  const miles = input.nearestVisitMiles ?? input.baseMiles;
  const max = availabilityLimits.maxPriceAdjustPercent;
  return {
    reliability: thin || r.onTimeRate === null ? PRIOR : r.onTimeRate / 100,
    rating: r.ratingCount < THIN_RECORD_BELOW || r.averageRating === null ? PRIOR : r.averageRating / 5,
    routeFit: miles === null ? 0.5 : 1 - Math.min(miles, ROUTE_FIT_MILES) / ROUTE_FIT_MILES,
    price: (max - input.priceAdjustPercent) / (2 * max),
  };
}

export function scoreOf(parts: Parts): number {
  return Math.round(
    1000 *
      (WEIGHTS.reliability * parts.reliability +
        WEIGHTS.rating * parts.rating +
        WEIGHTS.routeFit * parts.routeFit +
        WEIGHTS.price * parts.price),
  );
}

export interface Ranked<T extends RankInput> {
  item: T;
  parts: Parts;
  score: number;
  reason: string;
}

/**
 * Ranks the candidates and says in a sentence why each is where it is: the part they lead among everyone
 * who could come (a tie at the top leads too), else what is true of them alone. Every sentence is checked
 * against the figures it names, so none says "best" of someone who is not.
 */
export function rank<T extends RankInput>(candidates: readonly T[], limit = candidates.length): Ranked<T>[] {
  const scored = candidates.map((item) => {
    const parts = partsOf(item);
    return { item, parts, score: scoreOf(parts) };
  });
  // A pro leads a part when nobody is above them in it and somebody is below: a part everyone shares says
  // nothing about anyone.
  // Each part's highest and lowest value, once: a ZIP can have a thousand candidates.
  const keys = ["reliability", "rating", "routeFit", "price"] as const;
  const bounds = Object.fromEntries(
    keys.map((key) => {
      const values = scored.map((x) => x.parts[key]);
      return [key, { max: Math.max(...values), min: Math.min(...values) }];
    }),
  ) as Record<keyof Parts, { max: number; min: number }>;
  const leads = (s: { parts: Parts }, key: keyof Parts) =>
    s.parts[key] === bounds[key].max && s.parts[key] > bounds[key].min;
  // Sorted first, so only the pros shown get their sentence (a busy ZIP has a thousand candidates). Ids are
  // compared by code unit: the tie-break needs an order, not a language's collation, which cost more than
  // the rest of the ranking in a ZIP of a thousand.
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.item.reliability.completedJobs - a.item.reliability.completedJobs ||
      (a.item.landscaperId < b.item.landscaperId ? -1 : a.item.landscaperId > b.item.landscaperId ? 1 : 0),
  );
  return scored.slice(0, limit).map((s) => {
    const r = s.item.reliability;
    const isNew = isNewOnGreenScape(r);
    let reason: string;
    if (!isNew && r.visitsDue >= THIN_RECORD_BELOW && leads(s, "reliability"))
      reason = "Best on-time record near you";
    else if (r.ratingCount >= THIN_RECORD_BELOW && leads(s, "rating")) reason = "Highest rated near you";
    else if (s.item.nearestVisitMiles !== null && leads(s, "routeFit"))
      reason = "Already working near you that day";
    else if (s.item.baseMiles !== null && leads(s, "routeFit")) reason = "Based closest to you";
    else if (s.item.priceAdjustPercent < 0 && leads(s, "price")) reason = "Lowest price near you";
    // Leading nothing (a new pro's record says nothing yet either): when they can come, which is true of them.
    else if (s.item.firstDay) reason = `Free from ${formatShortDate(s.item.firstDay)}`;
    else reason = isNew ? "Approved by our team" : "Available for your visit";
    return { ...s, reason };
  });
}
