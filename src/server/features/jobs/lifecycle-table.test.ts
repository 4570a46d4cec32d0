import { describe, expect, it } from "vitest";
import { jobStatuses } from "../../../shared/jobs.js";
import { assertAllowed, type JobAction, transitions } from "./lifecycle.js";

describe("the job lifecycle table", () => {
  const actions = Object.keys(transitions) as JobAction[];

  it("names every action a screen offers, each from real statuses to a real one or none", () => {
    expect(actions.sort()).toEqual([
      "accept",
      "approve",
      "approve_work",
      "cancel",
      "complete",
      "decline",
      "rate",
      "reconsider",
      "refund",
      "release_payment",
      "report_problem",
      "withdraw",
    ]);
    for (const action of actions) {
      const rule = transitions[action];
      for (const from of rule.from) expect(jobStatuses).toContain(from);
      if (rule.to) expect(jobStatuses).toContain(rule.to);
      else expect("event" in rule && rule.event).toBeTruthy();
    }
  });

  it("lets only the money's steps and a rating touch a completed job, and only a refund a cancelled one", () => {
    const from = (status: (typeof jobStatuses)[number]) =>
      actions.filter((action) => (transitions[action].from as readonly string[]).includes(status));
    expect(from("completed").sort()).toEqual([
      "approve_work",
      "rate",
      "refund",
      "release_payment",
      "report_problem",
    ]);
    expect(from("cancelled")).toEqual(["refund"]);
    expect(() => assertAllowed("cancel", { status: "completed" })).toThrow(/can no longer be cancelled/);
    expect(() => assertAllowed("decline", { status: "accepted" })).toThrow(/can no longer be declined/);
  });
});
