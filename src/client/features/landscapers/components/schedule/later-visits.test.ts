import { describe, expect, it } from "vitest";
import { laterVisitsText } from "./later-visits";

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
