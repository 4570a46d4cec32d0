import { describe, expect, it } from "vitest";
import { laterVisitsText, onScheduleDates, onScheduleText } from "./later-visits";

describe("laterVisitsText", () => {
  it("names up to three dates, then how many more and the last", () => {
    expect(laterVisitsText(["2026-12-07"])).toBe("Next: Dec 7");
    expect(laterVisitsText(["2026-12-07", "2026-12-14", "2026-12-21"])).toBe("Next: Dec 7, Dec 14, Dec 21");
    expect(
      laterVisitsText([
        "2026-12-07",
        "2026-12-14",
        "2026-12-21",
        "2026-12-28",
        "2027-01-04",
        "2027-01-11",
        "2027-01-18",
      ]),
    ).toBe("Next: Dec 7, Dec 14, Dec 21 + 4 more through Jan 18");
  });
});

describe("onScheduleDates", () => {
  // Wednesday Dec 2, 2026: the Schedule shows Mon Nov 30 to Sun Dec 13.
  const today = "2026-12-02";

  it("keeps the dates of this week and next only", () => {
    expect(onScheduleDates(["2026-12-09", "2026-12-13", "2026-12-14", "2026-12-30"], today)).toEqual([
      "2026-12-09",
      "2026-12-13",
    ]);
  });

  it("keeps none when the next visit is weeks away (SER-105's Dec 30)", () => {
    expect(onScheduleDates(["2026-12-30", "2027-01-27"], today)).toEqual([]);
  });

  it("names them before 'on the Schedule'", () => {
    expect(onScheduleText(["2026-12-09"])).toBe("Dec 9 is");
    expect(onScheduleText(["2026-12-07", "2026-12-09", "2026-12-13"])).toBe("Dec 7, Dec 9 and Dec 13 are");
  });
});
