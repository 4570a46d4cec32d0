import { describe, expect, it } from "vitest";
import { addDaysIso, todayInCharlotte } from "./dates";
import { defaultRateCard, priceQuote, sampleLots } from "./pricing";
import { figureHundredths, publishRateCardSchema, rateCardFormValues } from "./pricing-admin";

const { version: _version, effectiveFrom: _from, ...figures } = defaultRateCard;

describe("publishing a rate card (issue 34, item 3)", () => {
  it("reads the form's values of a card back as that card", () => {
    const values = rateCardFormValues(figures, todayInCharlotte(), "Same again.");
    expect(values.prices["lawn-mowing"].m).toBe("42.00");
    expect(values.frequencyPercent.biweekly).toBe("110");
    const parsed = publishRateCardSchema.parse(values);
    expect(parsed).toEqual({ effectiveFrom: todayInCharlotte(), note: "Same again.", card: figures });
  });

  it("takes dollars and percentages as typed or as numbers, to the cent and the basis point", () => {
    expect(["42", "42.5", "42.50", " 42.5 ", 42.5].map(figureHundredths)).toEqual([
      4200, 4250, 4250, 4250, 4250,
    ]);
    expect(["", "  "].map(figureHundredths)).toEqual(["empty", "empty"]);
    for (const bad of ["4e1", "-1", "1,200", "$42", "42.505", "0x10", "1".repeat(13), Number.NaN, 1.005])
      expect(figureHundredths(bad), String(bad)).toBeNull();
    const values = rateCardFormValues(figures, addDaysIso(todayInCharlotte(), 365), "Why");
    values.frequencyPercent.monthly = 112.25;
    values.prices["leaf-removal"].xs = 10_000;
    const { card } = publishRateCardSchema.parse(values);
    expect(card.frequencyBp.monthly).toBe(11_225);
    expect(card.baseCents["leaf-removal"].xs).toBe(1_000_000);
  });

  it("prices the five sample lots on the launch card as a customer would be quoted", () => {
    const prices = sampleLots.map((lot) => {
      const price = priceQuote(lot.input, defaultRateCard);
      return [lot.id, price.perVisitCents, price.firstVisitCents];
    });
    expect(prices).toEqual([
      ["south-end", 3500, 3500], // 32.00 weekly, raised to the 35.00 minimum
      ["plaza-midwood", 6710, 6710], // (37.00 + 24.00) × 110%
      ["dilworth", 4200, 8400], // overgrown: +100% on the first visit
      ["ballantyne", 11_875, 11_875], // 95.00 × 125%
      ["mint-hill", 52_650, 52_650], // 390.00 × 135%
    ]);
  });
});
