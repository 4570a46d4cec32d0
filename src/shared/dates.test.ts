import { describe, expect, it } from "vitest";
import {
  addDaysIso,
  BUSINESS_TIME_ZONE,
  charlotteTime,
  daysFromToday,
  daysUntil,
  formatCharlotteClock,
  formatCharlotteDateTime,
  formatElapsed,
  formatLongDate,
  formatShortDate,
  formatterOnce,
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

describe("formatElapsed", () => {
  it("says a queue's age in hours, then whole days, never older than it is", () => {
    const now = new Date("2026-11-30T12:00:00Z");
    const ago = (minutes: number) => formatElapsed(new Date(now.getTime() - minutes * 60_000), now);
    expect(ago(59)).toBe("under an hour");
    expect(ago(60)).toBe("1 hour");
    expect(ago(26 * 60 + 59)).toBe("26 hours");
    expect(ago(71 * 60 + 59)).toBe("71 hours");
    expect(ago(72 * 60)).toBe("3 days");
    expect(ago(95 * 60 + 59)).toBe("3 days");
    // A clock a little behind the server's reads as just now, not a negative age.
    expect(ago(-5)).toBe("under an hour");
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

describe("formatters kept between calls (issue 33 item 15)", () => {
  // Every instant of 2026 at 7 h 13 min steps: both daylight-saving changes, midnight and noon on either side.
  const instants = Array.from(
    { length: 1300 },
    (_, i) => new Date(Date.UTC(2026, 0, 1) + i * (7 * 3_600_000 + 13 * 60_000)),
  );
  const isoDays = instants.map((when) => when.toISOString().slice(0, 10));

  it("write what toLocale…String wrote", () => {
    for (const day of isoDays) {
      const noon = new Date(`${day}T12:00:00Z`);
      expect(formatLongDate(day)).toBe(
        noon.toLocaleDateString("en-US", {
          weekday: "long",
          year: "numeric",
          month: "long",
          day: "numeric",
          timeZone: "UTC",
        }),
      );
      expect(formatShortDate(day)).toBe(
        noon.toLocaleDateString("en-US", {
          year: "numeric",
          month: "short",
          day: "numeric",
          timeZone: "UTC",
        }),
      );
    }
    for (const when of instants) {
      for (const weekday of ["long", "short"] as const)
        expect(formatCharlotteDateTime(when, weekday)).toBe(
          when.toLocaleString("en-US", {
            timeZone: BUSINESS_TIME_ZONE,
            weekday,
            month: "short",
            day: "numeric",
            hour: "numeric",
            minute: "2-digit",
          }),
        );
      expect(formatCharlotteClock(when)).toBe(
        when.toLocaleTimeString("en-US", {
          timeZone: BUSINESS_TIME_ZONE,
          hour: "numeric",
          minute: "2-digit",
        }),
      );
    }
  });

  it("make each formatter once", () => {
    let made = 0;
    const format = formatterOnce(() => {
      made++;
      return new Intl.NumberFormat("en-US");
    });
    expect(made).toBe(0);
    expect(format().format(1234)).toBe("1,234");
    expect(format()).toBe(format());
    expect(made).toBe(1);
  });
});
