import { formatterOnce } from "./dates.js";

/** The quote form's service catalogue (spec 01 section 3), with the default price range of each. */
export const services = [
  {
    id: "lawn-mowing",
    name: "Lawn Mowing",
    description: "Regular grass cutting and maintenance",
    lowCents: 5000,
    highCents: 7500,
  },
  {
    id: "edging-trimming",
    name: "Edging & Trimming",
    description: "Precise edge work and plant trimming",
    lowCents: 4000,
    highCents: 6000,
  },
  {
    id: "mulch-installation",
    name: "Mulch Installation",
    description: "Fresh mulch application for garden beds",
    lowCents: 12000,
    highCents: 18000,
  },
  {
    id: "bush-shrub-trimming",
    name: "Bush/Shrub Trimming",
    description: "Professional pruning and shaping",
    lowCents: 7500,
    highCents: 11000,
  },
  {
    id: "leaf-removal",
    name: "Leaf Removal",
    description: "Seasonal leaf cleanup and disposal",
    lowCents: 9000,
    highCents: 14000,
  },
  {
    id: "flower-bed-maintenance",
    name: "Flower Bed Maintenance",
    description: "Weeding, planting, and bed care",
    lowCents: 8000,
    highCents: 12000,
  },
  {
    id: "seasonal-cleanup",
    name: "Seasonal Clean-Up",
    description: "Comprehensive property cleanup",
    lowCents: 18000,
    highCents: 27500,
  },
] as const;

export type ServiceId = (typeof services)[number]["id"];
export const serviceIds = services.map((s) => s.id) as [ServiceId, ...ServiceId[]];

export function serviceName(id: string): string {
  return services.find((s) => s.id === id)?.name ?? id;
}

/** Money is kept in integer cents and shown as $1,234.56. */
const dollars = formatterOnce(() => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }));
export function formatCents(cents: number): string {
  return dollars().format(cents / 100);
}

/**
 * "a" or "an" before an amount as it is read aloud: "an $8.00 tip", "an $11.00 fee", "an $80.00 tip", "a
 * $1,800.00 refund" ("one thousand…"), "an $18,000.00" ("eighteen thousand"). The first word read is that of
 * the leading group of up to three digits: an eight, eleven or eighteen starts with a vowel sound.
 */
export function articleForCents(cents: number): "a" | "an" {
  const dollars = Math.floor(Math.abs(cents) / 100);
  const digits = String(dollars);
  const lead = Number(digits.slice(0, ((digits.length - 1) % 3) + 1));
  if (lead === 11 || lead === 18) return "an";
  return String(lead).startsWith("8") ? "an" : "a";
}

/** The amount with its article: "an $8.00", "a $25.00". */
export function withArticle(cents: number): string {
  return `${articleForCents(cents)} ${formatCents(cents)}`;
}

export function formatRange(lowCents: number, highCents: number): string {
  return lowCents === highCents
    ? formatCents(lowCents)
    : `${formatCents(lowCents)} – ${formatCents(highCents)}`;
}

/** The job lifecycle's money rule: the platform keeps 25% of the final price; tips go to the landscaper. */
export const PLATFORM_SHARE = 0.25;
/** What a landscaper receives of a price: all but the platform's share (tips come on top, in full). */
export function landscaperShareCents(priceCents: number): number {
  return priceCents - platformCutCents(priceCents);
}

/** "$42.52": what a landscaper earns of a price, as the screens that show it beside the price say it. */
export function formatEarnedCents(priceCents: number): string {
  return formatCents(landscaperShareCents(priceCents));
}

export function platformCutCents(finalPriceCents: number): number {
  return Math.round(finalPriceCents * PLATFORM_SHARE);
}

export function jobLabel(number: number): string {
  return `JOB-${number}`;
}
