import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import { type JobStatus, jobStatuses } from "../../../shared/jobs.js";
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
    expect(accepted.message).toBe("Offer sent. The customer has been asked to approve your price and date.");
    expect((await expectOk(await act(w.customer, "approve", id))).job.status).toBe("scheduled");
    // Above the agreed $84.50: a request the customer answers; the agreed price stands until then.
    const completed = await expectOk(
      await act(w.pro, "complete", id, { finalPrice: "92.25", reason: "Extra edging" }),
    );
    expect(completed.job).toMatchObject({
      status: "completed",
      finalPriceCents: 8450,
      priceRequest: { requestedCents: 9225, reason: "Extra edging", answer: "pending" },
    });
    await w.approveWork(id);
    const rated = await expectOk(
      await act(w.customer, "rate", id, {
        rating: 4,
        punctuality: 5,
        communication: 4,
        tip: 12,
        comment: "Tidy work",
      }),
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
      ["completed", "work_approved"],
      ["completed", "rated"],
    ]);
    expect(events[1]!.actorId).toBe(w.pro.id);
    expect(events[2]!.actorId).toBe(w.customer.id);
  });

  /** Customers and admins may cancel a job until it is done. */
  const cancellable = { pending: "cancelled", accepted: "cancelled", scheduled: "cancelled" } as const;
  /** The 409 message naming the state a job is in and the move it no longer allows. */
  const tooLate = (status: JobStatus, verb: string) => `This job is ${status} and can no longer be ${verb}.`;

  /**
   * Every action from every status. `ok` is the status after a legal move; otherwise the 409 message.
   * The landscaper is the one the job is (or would be) assigned to, the customer its owner.
   * Each move names the statuses it is legal from (and what they become) and any refusal with a message of its
   * own; from every other status it is refused with `tooLate`, so no status can be left out of the matrix.
   */
  const moves: {
    who: "pro" | "customer" | "admin";
    action: Action;
    verb: string;
    legal: Partial<Record<JobStatus, JobStatus>>;
    refusals?: Partial<Record<JobStatus, string>>;
  }[] = [
    { who: "pro", action: "accept", verb: "accepted", legal: { pending: "accepted" } },
    { who: "pro", action: "decline", verb: "declined", legal: { pending: "pending" } },
    {
      who: "pro",
      action: "complete",
      verb: "completed",
      legal: { scheduled: "completed" },
      refusals: { pending: notAcceptedYet, accepted: notApprovedYet },
    },
    { who: "customer", action: "approve", verb: "approved", legal: { accepted: "scheduled" } },
    { who: "customer", action: "cancel", verb: "cancelled", legal: cancellable },
    { who: "customer", action: "rate", verb: "rated", legal: { completed: "completed" } },
    { who: "admin", action: "cancel", verb: "cancelled", legal: cancellable },
  ];
  const matrix = moves.flatMap(({ who, action, verb, legal, refusals }) =>
    jobStatuses.map((from) => {
      const ok = legal[from];
      return { who, action, from, ok, error: ok ? undefined : (refusals?.[from] ?? tooLate(from, verb)) };
    }),
  );

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
      expect(response.json().error.message).toBe(tooLate("cancelled", verb));
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
