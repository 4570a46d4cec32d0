import { describe, expect, it } from "vitest";
import { jobStatuses } from "../../../shared/jobs.js";
import { assertAllowed, type JobAction, transitions } from "./lifecycle.js";

describe("the job lifecycle table", () => {
  const actions = Object.keys(transitions) as JobAction[];

  it("names every action a screen offers, each from real statuses to a real one or none", () => {
    expect(actions.sort()).toEqual([
      "accept",
      "approve",
      "approve_price_change",
      "approve_work",
      "arrived",
      "ask_price_change",
      "assign_pro",
      "book",
      "book_offer",
      "cancel",
      "complete",
      "decline",
      "decline_assignment",
      "decline_day",
      "decline_price_change",
      "decline_redo",
      "flag_needs_pro",
      "leave_after_price_decline",
      "miss",
      "move_visit",
      "offer",
      "offer_redo",
      "on_my_way",
      "rate",
      "reannounce",
      "reassign",
      "reconsider",
      "redo",
      "refund",
      "release",
      "release_payment",
      "reoffer",
      "report_problem",
      "resolve",
      "start_work",
      "tell_customer",
      "withdraw",
      "withdraw_offer",
      "withdraw_price_change",
    ]);
    for (const action of actions) {
      const rule = transitions[action];
      for (const from of rule.from) expect(jobStatuses).toContain(from);
      if (rule.to) expect(jobStatuses).toContain(rule.to);
      else expect("event" in rule && rule.event).toBeTruthy();
    }
  });

  it("lets only the money's and dispute's steps and a rating touch a completed job, and only a refund a cancelled one", () => {
    const from = (status: (typeof jobStatuses)[number]) =>
      actions.filter((action) => (transitions[action].from as readonly string[]).includes(status));
    expect(from("completed").sort()).toEqual([
      "approve_work",
      "decline_redo",
      "offer_redo",
      "rate",
      "redo",
      "refund",
      "release_payment",
      "report_problem",
      "resolve",
    ]);
    // Only a redo takes a completed job back (to scheduled, for visit 2).
    expect(
      actions.filter((a) => transitions[a].from.includes("completed" as never) && transitions[a].to),
    ).toEqual(["redo"]);
    expect(from("cancelled")).toEqual(["refund"]);
    // The late lock-out takes a scheduled visit back to the queue, recorded by its own name (not a withdrawal).
    expect(transitions.miss).toMatchObject({ from: ["scheduled"], to: "pending", event: "missed" });
    // Leaving after the customer declined a price change, likewise: the record counts 'pending' alone.
    expect(transitions.leave_after_price_decline).toMatchObject({
      to: "pending",
      event: "left_after_price_declined",
    });
    // A pro's release of an instant booking (issue 35): by its own name, which the record counts as a withdrawal.
    expect(transitions.release).toMatchObject({ from: ["scheduled"], to: "pending", event: "released" });
    expect(transitions.book).toMatchObject({ from: ["pending"], to: "scheduled" });
    expect(() => assertAllowed("cancel", { status: "completed" })).toThrow(/can no longer be cancelled/);
    expect(() => assertAllowed("decline", { status: "accepted" })).toThrow(/can no longer be declined/);
  });
});
