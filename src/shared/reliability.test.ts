import { describe, expect, it } from "vitest";
import type { Reliability } from "./recurring";
import {
  hasNoHistory,
  isNewOnGreenScape,
  MIN_COUNTED_FOR_SHARE,
  missedVisitOf,
  missedVisitReason,
  noReliability,
  reliabilityFigures,
  reliabilityLabelled,
  reliabilityLine,
  reliabilitySpoken,
  shareText,
} from "./reliability";

const record = (over: Partial<Reliability>): Reliability => ({ ...noReliability, ...over });

// The review's case: one visit, late; one job completed of two accepted, rated 5.
const newcomer = record({
  onTimeRate: 0,
  completionRate: 50,
  averageRating: 5,
  ratingCount: 1,
  completedJobs: 1,
  visitsDue: 1,
  visitsOnTime: 0,
  acceptedJobs: 2,
});
const seasoned = record({
  onTimeRate: 95.5,
  completionRate: 95.2,
  averageRating: 4.8,
  ratingCount: 12,
  completedJobs: 20,
  visitsDue: 22,
  visitsOnTime: 21,
  acceptedJobs: 21,
});

describe("reliability shares", () => {
  it("are counts below the minimum and percentages from it", () => {
    expect(MIN_COUNTED_FOR_SHARE).toBe(5);
    expect(shareText(0, 0)).toBeNull();
    expect(shareText(0, 1)).toBe("0 of 1");
    expect(shareText(3, 4)).toBe("3 of 4");
    expect(shareText(4, 5)).toBe("80%");
    expect(shareText(21, 22)).toBe("95%");
  });

  it("call a landscaper with fewer than 5 completed jobs new, and one with nothing at all without history", () => {
    expect(isNewOnGreenScape(newcomer)).toBe(true);
    expect(isNewOnGreenScape(seasoned)).toBe(false);
    expect(hasNoHistory(record({}))).toBe(true);
    expect(hasNoHistory(record({ acceptedJobs: 1 }))).toBe(false);
  });
});

describe("the customer's line", () => {
  it("says a newcomer is new and counts their visits instead of a 0% verdict", () => {
    expect(reliabilityLine(newcomer)).toBe("New on GreenScape · 5.0\u00a0★ · 0 of 1 on time · 1 job");
    expect(reliabilitySpoken(newcomer)).toBe(
      "new on GreenScape, rated 5.0 out of 5 (1 rating), on time at 0 of 1 visit, 1 job completed",
    );
    expect(reliabilityLine(record({}))).toBe("New on GreenScape · no jobs yet");
    expect(reliabilitySpoken(record({}))).toBe("new on GreenScape, no jobs completed yet");
  });

  it("gives percentages with enough history", () => {
    expect(reliabilityLine(seasoned)).toBe("4.8\u00a0★ · 95% on time · 20 jobs");
    expect(reliabilitySpoken(seasoned)).toBe(
      "rated 4.8 out of 5 (12 ratings), 95% on time, 20 jobs completed",
    );
  });
});

describe("the admins' labelled figures", () => {
  it("name each figure and what it counts", () => {
    expect(reliabilityLabelled(newcomer)).toEqual([
      "Rating 5.0\u00a0★ (1)",
      "On time 0 of 1",
      "Completed 1 of 2 accepted",
    ]);
    expect(reliabilityLabelled(seasoned)).toEqual([
      "Rating 4.8\u00a0★ (12)",
      "On time 95% (21 of 22)",
      "Completed 95% (20 of 21 accepted)",
    ]);
    // Completed jobs from before anything was counted as accepted, nothing due: left out, not "0 of 0".
    expect(reliabilityLabelled(record({ completedJobs: 3 }))).toEqual(["Completed 3 jobs"]);
    // Withdrawals are named on their own once there are any (an accept-and-withdraw habit shows at once).
    expect(reliabilityLabelled({ ...newcomer, acceptedJobs: 4, withdrawnJobs: 2 }).at(-1)).toBe(
      "Withdrew from 2 jobs",
    );
  });

  it("give the cards' tiles a value and a detail", () => {
    expect(reliabilityFigures(newcomer)).toEqual([
      { label: "Rating", value: "5.0\u00a0★", detail: "1 rating" },
      { label: "On time", value: "0 of 1", detail: "arrived by 6 PM" },
      { label: "Completed", value: "1 of 2", detail: "accepted jobs" },
      { label: "Jobs", value: "1", detail: "completed" },
    ]);
    expect(reliabilityFigures({ ...newcomer, withdrawnJobs: 1 }).at(-1)).toEqual({
      label: "Withdrawn",
      value: "1",
      detail: "jobs left after accepting",
    });
    expect(reliabilityFigures(seasoned).slice(1, 3)).toEqual([
      { label: "On time", value: "95%", detail: "21 of 22 by 6 PM" },
      { label: "Completed", value: "95%", detail: "20 of 21 accepted" },
    ]);
    expect(reliabilityFigures(record({}))[1]).toEqual({
      label: "On time",
      value: "—",
      detail: "no visits due yet",
    });
  });
});

describe("the pause's reason", () => {
  it("is read back to the visit it names", () => {
    const reason = missedVisitReason(1002, "2026-11-27");
    expect(reason).toBe(
      "Missed JOB-1002 on Friday, November 27, 2026: no arrival was marked within 2 days, so the visit went back to the queue.",
    );
    expect(missedVisitOf(reason)).toEqual({ jobNumber: 1002, visitDate: "2026-11-27" });
    expect(missedVisitOf(missedVisitReason(1, "2027-01-03"))).toEqual({
      jobNumber: 1,
      visitDate: "2027-01-03",
    });
    expect(missedVisitOf("Paused by hand.")).toBeNull();
    expect(missedVisitOf(null)).toBeNull();
  });
});
