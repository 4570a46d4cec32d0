import { describe, expect, it } from "vitest";
import { cadenceText } from "./recurring";

describe("series wording", () => {
  it("words the cadence, the monthly one by the week of the month", () => {
    expect(cadenceText("weekly", 2)).toBe("every Tuesday");
    expect(cadenceText("biweekly", 5)).toBe("every other Friday");
    expect(cadenceText("monthly", 2, "2026-12-08")).toBe("the 2nd Tuesday of each month");
    expect(cadenceText("monthly", 2, "2026-12-29")).toBe("the last Tuesday of each month");
    expect(cadenceText("monthly", 2)).toBe("one Tuesday a month");
  });
});
