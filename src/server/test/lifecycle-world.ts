import { count, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { JobStatus } from "../../shared/jobs.js";
import { job, jobDecline, jobEvent } from "../db/schema.js";
import { signUp, signUpAs } from "./accounts-helpers.js";
import { buildTestApp, readThrough, useFixture } from "./build-test-app.js";
import { createJob, createLandscaper } from "./landscaper-helpers.js";
import { saveCard } from "./payment-helpers.js";
import { addPhotos } from "./photo-helpers.js";

/** What completing too early answers (the generic "can no longer" would be wrong: it can, later). */
export const notAcceptedYet = "This job has not been accepted yet, so it cannot be completed.";
export const notApprovedYet = "The customer has not approved this job yet, so it cannot be completed.";

export type Action = "accept" | "decline" | "undo-decline" | "complete" | "approve" | "cancel" | "rate";

export const bodies: Record<Action, Record<string, unknown>> = {
  accept: { price: 85 },
  decline: {},
  "undo-decline": {},
  complete: { finalPrice: 85 },
  approve: {},
  cancel: { reason: "Plans changed" },
  rate: { rating: 5, punctuality: 5, communication: 5, tip: 10 },
};

/**
 * The lifecycle tests' world: one app, a customer, two approved landscapers in 28202 and an admin, with
 * helpers that act through the HTTP API and read what the database holds.
 */
export async function lifecycleWorld() {
  const t = await buildTestApp({ MASTER_EMAILS: "master@lifecycle.test" });
  const customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
  await saveCard(t.app, customer.cookie);
  const pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Carlos Mendoza" });
  const rival = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Rita Rival" });
  const admin = await signUpAs(t.app, t.database, "admin");

  const act = async (
    who: { cookie: string },
    action: Action,
    id: string,
    body: Record<string, unknown> = bodies[action],
  ) => {
    // Completing needs a photo of the work first: whoever completes tries to add one, as the screen does
    // (the server refuses it to anyone but the job's landscaper on a scheduled visit, and the test sees why).
    if (action === "complete") await addPhotos(t.app, who.cookie, id).catch(() => undefined);
    return t.app.inject({
      method: "POST",
      url: `/api/jobs/${id}/${action}`,
      headers: { cookie: who.cookie },
      payload: body,
    });
  };

  async function expectOk(response: Awaited<ReturnType<typeof act>>) {
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /**
   * A new job of `customer`, driven through the API to `status` (cancelled: by the customer, once accepted;
   * completed: with its work approved).
   */
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
    // Done and its work approved, so its price is charged: what a rating (a review, issue 36) needs.
    await approveWork(id);
    return id;
  }

  /** The customer approves the finished work at the agreed price: it is charged. */
  async function approveWork(id: string) {
    await expectOk(
      await t.app.inject({
        method: "POST",
        url: `/api/jobs/${id}/approve-work`,
        headers: { cookie: customer.cookie },
        payload: {},
      }),
    );
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

  return { t, customer, pro, rival, admin, act, expectOk, jobIn, approveWork, snapshot, statusOf };
}
export type LifecycleWorld = Awaited<ReturnType<typeof lifecycleWorld>>;

/**
 * The world for one describe block, built in beforeAll and closed in afterAll. Its people and `t` are read
 * through `w.customer`, `w.t` and so on inside hooks and tests; its helpers can be taken apart at once
 * (`const { act, jobIn } = w`), since they look the world up when called.
 */
export function useLifecycleWorld() {
  const world = useFixture(lifecycleWorld, (w) => w.t.close());
  return Object.assign(readThrough(world, ["t", "customer", "pro", "rival", "admin"]), {
    act: ((...args) => world().act(...args)) as LifecycleWorld["act"],
    expectOk: ((response) => world().expectOk(response)) as LifecycleWorld["expectOk"],
    jobIn: ((status) => world().jobIn(status)) as LifecycleWorld["jobIn"],
    approveWork: ((id) => world().approveWork(id)) as LifecycleWorld["approveWork"],
    snapshot: ((id) => world().snapshot(id)) as LifecycleWorld["snapshot"],
    statusOf: ((id) => world().statusOf(id)) as LifecycleWorld["statusOf"],
  });
}
