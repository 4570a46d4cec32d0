import { describe, expect, it } from "vitest";
import { fullDateTime, relativeTime } from "./relative-time";

const now = Date.parse("2025-06-15T12:00:00.000Z");
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe("relativeTime", () => {
  it.each([
    [0, "just now"],
    [59, "just now"],
    [60, "1 minute ago"],
    [5 * 60, "5 minutes ago"],
    [59 * 60 + 59, "59 minutes ago"],
    [60 * 60, "1 hour ago"],
    [2 * 3600 + 1800, "2 hours ago"],
    [23 * 3600 + 3599, "23 hours ago"],
    [24 * 3600, "1 day ago"],
    [3 * 86400, "3 days ago"],
    [6 * 86400 + 86399, "6 days ago"],
    [7 * 86400, "1 week ago"],
    [20 * 86400, "2 weeks ago"],
    [30 * 86400, "1 month ago"],
    [95 * 86400, "3 months ago"],
    [364 * 86400, "12 months ago"],
    [365 * 86400, "1 year ago"],
    [3 * 365 * 86400, "3 years ago"],
  ])("%i seconds back reads '%s'", (seconds, expected) => {
    expect(relativeTime(ago(seconds), now)).toBe(expected);
  });

  it("accepts Date and epoch inputs for both arguments", () => {
    expect(relativeTime(new Date(now - 120_000), new Date(now))).toBe("2 minutes ago");
    expect(relativeTime(now - 3 * 3600_000, now)).toBe("3 hours ago");
  });

  it("says 'just now' for a time slightly in the future (clock skew)", () => {
    expect(relativeTime(new Date(now + 30_000).toISOString(), now)).toBe("just now");
  });

  it("answers '' for an unreadable date", () => {
    expect(relativeTime("not a date", now)).toBe("");
  });
});

describe("fullDateTime", () => {
  it("formats in Charlotte's time zone", () => {
    expect(fullDateTime("2025-06-15T16:30:00.000Z")).toBe("Jun 15, 2025, 12:30 PM");
  });

  it("answers '' for an unreadable date", () => {
    expect(fullDateTime("nope")).toBe("");
  });
});
