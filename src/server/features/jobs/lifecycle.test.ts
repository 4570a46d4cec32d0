import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JobStatus, jobMessages } from "../../../shared/jobs.js";
import { job, jobDecline, jobEvent } from "../../db/schema.js";
import { ROLE_NOT_ALLOWED } from "../../plugins/access.js";
import { type SignedUp, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { buildTestApp, type TestApp } from "../../test/build-test-app.js";
import { addDays, createJob, createLandscaper } from "../landscapers/test-helpers.js";

/** What completing too early answers (the generic "can no longer" would be wrong: it can, later). */
const notAcceptedYet = "This job has not been accepted yet, so it cannot be completed.";
const notApprovedYet = "The customer has not approved this job yet, so it cannot be completed.";

type Action = "accept" | "decline" | "complete" | "approve" | "cancel" | "rate";

const bodies: Record<Action, Record<string, unknown>> = {
  accept: { price: 85 },
  decline: {},
  complete: { finalPrice: 90 },
  approve: {},
  cancel: { reason: "Plans changed" },
  rate: { rating: 5, tip: 10 },
};

/**
 * The whole job state machine through the HTTP API, for every role: each legal move, each illegal one
 * (409, a message naming the state, and nothing changed), the race for a job, and who sees what.
 */
describe("job lifecycle", () => {
  let t: TestApp;
  let customer: SignedUp;
  let pro: SignedUp;
  let rival: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    t = await buildTestApp({ MASTER_EMAILS: "master@lifecycle.test" });
    customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
    pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Carlos Mendoza" });
    rival = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Rita Rival" });
    admin = await signUpAs(t.app, t.database, "admin");
  });
  afterAll(async () => {
    await t.close();
  });

  const act = (
    who: { cookie: string },
    action: Action,
    id: string,
    body: Record<string, unknown> = bodies[action],
  ) =>
    t.app.inject({
      method: "POST",
      url: `/api/jobs/${id}/${action}`,
      headers: { cookie: who.cookie },
      payload: body,
    });

  async function expectOk(response: Awaited<ReturnType<typeof act>>) {
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** A new job of `customer`, driven through the API to `status` (cancelled: by the customer, once accepted). */
  async function jobIn(status: JobStatus): Promise<string> {
    const id = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    if (status === "pending") return id;
    await expectOk(await act(pro, "accept", id));
    if (status === "cancelled") {
      await expectOk(await act(customer, "cancel", id));
      return id;
    }
    if (status === "accepted") return id;
    await expectOk(await act(customer, "approve", id));
    if (status === "scheduled") return id;
    await expectOk(await act(pro, "complete", id));
    return id;
  }

  async function snapshot(id: string) {
    const [row] = await t.database.db.select().from(job).where(eq(job.id, id));
    const [events] = await t.database.db.select({ n: count() }).from(jobEvent).where(eq(jobEvent.jobId, id));
    const [declines] = await t.database.db
      .select({ n: count() })
      .from(jobDecline)
      .where(eq(jobDecline.jobId, id));
    return { row, events: events!.n, declines: declines!.n };
  }

  async function statusOf(id: string): Promise<JobStatus> {
    return (await snapshot(id)).row!.status;
  }

  it("runs the whole life of a job: request, accept, approve, complete, rate", async () => {
    const id = await jobIn("pending");
    const accepted = await expectOk(await act(pro, "accept", id, { price: 84.5, scheduledDate: addDays(9) }));
    expect(accepted.job).toMatchObject({
      status: "accepted",
      quotedPriceCents: 8450,
      scheduledDate: addDays(9),
    });
    expect(accepted.message).toBe(
      "Job accepted. The customer has been asked to approve your price and date.",
    );
    expect((await expectOk(await act(customer, "approve", id))).job.status).toBe("scheduled");
    const completed = await expectOk(await act(pro, "complete", id, { finalPrice: "92.25" }));
    expect(completed.job).toMatchObject({ status: "completed", finalPriceCents: 9225 });
    const rated = await expectOk(
      await act(customer, "rate", id, { rating: 4, tip: 12, comment: "Tidy work" }),
    );
    expect(rated.job).toMatchObject({ status: "completed", rating: 4, tipCents: 1200 });

    const events = await t.database.db
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
    expect(events[1]!.actorId).toBe(pro.id);
    expect(events[2]!.actorId).toBe(customer.id);
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
    const caller = { pro, customer, admin }[who];
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
    const id = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    await expectOk(await act(admin, "cancel", id));
    const before = await snapshot(id);
    for (const [action, verb] of [
      ["accept", "accepted"],
      ["decline", "declined"],
    ] as const) {
      const response = await act(rival, action, id);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(`This job is cancelled and can no longer be ${verb}.`);
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it("a job can be rated once", async () => {
    const id = await jobIn("completed");
    await expectOk(await act(customer, "rate", id));
    const before = await snapshot(id);
    const again = await act(customer, "rate", id, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("You have already rated this job.");
    expect(await snapshot(id)).toEqual(before);
  });

  it("refuses each role the other roles' actions (403) and strangers someone else's job (404)", async () => {
    const pending = await jobIn("pending");
    const accepted = await jobIn("accepted");
    const scheduled = await jobIn("scheduled");
    const roleRefusals: [SignedUp, Action, string][] = [
      [customer, "accept", pending],
      [customer, "decline", pending],
      [customer, "complete", scheduled],
      [pro, "approve", accepted],
      [pro, "cancel", pending],
      [pro, "rate", scheduled],
      [admin, "accept", pending],
      [admin, "approve", accepted],
      [admin, "complete", scheduled],
    ];
    for (const [who, action, id] of roleRefusals) {
      const before = await snapshot(id);
      const response = await act(who, action, id);
      expect(response.statusCode, `${action} by ${who.email}`).toBe(403);
      expect(response.json().error.code).toBe(ROLE_NOT_ALLOWED);
      expect(await snapshot(id)).toEqual(before);
    }

    const stranger = await signUp(t.app, { role: "customer" });
    for (const action of ["approve", "cancel"] as const) {
      const response = await act(stranger, action, accepted);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe("Job not found.");
    }
    // Another landscaper cannot complete a job that is not theirs.
    const notTheirs = await act(rival, "complete", scheduled);
    expect(notTheirs.statusCode).toBe(404);
    expect(await statusOf(scheduled)).toBe("scheduled");

    const visitor = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${pending}/accept`,
      payload: { price: 50 },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it("gives a job to exactly one of 20 landscapers accepting at once", async () => {
    const contenders = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createLandscaper(t, { status: "approved", zips: ["28202"], name: `Racer ${i + 1}` }),
      ),
    );
    const id = await jobIn("pending");
    const responses = await Promise.all(
      contenders.map((c, i) => act(c, "accept", id, { price: 60 + i, scheduledDate: addDays(3) })),
    );
    const winners = responses.filter((r) => r.statusCode === 200);
    const losers = responses.filter((r) => r.statusCode !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    for (const loser of losers) {
      expect(loser.statusCode).toBe(409);
      expect(loser.json().error.message).toBe("This job was just taken by another landscaper.");
    }
    const winner = contenders[responses.indexOf(winners[0]!)]!;
    const { row } = await snapshot(id);
    expect(row).toMatchObject({ status: "accepted", landscaperId: winner.id });
    const accepts = await t.database.db
      .select()
      .from(jobEvent)
      .where(and(eq(jobEvent.jobId, id), eq(jobEvent.toStatus, "accepted")));
    expect(accepts).toHaveLength(1);
    expect(accepts[0]!.actorId).toBe(winner.id);

    // A late accept says the same.
    const late = await act(pro, "accept", id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(jobMessages.takenByAnother);
  });

  it("refuses job actions to a landscaper who is not approved (403) and outside the service area", async () => {
    const id = await jobIn("pending");
    for (const status of ["pending", "denied"] as const) {
      const applicant = await createLandscaper(t, { status, zips: ["28202"] });
      for (const action of ["accept", "decline"] as const) {
        const response = await act(applicant, action, id);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe(jobMessages.notApproved);
      }
      const queue = await t.app.inject({
        url: "/api/landscaper/jobs",
        headers: { cookie: applicant.cookie },
      });
      expect(queue.json().jobs).toEqual([]);
    }
    const noProfile = await signUp(t.app, { role: "landscaper" });
    expect((await act(noProfile, "accept", id)).statusCode).toBe(403);

    const faraway = await createLandscaper(t, { status: "approved", zips: ["29401"], radius: 5 }); // Charleston
    const outside = await act(faraway, "accept", id);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.message).toBe("This job is outside your service area.");
    expect(await statusOf(id)).toBe("pending");
  });

  it("a decline hides nothing from others and flags the card for the decliner, who may still accept", async () => {
    const id = await jobIn("pending");
    const queueOf = async (who: SignedUp) => {
      const response = await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: who.cookie } });
      expect(response.statusCode).toBe(200);
      return response.json() as {
        jobs: { id: string; status: string; declinedByMe?: boolean }[];
        stats: { total: number; pending: number; accepted: number; completed: number };
        preview: boolean;
      };
    };
    const beforeDecline = await queueOf(pro);
    const declined = await expectOk(await act(pro, "decline", id));
    expect(declined.message).toBe("Job declined. It stays open for other landscapers.");
    // Declining twice is harmless: still one decline, one event.
    await expectOk(await act(pro, "decline", id));
    const { declines, events } = await snapshot(id);
    expect(declines).toBe(1);
    expect(events).toBe(2);

    const mine = await queueOf(pro);
    expect(mine.jobs.find((j) => j.id === id)).toMatchObject({ status: "pending", declinedByMe: true });
    expect(mine.stats.pending).toBe(beforeDecline.stats.pending - 1);
    expect(mine.stats.total).toBe(beforeDecline.stats.total);

    const theirs = await queueOf(rival);
    expect(theirs.jobs.find((j) => j.id === id)).toMatchObject({ status: "pending", declinedByMe: false });
    expect(await statusOf(id)).toBe("pending");

    // Changing one's mind: the decliner accepts, the flag goes, the rival no longer sees it.
    await expectOk(await act(pro, "accept", id));
    expect((await queueOf(pro)).jobs.find((j) => j.id === id)).toMatchObject({
      status: "accepted",
      declinedByMe: false,
    });
    expect((await queueOf(rival)).jobs.find((j) => j.id === id)).toBeUndefined();
  });

  it("counts the queue: pending in the area, accepted/scheduled, completed", async () => {
    const counter = await createLandscaper(t, { status: "approved", zips: ["28210"], radius: 5 });
    const empty = await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: counter.cookie } });
    expect(empty.json()).toEqual({
      jobs: [],
      stats: { total: 0, pending: 0, accepted: 0, completed: 0 },
      preview: false,
    });

    const ids = await Promise.all(
      [0, 1, 2, 3].map(() => createJob(t.app, { cookie: customer.cookie, zipCode: "28210" })),
    );
    await expectOk(await act(counter, "accept", ids[1]!));
    await expectOk(await act(counter, "accept", ids[2]!));
    await expectOk(await act(customer, "approve", ids[2]!));
    await expectOk(await act(counter, "accept", ids[3]!));
    await expectOk(await act(customer, "approve", ids[3]!));
    await expectOk(await act(counter, "complete", ids[3]!));
    const queue = await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: counter.cookie } });
    expect(queue.json().stats).toEqual({ total: 4, pending: 1, accepted: 2, completed: 1 });
  });

  it("validates the price and date of an accept and the final price of a completion", async () => {
    const id = await jobIn("pending");
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { price: "Price must be a number." }],
      [{ price: "abc" }, { price: "Price must be a number." }],
      [{ price: 0.5 }, { price: "Price must be at least $1." }],
      [{ price: 50, scheduledDate: addDays(-1) }, { scheduledDate: "Please choose today or a later date." }],
      [{ price: 50, scheduledDate: "2026-02-30" }, { scheduledDate: "Choose a date." }],
    ];
    for (const [body, fields] of cases) {
      const response = await act(pro, "accept", id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    }
    expect(await statusOf(id)).toBe("pending");

    const scheduled = await jobIn("scheduled");
    const bad = await act(pro, "complete", scheduled, { finalPrice: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ finalPrice: "Final price must be at least $1." });
    expect(await statusOf(scheduled)).toBe("scheduled");
  });

  it("shows master users an empty preview of the queue and lets them act on nothing", async () => {
    const master = await signUp(t.app, { role: "customer", email: "master@lifecycle.test" });
    const queue = await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: master.cookie } });
    expect(queue.json()).toEqual({
      jobs: [],
      stats: { total: 0, pending: 0, accepted: 0, completed: 0 },
      preview: true,
    });
    const id = await jobIn("pending");
    expect((await act(master, "accept", id)).statusCode).toBe(403);
  });
});
