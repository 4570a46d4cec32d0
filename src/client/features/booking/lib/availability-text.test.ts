import { describe, expect, it } from "vitest";
import { defaultAvailability } from "../../../../shared/booking";
import { availabilitySummary, noticeText, priceAdjustMeaning, workingDaysText } from "./availability-text";

describe("availability texts", () => {
  it("names the working days Monday first, and all seven as any day", () => {
    expect(workingDaysText([5, 1, 3])).toBe("Mondays, Wednesdays and Fridays");
    expect(workingDaysText([0])).toBe("Sundays");
    expect(workingDaysText([0, 1, 2, 3, 4, 5, 6])).toBe("any day of the week");
  });

  it("counts the notice back from the day's 8 AM start, as free-days.ts does", () => {
    expect(noticeText(0)).toBe("until 8 AM that morning");
    expect(noticeText(1)).toBe("until 1 hour before its 8 AM start");
    expect(noticeText(24)).toBe("until 24 hours before its 8 AM start");
  });

  it("says the price customers see, and nothing it cannot stand behind for a bad value", () => {
    expect(priceAdjustMeaning(10)).toBe(
      "Customers see your price: platform price +10% (a $50.00 visit is $55.00 with you).",
    );
    expect(priceAdjustMeaning(-15)).toBe(
      "Customers see your price: platform price −15% (a $50.00 visit is $42.50 with you).",
    );
    expect(priceAdjustMeaning(0)).toMatch(/^Customers see the platform's price\./);
    expect(priceAdjustMeaning(Number.NaN)).toBe("A whole number from −30 to +30.");
    expect(priceAdjustMeaning(31)).toBe("A whole number from −30 to +30.");
  });

  it("sums up who can book what and when, or that instant booking is off", () => {
    expect(availabilitySummary(defaultAvailability)).toMatch(/^Instant booking is off/);
    const saved = {
      weekdays: [1, 3, 5],
      visitsPerDay: 4,
      noticeHours: 24,
      instantServices: ["lawn-mowing" as const, "edging-trimming" as const],
      priceAdjustPercent: 10,
    };
    expect(availabilitySummary(saved)).toBe(
      "Customers in your area can book you at once for Lawn Mowing and Edging & Trimming on Mondays, Wednesdays and Fridays, up to 4 visits a day, at the platform's price +10%; a day can be booked until 24 hours before its 8 AM start.",
    );
    expect(
      availabilitySummary(
        { ...saved, visitsPerDay: 1, priceAdjustPercent: 0 },
        "Once our team approves your application",
      ),
    ).toMatch(
      /^Once our team approves your application, customers in your area .* up to 1 visit a day, at the platform's price; a day can be booked until 24 hours/,
    );
  });
});
