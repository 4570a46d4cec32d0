import { describe, expect, it } from "vitest";
import { articleForCents, formatCents, formatEarnedCents, withArticle } from "./services";

describe("articleForCents", () => {
  it("says 'an' before an amount read with a vowel sound", () => {
    expect(withArticle(800)).toBe("an $8.00");
    expect(withArticle(1100)).toBe("an $11.00");
    expect(withArticle(1800)).toBe("an $18.00");
    expect(withArticle(8000)).toBe("an $80.00");
    expect(withArticle(85050)).toBe("an $850.50");
    expect(withArticle(800000)).toBe("an $8,000.00");
    expect(withArticle(1100000)).toBe("an $11,000.00");
    expect(withArticle(1800000)).toBe("an $18,000.00");
  });

  it("says 'a' before the others", () => {
    expect(withArticle(2500)).toBe("a $25.00");
    expect(withArticle(1000)).toBe("a $10.00");
    expect(withArticle(11800)).toBe("a $118.00");
    expect(withArticle(180000)).toBe("a $1,800.00");
    expect(withArticle(111100)).toBe("a $1,111.00");
    expect(withArticle(50)).toBe("a $0.50");
    expect(articleForCents(100)).toBe("a");
  });
});

describe("formatCents", () => {
  it("writes what toLocaleString wrote, with the formatter kept between calls", () => {
    for (const cents of [0, 1, 99, 100, 4500, 11_000, 123_456, 100_000_00, -2500, 1_234_567_89])
      expect(formatCents(cents)).toBe(
        (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" }),
      );
    expect(formatCents(4500)).toBe("$45.00");
  });
});

describe("formatEarnedCents", () => {
  it("writes the landscaper's 75%, the platform's 25% rounded to the cent, so the two add up to the price", () => {
    expect(formatEarnedCents(5670)).toBe("$42.52"); // 25% of $56.70 is $14.175, kept as $14.18
    expect(formatEarnedCents(4500)).toBe("$33.75");
    expect(formatEarnedCents(1)).toBe("$0.01");
  });
});
