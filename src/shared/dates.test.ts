import { describe, expect, it } from "vitest";
import {
  addDaysIso,
  charlotteTime,
  daysFromToday,
  daysUntil,
  formatCharlotteClock,
  todayInCharlotte,
} from "./dates";

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

describe("Charlotte clock times", () => {
  it("is 8 AM Eastern on both sides of a clock change", () => {
    expect(charlotteTime("2026-07-04", 8).toISOString()).toBe("2026-07-04T12:00:00.000Z");
    expect(charlotteTime("2026-12-04", 8).toISOString()).toBe("2026-12-04T13:00:00.000Z");
    // The days the clocks change (March 8 and November 1, 2026, at 2 AM).
    expect(charlotteTime("2026-03-08", 8).toISOString()).toBe("2026-03-08T12:00:00.000Z");
    expect(charlotteTime("2026-11-01", 8).toISOString()).toBe("2026-11-01T13:00:00.000Z");
  });

  it("counts days to a date from Charlotte's today, not UTC's", () => {
    // 11 PM in Charlotte on Nov 30 is already Dec 1 in UTC.
    const lateEvening = new Date("2026-12-01T04:00:00Z");
    expect(daysUntil("2026-12-01", lateEvening)).toBe(1);
    expect(daysUntil("2026-11-30", lateEvening)).toBe(0);
    expect(daysUntil("2026-11-29", lateEvening)).toBe(-1);
  });
});

describe("formatCharlotteClock", () => {
  it("says AM or PM on Charlotte's clock, as an email read later needs", () => {
    // 12:15 PM EDT is 16:15 UTC; 12:15 AM EST is 05:15 UTC.
    expect(formatCharlotteClock(new Date("2026-07-04T16:15:00Z"))).toBe("12:15 PM");
    expect(formatCharlotteClock(new Date("2026-12-04T05:15:00Z"))).toBe("12:15 AM");
    expect(formatCharlotteClock(new Date("2026-07-04T14:40:00Z"))).toBe("10:40 AM");
    expect(formatCharlotteClock(new Date("2026-12-04T22:05:00Z"))).toBe("5:05 PM");
  });
});
