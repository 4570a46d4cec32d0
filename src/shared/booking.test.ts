import { describe, expect, it } from "vitest";
import { adjustedCents, askingText, availabilitySchema, distanceBand, priceAdjustText } from "./booking";

describe("booking texts and figures", () => {
  it("moves a price by a pro's percentage in whole cents, half up", () => {
    expect(adjustedCents(4200, 10)).toBe(4620);
    expect(adjustedCents(4200, -5)).toBe(3990);
    expect(adjustedCents(4995, 10)).toBe(5495); // 5494.5 rounds up
    expect(adjustedCents(4200, 0)).toBe(4200);
  });

  it("says a pro's own rate and distance in words", () => {
    expect(priceAdjustText(0)).toBe("");
    expect(priceAdjustText(12)).toBe("+12% on the platform's price");
    expect(priceAdjustText(-7)).toBe("−7% on the platform's price");
    expect(distanceBand(null)).toBeNull();
    expect(distanceBand(4.9)).toBe("Under 5 miles");
    expect(distanceBand(5)).toBe("5–10 miles");
    expect(distanceBand(25)).toBe("Over 20 miles");
  });

  it("tells a customer with nobody to book who sees the request, and what is usual only when known", () => {
    expect(askingText("28203", 0, null)).toContain("No approved pro serves 28203 yet");
    expect(askingText("28203", 1, null)).toContain("We're asking the 1 pro who serves 28203");
    const many = askingText("28203", 7, 3);
    expect(many).toContain("We're asking the 7 pros who serve 28203");
    expect(many).toContain("Requests usually get an offer within 3 hours.");
    expect(askingText("28203", 7, 1)).toContain("within an hour.");
    expect(askingText("28203", 7, null)).not.toContain("usually");
  });

  it("refuses availability out of bounds with the form's messages", () => {
    const base = {
      weekdays: [1],
      visitsPerDay: 5,
      noticeHours: 24,
      instantServices: [],
      priceAdjustPercent: 0,
    };
    expect(availabilitySchema.safeParse(base).success).toBe(true);
    const issues = (input: object) =>
      availabilitySchema.safeParse({ ...base, ...input }).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ priceAdjustPercent: 31 })).toEqual(["At most 30% above the platform's price."]);
    expect(issues({ visitsPerDay: 0 })).toEqual(["At least one visit a day."]);
    expect(issues({ noticeHours: 200 })).toEqual(["At most a week (168 hours) of notice."]);
    expect(issues({ weekdays: [1, 1] })).toEqual(["Each day once, please."]);
    expect(issues({ instantServices: ["not-a-service"] })).toEqual(["Choose services from the list."]);
  });
});
