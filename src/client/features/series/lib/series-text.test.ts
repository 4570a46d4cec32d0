import { describe, expect, it } from "vitest";
import { addDaysIso } from "../../../../shared/dates";
import type { SeriesSummary } from "../../../../shared/recurring";
import {
  approvalSummary,
  bookAgainText,
  dayRequestText,
  firstVisitLabel,
  nextRuleDate,
  notComingTag,
  pausedBanner,
  pausePreview,
  requestedDate,
  restoreBlock,
  resumePreview,
  visitsAheadText,
} from "./series-text";

const visit = (date: string, moved = false) => ({ jobId: date, number: 1, date, moved });
// Mondays from Nov 30, 2026.
const weekly: SeriesSummary = {
  id: "s1",
  number: 105,
  frequency: "weekly",
  status: "active",
  weekday: 1,
  pricePerVisitCents: 4500,
  requestedWeekday: null,
  weekdayAnswerBy: null,
  requestedStartDate: null,
  pausedUntil: null,
  upcoming: ["2026-11-30", "2026-12-07", "2026-12-14", "2026-12-21"].map((d) => visit(d)),
};
// Noon in Charlotte on Thu, Nov 26, 2026.
const now = new Date("2026-11-26T17:00:00Z");

describe("series wording: approval, pause, what will not come, book again", () => {
  it("splits today's hold from the later visits' and says the series rolls on until cancelled", () => {
    expect(approvalSummary(weekly, "2026-11-30", true)).toEqual([
      "Every Monday · $45.00 a visit",
      "Today: $45.00 held for the first visit (Mon, Nov 30).",
      "Later visits: held 2 days before each, charged after you approve the work (or 48 hours after it is marked complete if you don't answer).",
      "We keep the next 8 visits booked; the series continues until you cancel.",
      "You can skip, pause or cancel from your dashboard; each visit has the same 24-hour rule.",
    ]);
    expect(approvalSummary({ ...weekly, frequency: "biweekly" }, "2026-12-21", false)[1]).toBe(
      "First visit (Mon, Dec 21): $45.00 held on Sat, Dec 19.",
    );
    expect(visitsAheadText("biweekly")).toBe("the next 4 visits");
    expect(visitsAheadText("monthly")).toBe("8 weeks of visits");
  });

  it("finds the series' next date by its rule: weekly, every 2 weeks in phase, monthly by week of month", () => {
    expect(nextRuleDate("weekly", 1, "2026-11-30", "2026-12-15")).toBe("2026-12-21");
    expect(nextRuleDate("biweekly", 1, "2026-11-30", "2026-12-15")).toBe("2026-12-28");
    expect(nextRuleDate("biweekly", 1, "2026-11-30", "2026-12-14")).toBe("2026-12-14");
    // The 2nd Tuesday of each month.
    expect(nextRuleDate("monthly", 2, "2026-12-08", "2026-12-09")).toBe("2027-01-12");
    // Started in a 5th week: the last Monday (Feb 2027 has four).
    expect(nextRuleDate("monthly", 1, "2026-11-30", "2027-02-01")).toBe("2027-02-22");
  });

  it("shows what a pause does as its date changes, and keeps visits less than 48 hours away", () => {
    expect(pausePreview(weekly, "2026-12-15", now)).toBe(
      "First visit back: Mon, Dec 21 · Cancelled: Mon, Nov 30, Mon, Dec 7 and Mon, Dec 14",
    );
    // The first visit's card is held: the server releases it, and the preview says so.
    expect(pausePreview(weekly, "2026-12-15", now, { "2026-11-30": 4500 })).toBe(
      "First visit back: Mon, Dec 21 · Cancelled: Mon, Nov 30 ($45.00 hold released), Mon, Dec 7 and Mon, Dec 14",
    );
    expect(pausePreview(weekly, "2026-12-08", now, { "2026-11-30": 4500 })).toBe(
      "First visit back: Mon, Dec 14 · Cancelled: Mon, Nov 30 ($45.00 hold released) and Mon, Dec 7",
    );
    // Sat, Nov 28: Monday's visit is more than 48 hours from noon today; from Saturday noon it is not.
    const saturday = new Date("2026-11-28T17:00:00Z");
    expect(pausePreview(weekly, "2026-12-08", saturday)).toBe(
      "First visit back: Mon, Dec 14 · Cancelled: Mon, Dec 7 · Mon, Nov 30 stays (less than 48 hours away)",
    );
    expect(pausePreview(weekly, "2026-12-01", saturday)).toBe(
      "First visit back: Mon, Dec 7 · No booked visit cancelled · Mon, Nov 30 stays (less than 48 hours away)",
    );
    // Past the booked visits: the rule says the day; a long pause names four and counts the rest.
    const eight = {
      ...weekly,
      upcoming: [0, 7, 14, 21, 28, 35].map((days) => visit(addDaysIso("2026-11-30", days))),
    };
    expect(pausePreview(eight, "2027-02-02", now)).toBe(
      "First visit back: Mon, Feb 8 · Cancelled: Mon, Nov 30, Mon, Dec 7, Mon, Dec 14, Mon, Dec 21 and 2 more",
    );
    expect(pausePreview(weekly, "", now)).toBeNull();
    expect(pausePreview(weekly, "2026-11-26", now)).toBeNull();
  });

  it("says a paused series' next visit, and tags what will not come in a word", () => {
    const paused = { ...weekly, pausedUntil: "2026-12-15", upcoming: [visit("2026-12-21")] };
    expect(pausedBanner(paused)).toBe("Paused until Tue, Dec 15. Next visit: Mon, Dec 21.");
    expect(pausedBanner(weekly)).toBeNull();
    // Resumed on Thursday noon: Monday is more than 48 hours away, so it comes back.
    expect(resumePreview(paused, now)).toBe(
      "Visits come back from Mon, Nov 30; a visit less than 48 hours away stays cancelled.",
    );
    expect(resumePreview(paused, new Date("2026-11-28T17:00:00Z"))).toMatch(
      /^Visits come back from Mon, Dec 7;/,
    );
    expect(notComingTag("Series paused until Tuesday, December 15, 2026")).toBe("Paused");
    expect(notComingTag("Skipped this visit")).toBe("Skipped");
    expect(notComingTag("The customer declined the new day")).toBe("Moved day declined");
    expect(notComingTag("Series moved to Fridays")).toBe("Day changed");
    expect(notComingTag(null)).toBe("Cancelled");
  });

  it("labels dates the same in both forms, and a series visit's date as its original one when moved", () => {
    expect(firstVisitLabel("one_time")).toBe("Preferred date");
    expect(firstVisitLabel("weekly")).toBe("First visit (preferred date)");
    const base = {
      series: weekly,
      status: "scheduled" as const,
      movedFrom: null,
      preferredDate: "2026-12-21",
    };
    expect(requestedDate(base)).toBeNull();
    expect(requestedDate({ ...base, movedFrom: "2026-12-21" })).toEqual({
      label: "Original date",
      date: "2026-12-21",
    });
    expect(requestedDate({ ...base, series: null })).toEqual({ label: "Preferred date", date: "2026-12-21" });
    expect(requestedDate({ ...base, status: "accepted" })?.label).toBe("Preferred date");
  });

  it("describes Book again by service, address and date, and who gets the request", () => {
    expect(
      bookAgainText({
        services: ["lawn-mowing"],
        address: "600 East Blvd, Charlotte, NC 28203",
        zipCode: "28203",
        scheduledDate: "2026-12-28",
        preferredDate: "2026-12-27",
        additionalNotes: null,
        landscaperName: "Queen City Lawn Care",
      }),
    ).toBe(
      "Lawn Mowing at 600 East Blvd, Charlotte, NC 28203, like your visit on Mon, Dec 28. Sent to landscapers who serve 28203, not only to Queen City Lawn Care.",
    );
  });
});

describe("series wording: a skipped visit and an ask for another day", () => {
  it("says why a skipped visit can't come back: too close, or inside the pause; null when it can", () => {
    expect(restoreBlock("2026-11-27", null, now)).toBe("Less than 48 hours away: it can't be brought back.");
    expect(restoreBlock("2026-12-07", "2026-12-14", now)).toBe(
      "Inside your pause: resume first to bring it back.",
    );
    expect(restoreBlock("2026-12-07", "2026-12-07", now)).toBeNull();
    expect(restoreBlock("2026-12-07", null, now)).toBeNull();
  });

  it("gives the customer the first new visit and the answer-by time, and what happens without an answer", () => {
    const asked = {
      ...weekly,
      requestedWeekday: 5,
      requestedStartDate: "2026-12-04",
      weekdayAnswerBy: "2026-11-29T17:00:00.000Z",
    };
    expect(dayRequestText(asked, "Carlos")).toBe(
      "You asked to move the visits to Fridays, from Fri, Dec 4 if they agree; waiting for Carlos to answer. Until then they stay as listed below. They have until Sun, Nov 29, 12:00 PM to answer; without an answer by then, the request lapses and your visits stay on Mondays. If they can't do Fridays, your visits on Mondays with them end and the series goes back to the queue for Fridays.",
    );
    expect(dayRequestText(weekly, "Carlos")).toBe("");
  });
});
