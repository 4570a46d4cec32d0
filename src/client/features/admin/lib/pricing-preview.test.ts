import { describe, expect, it } from "vitest";
import { defaultRateCard, type RateCard } from "../../../../shared/pricing";
import { rateCardFormValues } from "../../../../shared/pricing-admin";
import {
  baselineFor,
  changedFigures,
  changeLines,
  changesText,
  differenceText,
  draftCard,
  previewLots,
} from "./pricing-preview";

const values = () => rateCardFormValues(defaultRateCard, "2026-12-01");

describe("the Pricing form's live preview", () => {
  it("reads the untouched form as the card it came from: nothing changes, every lot the same", () => {
    const draft = draftCard(values(), 2);
    expect(draft).toEqual({ ...defaultRateCard, version: 2, effectiveFrom: "2026-12-01" });
    expect(changedFigures(defaultRateCard, draft)).toEqual({ prices: 0, percentages: 0 });
    for (const row of previewLots(defaultRateCard, draft)) expect(row.next).toEqual(row.current);
  });

  it("counts the figures typed differently and prices the lots on them; a half-typed figure shows as unknown", () => {
    const edited = values();
    edited.prices["lawn-mowing"].xs = "36.00";
    edited.prices["lawn-mowing"].m = "4";
    edited.frequencyPercent.biweekly = "115";
    const draft = draftCard(edited, 2);
    expect(changedFigures(defaultRateCard, draft)).toEqual({ prices: 2, percentages: 1 });
    expect(changesText({ prices: 2, percentages: 1 })).toBe("2 prices and 1 percentage change");
    expect(changesText({ prices: 1, percentages: 0 })).toBe("1 price changes");
    const [southEnd, plazaMidwood, dilworth] = previewLots(defaultRateCard, draft);
    expect(southEnd?.next).toEqual({ perVisitCents: 3600, firstVisitCents: 3600 });
    // (37.00 + 24.00) × 115%
    expect(plazaMidwood?.next?.perVisitCents).toBe(4255 + 2760);
    // $4 is below the $35 minimum: the minimum applies, overgrown doubles the first visit.
    expect(dilworth?.next).toEqual({ perVisitCents: 3500, firstVisitCents: 7000 });

    edited.prices["lawn-mowing"].m = "4.";
    expect(previewLots(defaultRateCard, draftCard(edited, 2))[2]?.next).toBeNull();
  });

  it("compares with the card in force on the new version's date", () => {
    const scheduled: RateCard[] = [
      { ...defaultRateCard, version: 3, effectiveFrom: "2027-01-01" },
      { ...defaultRateCard, version: 4, effectiveFrom: "2027-01-01" },
      { ...defaultRateCard, version: 5, effectiveFrom: "2027-03-01" },
    ];
    const inForce = { ...defaultRateCard, version: 2, effectiveFrom: "2026-11-01" };
    expect(baselineFor("2026-12-31", inForce, scheduled).version).toBe(2);
    expect(baselineFor("2027-01-01", inForce, scheduled).version).toBe(4);
    expect(baselineFor("2027-06-01", inForce, scheduled).version).toBe(5);
  });

  it("words a difference with its sign", () => {
    expect(differenceText(3500, 3800)).toBe("+$3.00");
    expect(differenceText(3800, 3650)).toBe("−$1.50");
    expect(differenceText(3500, 3500)).toBe("No change");
  });

  it("lists each figure that changes, in the units the form shows", () => {
    const draft = structuredClone(defaultRateCard);
    draft.baseCents["edging-trimming"].xs = 2200;
    draft.frequencyBp.biweekly = 11_500;
    draft.minimumPerVisitCents = 4000;
    expect(changeLines(defaultRateCard, draft)).toEqual([
      "Edging & Trimming, Under 5,000 sq ft: $20.00 → $22.00",
      "Every 2 weeks: 110% → 115%",
      "Minimum per visit: $35.00 → $40.00",
    ]);
    expect(changeLines(defaultRateCard, defaultRateCard)).toEqual([]);
  });
});
