import { describe, expect, it } from "vitest";
import { charlotteTime } from "../../../shared/dates.js";
import { etaFrom } from "./arrival.js";

describe("the ETA of 'On my way'", () => {
  // 9:00 AM in Charlotte on a winter day and on a summer day (EST and EDT).
  const winter = charlotteTime("2026-12-01", 9);
  const summer = charlotteTime("2026-07-01", 9);

  it("is minutes from now, or a clock time today on Charlotte's clock in either season", () => {
    expect(etaFrom({ etaMinutes: 45 }, winter).getTime() - winter.getTime()).toBe(45 * 60_000);
    expect(etaFrom({ etaTime: "10:40" }, winter).toISOString()).toBe("2026-12-01T15:40:00.000Z");
    expect(etaFrom({ etaTime: "10:40" }, summer).toISOString()).toBe("2026-07-01T14:40:00.000Z");
  });

  it("refuses a time already past or more than 6 hours away, naming the field", () => {
    expect(() => etaFrom({ etaTime: "08:30" }, winter)).toThrow("Choose a time later than now.");
    expect(() => etaFrom({ etaTime: "15:30" }, winter)).toThrow("Choose a time within the next 6 hours.");
  });
});
