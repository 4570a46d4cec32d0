import { describe, expect, it } from "vitest";
import { driveMinutes, minutesSaved } from "./drive-minutes.js";

describe("straight-line miles as driving minutes", () => {
  it("counts a straight-line mile as 1.3 road miles at 25 mph (3.12 min)", () => {
    expect(driveMinutes(1)).toBeCloseTo(3.12, 10);
    expect(driveMinutes(0)).toBe(0);
  });

  it("says a saving only from one whole minute, rounded to the nearest minute", () => {
    expect(minutesSaved(10, 10)).toBe(0);
    // 0.3 mi is 0.94 min: not a minute, so nothing is shown.
    expect(minutesSaved(10.3, 10)).toBe(0);
    expect(minutesSaved(10.33, 10)).toBe(1);
    // 5.77 mi ≈ 18 min, as the example.
    expect(minutesSaved(15.77, 10)).toBe(18);
    // A suggestion is never longer than the booked order, but the model would not show a loss anyway.
    expect(minutesSaved(10, 12)).toBe(0);
  });
});
