import { describe, expect, it } from "vitest";
import { firstOnWeekday, seriesDates, weekdayOf } from "./rule.js";

describe("series rules", () => {
  it("keeps weekly visits on their weekday across the end of daylight saving (Nov 1, 2026)", () => {
    const dates = seriesDates(
      { frequency: "weekly", weekday: 2, startDate: "2026-10-20" },
      { from: "2026-10-20", through: "2026-11-17" },
    );
    expect(dates).toEqual(["2026-10-20", "2026-10-27", "2026-11-03", "2026-11-10", "2026-11-17"]);
    expect(dates.every((d) => weekdayOf(d) === 2)).toBe(true);
  });

  it("and across its start (Mar 8, 2026), every 2 weeks", () => {
    expect(
      seriesDates(
        { frequency: "biweekly", weekday: 6, startDate: "2026-02-28" },
        { from: "2026-02-28", through: "2026-04-11" },
      ),
    ).toEqual(["2026-02-28", "2026-03-14", "2026-03-28", "2026-04-11"]);
  });

  it("monthly: the same weekday of the same week, and the last one for a 5th-week start, over month ends", () => {
    expect(
      seriesDates(
        { frequency: "monthly", weekday: 2, startDate: "2026-11-10" },
        { from: "2026-11-10", through: "2027-03-31" },
      ),
    ).toEqual(["2026-11-10", "2026-12-08", "2027-01-12", "2027-02-09", "2027-03-09"]);
    // Thursday Oct 29 is the 5th Thursday: then the last Thursday of each month (Feb has only four).
    expect(
      seriesDates(
        { frequency: "monthly", weekday: 4, startDate: "2026-10-29" },
        { from: "2026-10-29", through: "2027-02-28" },
      ),
    ).toEqual(["2026-10-29", "2026-11-26", "2026-12-31", "2027-01-28", "2027-02-25"]);
  });

  it("answers only the range asked for, never dates before the series starts", () => {
    const rule = { frequency: "weekly", weekday: 1, startDate: "2026-12-07" } as const;
    expect(seriesDates(rule, { from: "2026-11-01", through: "2026-12-14" })).toEqual([
      "2026-12-07",
      "2026-12-14",
    ]);
    expect(seriesDates(rule, { from: "2026-12-15", through: "2026-12-20" })).toEqual([]);
    expect(seriesDates(rule, { from: "2026-12-20", through: "2026-12-15" })).toEqual([]);
  });

  it("finds the first date on a weekday, across a month and a year end", () => {
    expect(firstOnWeekday("2026-12-30", 1)).toBe("2027-01-04");
    expect(firstOnWeekday("2026-11-30", 1)).toBe("2026-11-30");
    expect(firstOnWeekday("2026-02-27", 0)).toBe("2026-03-01");
  });
});
