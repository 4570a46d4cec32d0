import { describe, expect, it } from "vitest";
import { addDaysIso, daysFromToday, todayInCharlotte } from "./dates";

describe("calendar days", () => {
  it("crosses months, years, leap days and the clock changes", () => {
    expect(addDaysIso("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDaysIso("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysIso("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDaysIso("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDaysIso("2026-11-01", -1)).toBe("2026-10-31");
  });

  it("counts from today in Charlotte", () => {
    expect(daysFromToday(0)).toBe(todayInCharlotte());
    expect(daysFromToday(7)).toBe(addDaysIso(todayInCharlotte(), 7));
  });
});
