import { describe, expect, it } from "vitest";
import type { ArrivalView } from "../../../../shared/proof";
import {
  arrivalSentence,
  clockTime,
  nextVisitStep,
  photoTimeText,
  visitStageText,
  visitStepOpen,
} from "./visit";

// 15:40Z on Nov 26 is 10:40 AM in Charlotte (EST, UTC-5).
const none: ArrivalView = {
  stage: null,
  onTheWayAt: null,
  etaAt: null,
  arrivedAt: null,
  workStartedAt: null,
};
const onTheWay: ArrivalView = {
  ...none,
  stage: "on_the_way",
  onTheWayAt: "2026-11-26T15:10:00.000Z",
  etaAt: "2026-11-26T15:40:00.000Z",
};
const arrived: ArrivalView = { ...onTheWay, stage: "arrived", arrivedAt: "2026-11-26T15:42:00.000Z" };
const working: ArrivalView = { ...arrived, stage: "working", workStartedAt: "2026-11-26T15:45:00.000Z" };

describe("clockTime", () => {
  it("reads Charlotte's clock, daylight saving included", () => {
    expect(clockTime("2026-11-26T15:40:00.000Z")).toBe("10:40 AM");
    expect(clockTime("2026-07-01T14:05:00.000Z")).toBe("10:05 AM");
  });
});

describe("visitStageText", () => {
  it("says nothing before 'On my way'", () => {
    expect(visitStageText(undefined)).toBeNull();
    expect(visitStageText(none)).toBeNull();
  });

  it("gives the stage and its time", () => {
    expect(visitStageText(onTheWay)).toBe("On the way · arriving about 10:40 AM");
    expect(visitStageText(arrived)).toBe("Arrived 10:42 AM");
    expect(visitStageText(working)).toBe("Work started 10:45 AM");
  });

  it("gives the stage alone when its time is missing", () => {
    expect(visitStageText({ ...none, stage: "on_the_way" })).toBe("On the way");
  });
});

describe("arrivalSentence", () => {
  it("names who is coming", () => {
    expect(arrivalSentence(onTheWay, "Carlos Mendoza")).toBe(
      "Carlos is on the way, arriving about 10:40 AM.",
    );
    expect(arrivalSentence(arrived, "Carlos Mendoza")).toBe("Carlos arrived at 10:42 AM.");
    expect(arrivalSentence(arrived, "Queen City Lawn Care · Carlos Mendoza")).toBe(
      "Carlos from Queen City Lawn Care arrived at 10:42 AM.",
    );
    expect(arrivalSentence(working, null)).toBe("Your landscaper started the work at 10:45 AM.");
    expect(arrivalSentence(none, "Carlos Mendoza")).toBeNull();
  });
});

describe("nextVisitStep", () => {
  it("walks on my way, arrived, work started, then nothing", () => {
    expect(nextVisitStep(undefined)).toBe("on-my-way");
    expect(nextVisitStep(none)).toBe("on-my-way");
    expect(nextVisitStep(onTheWay)).toBe("arrived");
    expect(nextVisitStep(arrived)).toBe("start-work");
    expect(nextVisitStep(working)).toBeNull();
  });
});

describe("photoTimeText", () => {
  it("prefers the time the camera took it", () => {
    expect(
      photoTimeText({ takenAt: "2026-11-26T15:42:00.000Z", uploadedAt: "2026-11-26T16:00:00.000Z" }),
    ).toBe("Taken Nov 26, 10:42 AM");
    expect(photoTimeText({ takenAt: null, uploadedAt: "2026-11-26T16:00:00.000Z" })).toBe(
      "Uploaded Nov 26, 11:00 AM",
    );
  });
});

describe("visitStepOpen", () => {
  const job = { status: "scheduled" as const, scheduledDate: "2026-11-26", arrival: none };
  it("opens on the visit's day (or a later one) until the work has started", () => {
    expect(visitStepOpen(job, "2026-11-26")).toBe(true);
    expect(visitStepOpen(job, "2026-11-27")).toBe(true);
    expect(visitStepOpen({ ...job, arrival: arrived }, "2026-11-26")).toBe(true);
    expect(visitStepOpen({ ...job, arrival: working }, "2026-11-26")).toBe(false);
  });

  it("stays shut before the day and off scheduled jobs", () => {
    expect(visitStepOpen(job, "2026-11-25")).toBe(false);
    expect(visitStepOpen({ ...job, status: "completed" }, "2026-11-26")).toBe(false);
    expect(visitStepOpen({ ...job, scheduledDate: null }, "2026-11-26")).toBe(false);
  });
});
