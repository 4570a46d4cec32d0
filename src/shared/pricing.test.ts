import { describe, expect, it } from "vitest";
import {
  applyBp,
  defaultRateCard,
  firmPriceText,
  grassHeights,
  heldUntilText,
  isSizeTier,
  type PriceInput,
  priceQuote,
  rateCardSchema,
  sizeTierIds,
  sizeTierLabel,
  tierForArea,
} from "./pricing";
import { frequencies } from "./recurring";
import { serviceIds } from "./services";

const card = defaultRateCard;
const mowing = (
  tier: PriceInput["tier"],
  frequency: PriceInput["frequency"],
  grassHeight: PriceInput["grassHeight"],
) => priceQuote({ services: ["lawn-mowing"], tier, frequency, grassHeight }, card);

describe("firm price", () => {
  it("prices every lawn size × frequency × grass height from the card, in whole cents", () => {
    const base = { xs: 3200, s: 3700, m: 4200, l: 5200, xl: 6500 } as const;
    const factor = { weekly: 1, biweekly: 1.1, monthly: 1.25, one_time: 1.35 } as const;
    const surcharge = { normal: 0, tall: 0.5, overgrown: 1 } as const;
    for (const tier of sizeTierIds)
      for (const frequency of frequencies)
        for (const height of grassHeights) {
          const price = mowing(tier, frequency, height);
          const perVisit = Math.max(Math.round(base[tier] * factor[frequency]), 3500);
          expect(price.perVisitCents, `${tier} ${frequency} ${height}`).toBe(perVisit);
          expect(price.firstVisitCents).toBe(perVisit + Math.round(perVisit * surcharge[height]));
          expect(Number.isInteger(price.firstVisitCents)).toBe(true);
        }
  });

  it("reads as the issue's example: weekly mowing of 10–15k sq ft, first visit overgrown by half", () => {
    const price = mowing("m", "weekly", "tall");
    expect(price.lines).toEqual([{ label: "Lawn Mowing, 10,000–15,000 sq ft, weekly", cents: 4200 }]);
    expect(price.firstVisitSurcharge).toEqual({
      label: "First visit, grass 6–12 in (+50% of the visit)",
      cents: 2100,
    });
    expect([price.perVisitCents, price.firstVisitCents, price.rateCardVersion]).toEqual([4200, 6300, 1]);
  });

  it("raises a small visit to the minimum with a line of its own", () => {
    const price = mowing("xs", "weekly", "normal");
    expect(price.lines).toEqual([
      { label: "Lawn Mowing, Under 5,000 sq ft, weekly", cents: 3200 },
      { label: "Minimum per visit", cents: 300 },
    ]);
    expect(price.perVisitCents).toBe(3500);
    expect(price.firstVisitSurcharge).toBeNull();
  });

  it("rounds half a cent up, once per line", () => {
    expect(applyBp(3333, 15_000)).toBe(5000);
    expect(applyBp(1, 5_000)).toBe(1);
    expect(applyBp(2, 2_500)).toBe(1);
    expect(applyBp(3, 1_000)).toBe(0);
  });

  it("picks the tier of a parcel's area, and none over an acre", () => {
    expect(tierForArea(4_000)).toBe("xs");
    expect(tierForArea(10_000)).toBe("s");
    expect(tierForArea(11_761)).toBe("m");
    expect(tierForArea(43_560)).toBe("xl");
    expect(tierForArea(43_561)).toBeNull();
  });

  it("holds its rules for 1,000 random quotes: lines sum to the price, bigger lawns never cost less, same input same price", () => {
    let seed = 34;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    for (let i = 0; i < 1000; i++) {
      const services = serviceIds.filter(() => next() < 0.4);
      if (services.length === 0) services.push(pick(serviceIds));
      const input: PriceInput = {
        services,
        tier: pick(sizeTierIds),
        frequency: pick(frequencies),
        grassHeight: pick(grassHeights),
      };
      const price = priceQuote(input, card);
      expect(price.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(price.perVisitCents);
      expect(price.firstVisitCents).toBe(price.perVisitCents + (price.firstVisitSurcharge?.cents ?? 0));
      expect(price.perVisitCents).toBeGreaterThanOrEqual(card.minimumPerVisitCents);
      expect(priceQuote(structuredClone(input), structuredClone(card))).toEqual(price);
      const bigger = sizeTierIds[sizeTierIds.indexOf(input.tier) + 1];
      if (bigger)
        expect(priceQuote({ ...input, tier: bigger }, card).perVisitCents).toBeGreaterThanOrEqual(
          price.perVisitCents,
        );
    }
  });

  it("validates a rate card: the default passes, a negative price or a missing tier is refused", () => {
    expect(rateCardSchema.safeParse(card).success).toBe(true);
    const negative = structuredClone(card);
    negative.baseCents["lawn-mowing"].m = -1;
    expect(rateCardSchema.safeParse(negative).success).toBe(false);
    const missing = structuredClone(card) as { baseCents: Record<string, Record<string, number>> };
    delete missing.baseCents["lawn-mowing"]!.xl;
    expect(rateCardSchema.safeParse(missing).success).toBe(false);
  });

  it("says the price in one line as the confirmation, emails and cards do, and the hold as a short date", () => {
    const weekly = mowing("m", "weekly", "overgrown");
    expect(firmPriceText(weekly, "weekly")).toBe("$42.00 per visit, first visit $84.00");
    expect(firmPriceText(mowing("m", "weekly", "normal"), "weekly")).toBe("$42.00 per visit");
    // One visit: its one price, surcharge included.
    expect(firmPriceText(mowing("m", "one_time", "tall"), "one_time")).toBe("$85.05");
    expect(heldUntilText("2026-12-05")).toBe("Price held until Dec 5, 2026");
    expect(sizeTierLabel("m")).toBe("10,000–15,000 sq ft");
    expect(sizeTierLabel("not_sure")).toBe("");
    expect(isSizeTier("xl")).toBe(true);
    expect(isSizeTier("large")).toBe(false);
  });
});
