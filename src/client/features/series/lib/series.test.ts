import { describe, expect, it } from "vitest";
import {
  firstOnWeekday,
  frequencyOptions,
  moveBounds,
  movedLine,
  seriesTitle,
  suggestedMoveDate,
  visitDay,
  weekdayOfDate,
} from "./series";

describe("series wording and dates", () => {
  it("finds weekdays and the first visit on a weekday, across a month's end", () => {
    expect(weekdayOfDate("2026-12-01")).toBe(2);
    expect(firstOnWeekday("2026-12-01", 2)).toBe("2026-12-01");
    expect(firstOnWeekday("2026-11-28", 2)).toBe("2026-12-01");
    expect(firstOnWeekday("2026-12-30", 0)).toBe("2027-01-03");
  });

  it("says a visit's day short, with no time-zone drift", () => {
    expect(visitDay("2026-12-01")).toBe("Tue, Dec 1");
    expect(visitDay("2026-03-08")).toBe("Sun, Mar 8");
  });

  it("offers recurring frequencies only when every service recurs", () => {
    expect(frequencyOptions(["lawn-mowing", "edging-trimming"])).toEqual([
      "one_time",
      "weekly",
      "biweekly",
      "monthly",
    ]);
    expect(frequencyOptions(["lawn-mowing", "leaf-removal"])).toEqual(["one_time"]);
    expect(frequencyOptions([])).toEqual(["one_time"]);
  });

  it("titles a series", () => {
    expect(seriesTitle("weekly", ["lawn-mowing"])).toBe("Weekly lawn mowing");
    expect(seriesTitle("biweekly", ["lawn-mowing", "edging-trimming"])).toBe(
      "Lawn mowing, edging & trimming every 2 weeks",
    );
    expect(seriesTitle("monthly", ["flower-bed-maintenance"])).toBe("Monthly flower bed maintenance");
  });

  it("names a moved visit's old and new day while it stands", () => {
    const moved = {
      movedFrom: "2026-12-01",
      moveReason: "Heavy rain all day",
      scheduledDate: "2026-12-02",
      status: "scheduled" as const,
    };
    expect(movedLine(moved)).toBe("Moved from Tue, Dec 1 to Wed, Dec 2: Heavy rain all day");
    expect(movedLine({ ...moved, status: "cancelled" })).toBeNull();
    expect(movedLine({ ...moved, movedFrom: null })).toBeNull();
  });

  it("bounds a weather move to 3 days of the original date and not before today", () => {
    expect(moveBounds({ movedFrom: null, scheduledDate: "2026-12-10" }, "2026-12-01")).toEqual({
      original: "2026-12-10",
      min: "2026-12-07",
      max: "2026-12-13",
    });
    // Moved once already: the window stays around where it started.
    expect(moveBounds({ movedFrom: "2026-12-10", scheduledDate: "2026-12-12" }, "2026-12-09")).toEqual({
      original: "2026-12-10",
      min: "2026-12-09",
      max: "2026-12-13",
    });
    expect(suggestedMoveDate({ movedFrom: null, scheduledDate: "2026-12-10" }, "2026-12-01")).toBe(
      "2026-12-11",
    );
    expect(suggestedMoveDate({ movedFrom: "2026-12-10", scheduledDate: "2026-12-13" }, "2026-12-01")).toBe(
      "2026-12-12",
    );
  });
});
