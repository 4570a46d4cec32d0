import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import type { JobStatus } from "../../../shared/jobs.js";
import { jobEvent } from "../../db/schema.js";
import { createJob } from "../../test/landscaper-helpers.js";
import {
  type Action,
  notAcceptedYet,
  notApprovedYet,
  useLifecycleWorld,
} from "../../test/lifecycle-world.js";

/**
 * The whole job state machine through the HTTP API: each legal move, each illegal one (409, a message naming
 * the state, and nothing changed).
 */
describe("job lifecycle", () => {
  const w = useLifecycleWorld();
  const { act, expectOk, jobIn, snapshot, statusOf } = w;

  it("runs the whole life of a job: request, accept, approve, complete, rate", async () => {
    const id = await jobIn("pending");
    const accepted = await expectOk(
      await act(w.pro, "accept", id, { price: 84.5, scheduledDate: daysFromToday(9) }),
    );
    expect(accepted.job).toMatchObject({
      status: "accepted",
      quotedPriceCents: 8450,
      scheduledDate: daysFromToday(9),
    });
    expect(accepted.message).toBe(
      "Job accepted. The customer has been asked to approve your price and date.",
    );
    expect((await expectOk(await act(w.customer, "approve", id))).job.status).toBe("scheduled");
    const completed = await expectOk(await act(w.pro, "complete", id, { finalPrice: "92.25" }));
    expect(completed.job).toMatchObject({ status: "completed", finalPriceCents: 9225 });
    const rated = await expectOk(
      await act(w.customer, "rate", id, { rating: 4, tip: 12, comment: "Tidy work" }),
    );
    expect(rated.job).toMatchObject({ status: "completed", rating: 4, tipCents: 1200 });

    const events = await w.t.database.db
      .select()
      .from(jobEvent)
      .where(eq(jobEvent.jobId, id))
      .orderBy(jobEvent.createdAt);
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, "pending"],
      ["pending", "accepted"],
      ["accepted", "scheduled"],
      ["scheduled", "completed"],
      ["completed", "rated"],
    ]);
    expect(events[1]!.actorId).toBe(w.pro.id);
    expect(events[2]!.actorId).toBe(w.customer.id);
  });

  /**
   * Every action from every status. `ok` is the status after a legal move; otherwise the 409 message.
   * The landscaper is the one the job is (or would be) assigned to, the customer its owner.
   */
  const matrix: {
    who: "pro" | "customer" | "admin";
    action: Action;
    from: JobStatus;
    ok?: JobStatus;
    error?: string;
  }[] = [
    { who: "pro", action: "accept", from: "pending", ok: "accepted" },
    {
      who: "pro",
      action: "accept",
      from: "accepted",
      error: "This job is accepted and can no longer be accepted.",
    },
    {
      who: "pro",
      action: "accept",
      from: "scheduled",
      error: "This job is scheduled and can no longer be accepted.",
    },
    {
      who: "pro",
      action: "accept",
      from: "completed",
      error: "This job is completed and can no longer be accepted.",
    },
    {
      who: "pro",
      action: "accept",
      from: "cancelled",
      error: "This job is cancelled and can no longer be accepted.",
    },

    { who: "pro", action: "decline", from: "pending", ok: "pending" },
    {
      who: "pro",
      action: "decline",
      from: "accepted",
      error: "This job is accepted and can no longer be declined.",
    },
    {
      who: "pro",
      action: "decline",
      from: "scheduled",
      error: "This job is scheduled and can no longer be declined.",
    },
    {
      who: "pro",
      action: "decline",
      from: "completed",
      error: "This job is completed and can no longer be declined.",
    },
    {
      who: "pro",
      action: "decline",
      from: "cancelled",
      error: "This job is cancelled and can no longer be declined.",
    },

    { who: "pro", action: "complete", from: "pending", error: notAcceptedYet },
    { who: "pro", action: "complete", from: "accepted", error: notApprovedYet },
    { who: "pro", action: "complete", from: "scheduled", ok: "completed" },
    {
      who: "pro",
      action: "complete",
      from: "completed",
      error: "This job is completed and can no longer be completed.",
    },
    {
      who: "pro",
      action: "complete",
      from: "cancelled",
      error: "This job is cancelled and can no longer be completed.",
    },

    {
      who: "customer",
      action: "approve",
      from: "pending",
      error: "This job is pending and can no longer be approved.",
    },
    { who: "customer", action: "approve", from: "accepted", ok: "scheduled" },
    {
      who: "customer",
      action: "approve",
      from: "scheduled",
      error: "This job is scheduled and can no longer be approved.",
    },
    {
      who: "customer",
      action: "approve",
      from: "completed",
      error: "This job is completed and can no longer be approved.",
    },
    {
      who: "customer",
      action: "approve",
      from: "cancelled",
      error: "This job is cancelled and can no longer be approved.",
    },

    { who: "customer", action: "cancel", from: "pending", ok: "cancelled" },
    { who: "customer", action: "cancel", from: "accepted", ok: "cancelled" },
    { who: "customer", action: "cancel", from: "scheduled", ok: "cancelled" },
    {
      who: "customer",
      action: "cancel",
      from: "completed",
      error: "This job is completed and can no longer be cancelled.",
    },
    {
      who: "customer",
      action: "cancel",
      from: "cancelled",
      error: "This job is cancelled and can no longer be cancelled.",
    },

    {
      who: "customer",
      action: "rate",
      from: "pending",
      error: "This job is pending and can no longer be rated.",
    },
    {
      who: "customer",
      action: "rate",
      from: "accepted",
      error: "This job is accepted and can no longer be rated.",
    },
    {
      who: "customer",
      action: "rate",
      from: "scheduled",
      error: "This job is scheduled and can no longer be rated.",
    },
    { who: "customer", action: "rate", from: "completed", ok: "completed" },
    {
      who: "customer",
      action: "rate",
      from: "cancelled",
      error: "This job is cancelled and can no longer be rated.",
    },

    { who: "admin", action: "cancel", from: "pending", ok: "cancelled" },
    { who: "admin", action: "cancel", from: "accepted", ok: "cancelled" },
    { who: "admin", action: "cancel", from: "scheduled", ok: "cancelled" },
    {
      who: "admin",
      action: "cancel",
      from: "completed",
      error: "This job is completed and can no longer be cancelled.",
    },
    {
      who: "admin",
      action: "cancel",
      from: "cancelled",
      error: "This job is cancelled and can no longer be cancelled.",
    },
  ];

  it.each(matrix)("$who: $action from $from", async ({ who, action, from, ok, error }) => {
    const caller = w[who];
    const id = await jobIn(from);
    const before = await snapshot(id);
    const response = await act(caller, action, id);
    if (ok) {
      expect(response.statusCode, response.body).toBe(200);
      expect(await statusOf(id)).toBe(ok);
      const after = await snapshot(id);
      expect(after.events).toBe(before.events + 1);
    } else {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error).toEqual({ code: "conflict", message: error });
      expect(await snapshot(id)).toEqual(before);
    }
  });

  it("a job cancelled before anyone took it can no longer be accepted or declined", async () => {
    const id = await createJob(w.t.app, { cookie: w.customer.cookie, zipCode: "28202" });
    await expectOk(await act(w.admin, "cancel", id));
    const before = await snapshot(id);
    for (const [action, verb] of [
      ["accept", "accepted"],
      ["decline", "declined"],
    ] as const) {
      const response = await act(w.rival, action, id);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(`This job is cancelled and can no longer be ${verb}.`);
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it("a job can be rated once", async () => {
    const id = await jobIn("completed");
    await expectOk(await act(w.customer, "rate", id));
    const before = await snapshot(id);
    const again = await act(w.customer, "rate", id, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("You have already rated this job.");
    expect(await snapshot(id)).toEqual(before);
  });
});
