import {
  type PriceBreakdown,
  priceQuote,
  type RateCard,
  type SampleLot,
  sampleLots,
  sizeTierIds,
} from "../../../../shared/pricing";
import {
  cardFrequencies,
  figureHundredths,
  type PublishRateCardInput,
  priceFieldLabel,
  surchargedHeights,
  surchargeFieldLabel,
} from "../../../../shared/pricing-admin";
import { frequencyLabel } from "../../../../shared/recurring";
import { formatCents, serviceIds } from "../../../../shared/services";

/*
 * What the Pricing form shows while an admin types: the card being edited (a figure that is not a number yet
 * is NaN, so whatever depends on it shows as unknown), the sample lots on it and on the card it replaces, and
 * how many figures differ. The schema, not this, decides what may be published.
 */

const figure = (value: string | number | undefined): number => {
  const hundredths = value === undefined ? null : figureHundredths(value);
  return typeof hundredths === "number" ? hundredths : Number.NaN;
};

/** The card as the form has it now, in cents and basis points; NaN for a figure still being typed. */
export function draftCard(values: PublishRateCardInput, version: number): RateCard {
  const prices = values.prices as Record<string, Record<string, string | number> | undefined>;
  return {
    version,
    effectiveFrom: values.effectiveFrom,
    baseCents: Object.fromEntries(
      serviceIds.map((service) => [
        service,
        Object.fromEntries(sizeTierIds.map((tier) => [tier, figure(prices[service]?.[tier])])),
      ]),
    ) as RateCard["baseCents"],
    frequencyBp: Object.fromEntries(
      cardFrequencies.map((frequency) => [frequency, figure(values.frequencyPercent?.[frequency])]),
    ) as RateCard["frequencyBp"],
    heightSurchargeBp: {
      normal: 0,
      tall: figure(values.surchargePercent?.tall),
      overgrown: figure(values.surchargePercent?.overgrown),
    },
    minimumPerVisitCents: figure(values.minimumPerVisit),
  };
}

/**
 * The card a version starting on `date` replaces: of the card in force and those scheduled, the one in
 * force on that day (the latest date on or before it, the newer version on a tie), as the server decides.
 */
export function baselineFor<T extends RateCard>(date: string, inForce: T, scheduled: readonly T[]): T {
  return scheduled.reduce(
    (best, card) =>
      card.effectiveFrom <= date &&
      (card.effectiveFrom > best.effectiveFrom ||
        (card.effectiveFrom === best.effectiveFrom && card.version > best.version))
        ? card
        : best,
    inForce,
  );
}

export interface FigureChanges {
  /** Prices per visit (service × size) and the minimum per visit. */
  prices: number;
  /** Frequency percentages and first-visit surcharges. */
  percentages: number;
}

/** How many figures of `draft` differ from `base` (a figure still being typed counts as changed). */
export function changedFigures(base: RateCard, draft: RateCard): FigureChanges {
  const differs = (a: number, b: number) => (a === b ? 0 : 1);
  let prices = differs(base.minimumPerVisitCents, draft.minimumPerVisitCents);
  for (const service of serviceIds)
    for (const tier of sizeTierIds)
      prices += differs(base.baseCents[service][tier], draft.baseCents[service][tier]);
  let percentages = 0;
  for (const frequency of cardFrequencies)
    percentages += differs(base.frequencyBp[frequency], draft.frequencyBp[frequency]);
  for (const height of surchargedHeights)
    percentages += differs(base.heightSurchargeBp[height], draft.heightSurchargeBp[height]);
  return { prices, percentages };
}

/**
 * Each figure that changes, as the publish dialog lists it ("Lawn Mowing, 5,000–10,000 sq ft: $37.00 →
 * $40.00", "Every 2 weeks: 110% → 115%"), so an admin sees what they publish even when no sample lot uses it.
 */
export function changeLines(base: RateCard, draft: RateCard): string[] {
  const lines: string[] = [];
  const money = (a: number, b: number, label: string) => {
    if (a !== b) lines.push(`${label}: ${formatCents(a)} → ${Number.isFinite(b) ? formatCents(b) : "?"}`);
  };
  const percent = (a: number, b: number, label: string) => {
    if (a !== b) lines.push(`${label}: ${a / 100}% → ${Number.isFinite(b) ? `${b / 100}%` : "?"}`);
  };
  for (const service of serviceIds)
    for (const tier of sizeTierIds)
      money(base.baseCents[service][tier], draft.baseCents[service][tier], priceFieldLabel(service, tier));
  for (const frequency of cardFrequencies)
    percent(base.frequencyBp[frequency], draft.frequencyBp[frequency], frequencyLabel[frequency]);
  for (const height of surchargedHeights)
    percent(base.heightSurchargeBp[height], draft.heightSurchargeBp[height], surchargeFieldLabel(height));
  money(base.minimumPerVisitCents, draft.minimumPerVisitCents, "Minimum per visit");
  return lines;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 prices and 1 percentage change", "No figure changes". */
export function changesText({ prices, percentages }: FigureChanges): string {
  if (prices + percentages === 0) return "No figure changes";
  const parts = [
    prices > 0 ? plural(prices, "price", "prices") : null,
    percentages > 0 ? plural(percentages, "percentage", "percentages") : null,
  ].filter(Boolean);
  return `${parts.join(" and ")} ${prices + percentages === 1 ? "changes" : "change"}`;
}

export interface LotPrice {
  perVisitCents: number;
  firstVisitCents: number;
}

export interface LotPreview {
  lot: SampleLot;
  current: LotPrice;
  /** Null while a figure it needs is not a number. */
  next: LotPrice | null;
}

const priceOf = (breakdown: PriceBreakdown): LotPrice | null =>
  Number.isFinite(breakdown.perVisitCents) && Number.isFinite(breakdown.firstVisitCents)
    ? { perVisitCents: breakdown.perVisitCents, firstVisitCents: breakdown.firstVisitCents }
    : null;

/** The sample lots on the card being replaced and on the draft. */
export function previewLots(current: RateCard, draft: RateCard): LotPreview[] {
  return sampleLots.map((lot) => ({
    lot,
    current: priceOf(priceQuote(lot.input, current))!,
    next: priceOf(priceQuote(lot.input, draft)),
  }));
}

/** "+$3.00", "−$1.50" (a real minus sign), "No change". */
export function differenceText(currentCents: number, nextCents: number): string {
  const difference = nextCents - currentCents;
  if (difference === 0) return "No change";
  return `${difference > 0 ? "+" : "−"}${formatCents(Math.abs(difference))}`;
}
