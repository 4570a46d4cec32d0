import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import type { LandscaperJobsAnswer } from "../../../shared/job-queue.js";
import { jobMessages } from "../../../shared/jobs.js";
import { jobEvent } from "../../db/schema.js";
import { ROLE_NOT_ALLOWED } from "../../plugins/access.js";
import { type SignedUp, signUp } from "../../test/accounts-helpers.js";
import { expectFieldErrors } from "../../test/field-errors.js";
import { createJob, createLandscaper } from "../../test/landscaper-helpers.js";
import { type Action, useLifecycleWorld } from "../../test/lifecycle-world.js";

/** Who may do what to a job, the race for one, the queue a landscaper sees, and the input each action takes. */
describe("job lifecycle: roles, races and the queue", () => {
  const w = useLifecycleWorld();
  const { act, expectOk, jobIn, snapshot, statusOf } = w;

  it("refuses each role the other roles' actions (403) and strangers someone else's job (404)", async () => {
    const pending = await jobIn("pending");
    const accepted = await jobIn("accepted");
    const scheduled = await jobIn("scheduled");
    const roleRefusals: [SignedUp, Action, string][] = [
      [w.customer, "accept", pending],
      [w.customer, "decline", pending],
      [w.customer, "complete", scheduled],
      [w.pro, "approve", accepted],
      [w.pro, "cancel", pending],
      [w.pro, "rate", scheduled],
      [w.admin, "accept", pending],
      [w.admin, "approve", accepted],
      [w.admin, "complete", scheduled],
    ];
    for (const [who, action, id] of roleRefusals) {
      const before = await snapshot(id);
      const response = await act(who, action, id);
      expect(response.statusCode, `${action} by ${who.email}`).toBe(403);
      expect(response.json().error.code).toBe(ROLE_NOT_ALLOWED);
      expect(await snapshot(id)).toEqual(before);
    }

    const stranger = await signUp(w.t.app, { role: "customer" });
    for (const action of ["approve", "cancel"] as const) {
      const response = await act(stranger, action, accepted);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe("Job not found.");
    }
    // Another landscaper cannot complete a job that is not theirs.
    const notTheirs = await act(w.rival, "complete", scheduled);
    expect(notTheirs.statusCode).toBe(404);
    expect(await statusOf(scheduled)).toBe("scheduled");

    const visitor = await w.t.app.inject({
      method: "POST",
      url: `/api/jobs/${pending}/accept`,
      payload: { price: 50 },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it("gives a job to exactly one of 20 landscapers accepting at once", async () => {
    const contenders = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createLandscaper(w.t, { status: "approved", zips: ["28202"], name: `Racer ${i + 1}` }),
      ),
    );
    const id = await jobIn("pending");
    const responses = await Promise.all(
      contenders.map((c, i) => act(c, "accept", id, { price: 60 + i, scheduledDate: daysFromToday(3) })),
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
    const accepts = await w.t.database.db
      .select()
      .from(jobEvent)
      .where(and(eq(jobEvent.jobId, id), eq(jobEvent.toStatus, "accepted")));
    expect(accepts).toHaveLength(1);
    expect(accepts[0]!.actorId).toBe(winner.id);

    // A late accept says the same.
    const late = await act(w.pro, "accept", id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(jobMessages.takenByAnother);
  });

  it("refuses job actions to a landscaper who is not approved (403) and outside the service area", async () => {
    const id = await jobIn("pending");
    for (const status of ["pending", "denied"] as const) {
      const applicant = await createLandscaper(w.t, { status, zips: ["28202"] });
      for (const action of ["accept", "decline"] as const) {
        const response = await act(applicant, action, id);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe(jobMessages.notApproved);
      }
      const queue = await w.t.app.inject({
        url: "/api/landscaper/jobs",
        headers: { cookie: applicant.cookie },
      });
      expect(queue.json().jobs).toEqual([]);
    }
    const noProfile = await signUp(w.t.app, { role: "landscaper" });
    expect((await act(noProfile, "accept", id)).statusCode).toBe(403);

    const faraway = await createLandscaper(w.t, { status: "approved", zips: ["29401"], radius: 5 }); // Charleston
    const outside = await act(faraway, "accept", id);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.message).toBe("This job is outside your service area.");
    expect(await statusOf(id)).toBe("pending");
  });

  it("a decline hides nothing from others, moves the job to the decliner's declined list, and can be undone", async () => {
    const id = await jobIn("pending");
    const queueOf = async (who: SignedUp) => {
      const response = await w.t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: who.cookie } });
      expect(response.statusCode).toBe(200);
      return response.json() as LandscaperJobsAnswer;
    };
    const beforeDecline = await queueOf(w.pro);
    const declined = await expectOk(await act(w.pro, "decline", id));
    expect(declined.message).toBe("Job declined. It stays open for other landscapers.");
    // Declining twice is harmless: still one decline, one event.
    await expectOk(await act(w.pro, "decline", id));
    const { declines, events } = await snapshot(id);
    expect(declines).toBe(1);
    expect(events).toBe(2);

    // Out of the new requests and out of the total, into the declined list, which is counted apart.
    const mine = await queueOf(w.pro);
    expect(mine.jobs.find((j) => j.id === id)).toBeUndefined();
    expect(mine.declined.find((j) => j.id === id)).toMatchObject({
      status: "pending",
      declinedByMe: true,
      contactHidden: true,
      customerEmail: "",
    });
    expect(mine.stats.pending).toBe(beforeDecline.stats.pending - 1);
    expect(mine.stats.total).toBe(beforeDecline.stats.total - 1);
    expect(mine.stats.declined).toBe(beforeDecline.stats.declined + 1);
    expect(mine.stats.total).toBe(mine.stats.pending + mine.stats.accepted + mine.stats.completed);

    const theirs = await queueOf(w.rival);
    expect(theirs.jobs.find((j) => j.id === id)).toMatchObject({ status: "pending", declinedByMe: false });
    expect(await statusOf(id)).toBe("pending");

    // Undo: back among the new requests, one more event; undoing again changes nothing.
    const undone = await expectOk(await act(w.pro, "undo-decline", id));
    expect(undone.message).toBe("The job is back in your new requests.");
    expect(undone.job).toBeUndefined();
    await expectOk(await act(w.pro, "undo-decline", id));
    expect(await snapshot(id)).toMatchObject({ declines: 0, events: 3 });
    const again = await queueOf(w.pro);
    expect(again.jobs.find((j) => j.id === id)).toMatchObject({ declinedByMe: false });
    expect(again.stats).toEqual(beforeDecline.stats);

    // Changing one's mind after a decline: the decliner accepts, the rival no longer sees it, and a
    // decline or its undo on a job no longer open is refused.
    await expectOk(await act(w.pro, "decline", id));
    await expectOk(await act(w.pro, "accept", id));
    expect((await queueOf(w.pro)).jobs.find((j) => j.id === id)).toMatchObject({
      status: "accepted",
      declinedByMe: false,
    });
    expect((await queueOf(w.pro)).declined).toEqual([]);
    expect((await queueOf(w.rival)).jobs.find((j) => j.id === id)).toBeUndefined();
    const late = await act(w.pro, "undo-decline", id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      "This job is accepted and can no longer be taken back into your queue.",
    );
  });

  it("counts the queue: pending in the area, accepted/scheduled, completed", async () => {
    const counter = await createLandscaper(w.t, { status: "approved", zips: ["28210"], radius: 5 });
    const empty = await w.t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: counter.cookie } });
    expect(empty.json()).toEqual({
      jobs: [],
      stats: { total: 0, pending: 0, accepted: 0, completed: 0, cancelled: 0, declined: 0 },
      matching: 0,
      nextCursor: null,
      declined: [],
      distances: true,
      preview: false,
      seriesVisits: {},
      seriesVisitDates: {},
    });

    const ids = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(() => createJob(w.t.app, { cookie: w.customer.cookie, zipCode: "28210" })),
    );
    await expectOk(await act(counter, "accept", ids[1]!));
    await expectOk(await act(counter, "accept", ids[2]!));
    await expectOk(await act(w.customer, "approve", ids[2]!));
    await expectOk(await act(counter, "accept", ids[3]!));
    await expectOk(await act(w.customer, "approve", ids[3]!));
    await expectOk(await act(counter, "complete", ids[3]!));
    await expectOk(await act(counter, "decline", ids[4]!));
    await expectOk(await act(counter, "accept", ids[5]!));
    await expectOk(await act(w.customer, "cancel", ids[5]!, { reason: "Plans changed" }));
    const queue = await w.t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: counter.cookie } });
    // The tiles add up: total = pending + accepted + completed; declined and cancelled are counted apart.
    const answer = queue.json() as LandscaperJobsAnswer;
    expect(answer.stats).toEqual({
      total: 4,
      pending: 1,
      accepted: 2,
      completed: 1,
      cancelled: 1,
      declined: 1,
    });
    expect(answer.matching).toBe(4);
    expect(answer.jobs.map((j) => j.id).sort()).toEqual(ids.slice(0, 4).sort());
    expect(answer.declined.map((j) => j.id)).toEqual([ids[4]]);
  });

  it("validates the price and date of an accept and the final price of a completion", async () => {
    const id = await jobIn("pending");
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      // No firm price on this request: its landscaper names one.
      [{}, { price: "Price is required." }],
      [{ price: "abc" }, { price: "Price must be a number." }],
      [{ price: "  " }, { price: "Price is required." }],
      [{ price: 0.5 }, { price: "Price must be at least $1." }],
      [
        { price: 50, scheduledDate: daysFromToday(-1) },
        { scheduledDate: "Please choose today or a later date." },
      ],
      [{ price: 50, scheduledDate: "2026-02-30" }, { scheduledDate: "Choose a date." }],
    ];
    for (const [body, fields] of cases) {
      const response = await act(w.pro, "accept", id, body);
      expectFieldErrors(response, fields, JSON.stringify(body));
    }
    expect(await statusOf(id)).toBe("pending");

    const scheduled = await jobIn("scheduled");
    const bad = await act(w.pro, "complete", scheduled, { finalPrice: -5 });
    expectFieldErrors(bad, { finalPrice: "Final price must be at least $1." });
    expect(await statusOf(scheduled)).toBe("scheduled");
  });

  it("shows master users an empty preview of the queue and lets them act on nothing", async () => {
    const master = await signUp(w.t.app, { role: "customer", email: "master@lifecycle.test" });
    const queue = await w.t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: master.cookie } });
    expect(queue.json()).toEqual({
      jobs: [],
      stats: { total: 0, pending: 0, accepted: 0, completed: 0, cancelled: 0, declined: 0 },
      matching: 0,
      nextCursor: null,
      declined: [],
      distances: false,
      preview: true,
    });
    const id = await jobIn("pending");
    expect((await act(master, "accept", id)).statusCode).toBe(403);
  });
});
