import { z } from "zod";
import { formatShortDate } from "./dates.js";
import type { Frequency } from "./recurring.js";
import { formatCents, type ServiceId, serviceIds, serviceName } from "./services.js";

/*
 * The firm price (issue 34): one module the quote screen and the server both run (the server recomputes;
 * a client never sends a price). A rate card gives each service a price per visit for each lawn size, a
 * factor per frequency and the first visit's surcharge for tall grass; a quote records the card's version.
 * Factors are basis points (10 000 = ×1) so every step is integer cents, rounded half up once per line.
 */

/** Lawn sizes a homeowner can answer, with a Charlotte example each (over an acre goes to a pro's quote). */
export const sizeTiers = [
  { id: "xs", label: "Under 5,000 sq ft", acres: "under 0.11 acre", example: "a South End townhouse yard" },
  { id: "s", label: "5,000–10,000 sq ft", acres: "0.11–0.23 acre", example: "a typical Plaza Midwood lot" },
  { id: "m", label: "10,000–15,000 sq ft", acres: "0.23–0.34 acre", example: "a typical Dilworth lot" },
  { id: "l", label: "15,000–25,000 sq ft", acres: "0.34–0.57 acre", example: "a Ballantyne half-acre" },
  { id: "xl", label: "25,000 sq ft – 1 acre", acres: "0.57–1 acre", example: "a Mint Hill acre lot" },
] as const;
export type SizeTier = (typeof sizeTiers)[number]["id"];
export const sizeTierIds = sizeTiers.map((t) => t.id) as [SizeTier, ...SizeTier[]];
/** The upper bound of each tier in square feet (a parcel's area picks its tier). */
export const tierMaxSqft: Record<SizeTier, number> = {
  xs: 5_000,
  s: 10_000,
  m: 15_000,
  l: 25_000,
  xl: 43_560,
};

/** The tier of a lot of `sqft`, or null over an acre (a pro quotes it). */
export function tierForArea(sqft: number): SizeTier | null {
  return sizeTierIds.find((id) => sqft <= tierMaxSqft[id]) ?? null;
}

/**
 * The quote form's size answer: a tier (a firm price), "not sure" (the county's lot size if the records have
 * it, else a landscaper prices it) or "large" (over an acre, or a commercial property: a landscaper prices it).
 */
export const sizeAnswers = [...sizeTierIds, "not_sure", "large"] as const;
export type SizeAnswer = (typeof sizeAnswers)[number];
export const isSizeTier = (value: string | null | undefined): value is SizeTier =>
  sizeTierIds.includes(value as SizeTier);

/** How long a quoted price is held: a landscaper who takes the request by then takes that price. */
export const PRICE_HOLD_DAYS = 7;

export const grassHeights = ["normal", "tall", "overgrown"] as const;
export type GrassHeight = (typeof grassHeights)[number];
export const grassHeightLabels: Record<GrassHeight, string> = {
  normal: "Normal (under 6 in)",
  tall: "6–12 in",
  overgrown: "Over 12 in",
};

const cents = z.number().int().min(0).max(1_000_000);
const basisPoints = z.number().int().min(1_000).max(50_000);

/** A rate card as an admin edits it and the database keeps it (versioned, with its effective date). */
export const rateCardSchema = z.object({
  version: z.number().int().min(1),
  effectiveFrom: z.string().max(10),
  /** Price per visit of each service for each lawn size, before the frequency factor. */
  baseCents: z.record(z.enum(serviceIds), z.record(z.enum(sizeTierIds), cents)),
  frequencyBp: z.record(z.enum(["weekly", "biweekly", "monthly", "one_time"]), basisPoints),
  /** The first visit's surcharge for tall grass, as a share of that visit's price (0 for normal). */
  heightSurchargeBp: z.record(z.enum(grassHeights), z.number().int().min(0).max(30_000)),
  minimumPerVisitCents: cents,
});
export type RateCard = z.infer<typeof rateCardSchema>;

const tiers = (xs: number, s: number, m: number, l: number, xl: number) => ({ xs, s, m, l, xl });

/** The card the database starts with (version 1); admins publish later versions. */
export const defaultRateCard: RateCard = {
  version: 1,
  effectiveFrom: "2026-01-01",
  baseCents: {
    "lawn-mowing": tiers(3200, 3700, 4200, 5200, 6500),
    "edging-trimming": tiers(2000, 2400, 2800, 3400, 4200),
    "mulch-installation": tiers(12000, 14500, 17000, 21000, 26000),
    "bush-shrub-trimming": tiers(7500, 8500, 9500, 11000, 13000),
    "leaf-removal": tiers(9000, 11000, 13500, 17000, 22000),
    "flower-bed-maintenance": tiers(6000, 7000, 8000, 9500, 11500),
    "seasonal-cleanup": tiers(18000, 21000, 25000, 31000, 39000),
  },
  frequencyBp: { weekly: 10_000, biweekly: 11_000, monthly: 12_500, one_time: 13_500 },
  heightSurchargeBp: { normal: 0, tall: 5_000, overgrown: 10_000 },
  minimumPerVisitCents: 3_500,
};

/** `value` × `bp` / 10 000, rounded half up (integers in, the division exact enough: see the header). */
export const applyBp = (value: number, bp: number) => Math.round((value * bp) / 10_000);

export interface PriceInput {
  services: readonly ServiceId[];
  tier: SizeTier;
  frequency: Frequency;
  grassHeight: GrassHeight;
}

export interface PriceLine {
  label: string;
  cents: number;
}

/** What a quote shows and keeps: the price of every visit, the first visit's, and the lines behind them. */
export interface PriceBreakdown {
  perVisitCents: number;
  firstVisitCents: number;
  /** The lines of every visit, summing to `perVisitCents`. */
  lines: PriceLine[];
  /** The first visit's surcharge for tall grass, if any (first visit = per visit + this). */
  firstVisitSurcharge: PriceLine | null;
  rateCardVersion: number;
}

const frequencyWords: Record<Frequency, string> = {
  weekly: "weekly",
  biweekly: "every 2 weeks",
  monthly: "monthly",
  one_time: "one time",
};

/** The firm price of `input` on `card`: "Lawn Mowing, 10,000–15,000 sq ft, weekly: $42.00 · …". */
export function priceQuote(input: PriceInput, card: RateCard): PriceBreakdown {
  if (input.services.length === 0) throw new Error("priceQuote needs at least one service");
  const tier = sizeTiers.find((t) => t.id === input.tier)!;
  const factor = card.frequencyBp[input.frequency];
  const lines: PriceLine[] = [...new Set(input.services)].map((service) => ({
    label: `${serviceName(service)}, ${tier.label}, ${frequencyWords[input.frequency]}`,
    cents: applyBp(card.baseCents[service][input.tier], factor),
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.cents, 0);
  if (subtotal < card.minimumPerVisitCents)
    lines.push({ label: "Minimum per visit", cents: card.minimumPerVisitCents - subtotal });
  const perVisitCents = Math.max(subtotal, card.minimumPerVisitCents);
  const surcharge = applyBp(perVisitCents, card.heightSurchargeBp[input.grassHeight]);
  const firstVisitSurcharge =
    surcharge > 0
      ? {
          // The share is of the whole visit (every service), so the label says it.
          label: `First visit, grass ${grassHeightLabels[input.grassHeight].toLowerCase()} (+${card.heightSurchargeBp[input.grassHeight] / 100}% of the visit)`,
          cents: surcharge,
        }
      : null;
  return {
    perVisitCents,
    firstVisitCents: perVisitCents + surcharge,
    lines,
    firstVisitSurcharge,
    rateCardVersion: card.version,
  };
}

/** The label of a tier ("10,000–15,000 sq ft"), for screens and the CSV. */
export function sizeTierLabel(tier: string | null | undefined): string {
  return sizeTiers.find((t) => t.id === tier)?.label ?? "";
}

/** The firm price a quote answers and a job shows: the breakdown with the day the price is held until. */
export const firmPriceSchema = z.object({
  perVisitCents: z.number(),
  firstVisitCents: z.number(),
  lines: z.array(z.object({ label: z.string(), cents: z.number() })),
  firstVisitSurcharge: z.object({ label: z.string(), cents: z.number() }).nullable(),
  rateCardVersion: z.number(),
  /** yyyy-mm-dd, in Charlotte. */
  heldUntil: z.string(),
});
export type FirmPrice = z.infer<typeof firmPriceSchema>;

/**
 * The price in one line, as the confirmation page, the emails and the landscaper's card say it:
 * "$42.00 per visit, first visit $63.00" (recurring) or "$63.00" (one visit, surcharge included).
 */
export function firmPriceText(
  price: Pick<FirmPrice, "perVisitCents" | "firstVisitCents">,
  frequency: Frequency,
): string {
  if (frequency === "one_time") return formatCents(price.firstVisitCents);
  const perVisit = `${formatCents(price.perVisitCents)} per visit`;
  return price.firstVisitCents === price.perVisitCents
    ? perVisit
    : `${perVisit}, first visit ${formatCents(price.firstVisitCents)}`;
}

/** "Price held until Dec 5". */
export const heldUntilText = (heldUntil: string) => `Price held until ${formatShortDate(heldUntil)}`;

/** GET /api/pricing/rate-card: the card in force today, which the quote form prices with. */
export const rateCardAnswerSchema = z.object({ card: rateCardSchema });
export type RateCardAnswer = z.infer<typeof rateCardAnswerSchema>;

/** GET /api/quotes/lot: the address the quote form has so far. */
export const lotLookupQuerySchema = z.object({
  address: z
    .string()
    .max(200, { message: "Please keep the address under 200 characters.", abort: true })
    .trim()
    .min(3, { message: "Enter the street address." }),
  zipCode: z.string().regex(/^\d{5}$/, { message: "Enter a 5-digit ZIP code." }),
});

/**
 * Its answer: the lot from the records with the tier it falls in (null over an acre), or null when the records
 * have no answer (or there are none): the customer's own choice stands either way.
 */
export const lotLookupAnswerSchema = z.object({
  lot: z
    .object({
      lotSqFt: z.number(),
      tier: z.enum(sizeTierIds).nullable(),
      source: z.string(),
    })
    .nullable(),
});
export type LotLookupAnswer = z.infer<typeof lotLookupAnswerSchema>;

/**
 * Five Charlotte lots the admin's Pricing page prices on the card in force and on the one being edited, so a
 * change is read as what real customers would pay (issue 34, item 3) rather than as a grid of numbers.
 */
export interface SampleLot {
  id: string;
  /** "South End townhouse yard". */
  place: string;
  /** "Weekly mowing": what is asked, in words. */
  work: string;
  input: PriceInput;
}

export const sampleLots: readonly SampleLot[] = [
  {
    id: "south-end",
    place: "South End townhouse yard",
    work: "Weekly mowing",
    input: { services: ["lawn-mowing"], tier: "xs", frequency: "weekly", grassHeight: "normal" },
  },
  {
    id: "plaza-midwood",
    place: "Plaza Midwood lot",
    work: "Mowing and edging every 2 weeks",
    input: {
      services: ["lawn-mowing", "edging-trimming"],
      tier: "s",
      frequency: "biweekly",
      grassHeight: "normal",
    },
  },
  {
    id: "dilworth",
    place: "Dilworth lot",
    work: "Weekly mowing, overgrown at the first visit",
    input: { services: ["lawn-mowing"], tier: "m", frequency: "weekly", grassHeight: "overgrown" },
  },
  {
    id: "ballantyne",
    place: "Ballantyne half-acre",
    work: "Monthly flower bed care",
    input: { services: ["flower-bed-maintenance"], tier: "l", frequency: "monthly", grassHeight: "normal" },
  },
  {
    id: "mint-hill",
    place: "Mint Hill acre",
    work: "One seasonal clean-up",
    input: { services: ["seasonal-cleanup"], tier: "xl", frequency: "one_time", grassHeight: "normal" },
  },
];
