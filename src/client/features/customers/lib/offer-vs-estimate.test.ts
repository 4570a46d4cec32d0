import { describe, expect, it } from "vitest";
import { offerVsEstimate } from "./offer-vs-estimate";

describe("offerVsEstimate", () => {
  it("says how far above the estimate's top an offer is, in dollars and percent", () => {
    expect(offerVsEstimate(12_000, 5_000, 7_500)).toBe(
      "Your instant estimate was $50.00 – $75.00. This offer is $45.00 (60%) more than the top of it.",
    );
    expect(offerVsEstimate(9_500, 5_000, 7_500)).toBe(
      "Your instant estimate was $50.00 – $75.00. This offer is $20.00 (27%) more than the top of it.",
    );
  });

  it("says an offer below the estimate, or within it", () => {
    expect(offerVsEstimate(4_000, 5_000, 7_500)).toBe(
      "Your instant estimate was $50.00 – $75.00. This offer is $10.00 (20%) less than the bottom of it.",
    );
    expect(offerVsEstimate(7_500, 5_000, 7_500)).toBe(
      "Your instant estimate was $50.00 – $75.00. This offer is within it.",
    );
  });

  it("reads for a single-figure estimate", () => {
    expect(offerVsEstimate(6_000, 5_000, 5_000)).toBe(
      "Your instant estimate was $50.00. This offer is $10.00 (20%) more than that.",
    );
    expect(offerVsEstimate(5_000, 5_000, 5_000)).toBe(
      "Your instant estimate was $50.00. This offer is the same.",
    );
  });
});
