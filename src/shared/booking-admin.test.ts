import { describe, expect, it } from "vitest";
import { durationText, releasesPer100 } from "./booking-admin";

describe("booking figures' words", () => {
  it("says a time to book in hours and minutes, never days", () => {
    expect(durationText(0)).toBe("under a minute");
    expect(durationText(59)).toBe("under a minute");
    expect(durationText(12 * 60 + 59)).toBe("12 min");
    expect(durationText(45 * 60)).toBe("45 min");
    expect(durationText(3 * 3600 + 5 * 60)).toBe("3 h 05 min");
    expect(durationText(52 * 3600)).toBe("52 h 00 min");
    expect(durationText(1200 * 3600)).toBe("1,200 h 00 min");
  });

  it("gives releases per 100 instant bookings to one decimal, and none without instant bookings", () => {
    expect(releasesPer100(1, 3)).toBe("33.3");
    expect(releasesPer100(0, 12)).toBe("0");
    expect(releasesPer100(2, 2)).toBe("100");
    expect(releasesPer100(0, 0)).toBeNull();
  });
});
