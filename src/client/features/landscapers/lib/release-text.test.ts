import { describe, expect, it } from "vitest";
import { releaseDeadlineText } from "./release-text";

describe("releaseDeadlineText", () => {
  it("says the time on Charlotte's clock, and the day too when the window ends after midnight there", () => {
    // 2:34 PM EST on Dec 1, 2026 is 19:34 UTC.
    const now = new Date("2026-12-01T17:00:00Z");
    expect(releaseDeadlineText("2026-12-01T19:34:00Z", now)).toBe(
      "You can release this booking until 2:34 PM today",
    );
    // Booked at 11 PM in Charlotte: the window ends at 1 AM the next day.
    expect(releaseDeadlineText("2026-12-02T06:00:00Z", new Date("2026-12-02T04:00:00Z"))).toBe(
      "You can release this booking until Wed, Dec 2, 1:00 AM",
    );
  });
});
