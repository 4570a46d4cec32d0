import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday, formatCharlotteClock } from "../../../shared/dates.js";
import { fieldTexts } from "../../../shared/field.js";
import { fieldActionKey, jobEvent, jobPhoto, notification } from "../../db/schema.js";
import type { SignedUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { jobCast } from "../../test/cast-helpers.js";
import { createJob, multipart } from "../../test/landscaper-helpers.js";
import { cameraJpeg } from "../../test/photo-helpers.js";
import { forgetOldFieldKeys } from "../jobs/index.js";

/**
 * Field actions sent later by a phone that was offline (issue 37): each keeps the time it happened (within
 * bounds), a repeat under the same key answers the first answer without doing it twice, and an action the
 * job no longer allows is refused with a message the phone shows.
 */
describe("field actions sent from a phone that was offline", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let pro: { id: string; cookie: string };

  beforeAll(async () => {
    ({ customer, pro } = await jobCast(t));
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}, key?: string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { cookie: who.cookie, ...(key ? { "idempotency-key": key } : {}) },
      payload,
    });

  async function scheduledToday() {
    const id = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    const accept = await post(pro, `/api/jobs/${id}/accept`, { price: 120, scheduledDate: daysFromToday(0) });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
    return id;
  }
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const customerArrival = async (id: string) => {
    const list = (
      await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } })
    ).json().jobs as { id: string; arrival: Record<string, string | null> }[];
    return list.find((j) => j.id === id)!.arrival;
  };

  it("keeps each step's own time: the customer sees when it happened, not when it arrived", async () => {
    const id = await scheduledToday();
    const setOff = minutesAgo(50);
    const arrived = minutesAgo(31);
    const started = minutesAgo(30);
    const onWay = await post(pro, `/api/jobs/${id}/on-my-way`, {
      etaMinutes: 30,
      occurredAt: setOff.toISOString(),
    });
    expect(onWay.statusCode, onWay.body).toBe(200);
    // The ETA counts from when the landscaper set off.
    expect(new Date(onWay.json().job.arrival.etaAt).getTime()).toBe(setOff.getTime() + 30 * 60_000);
    expect(
      (await post(pro, `/api/jobs/${id}/arrived`, { occurredAt: arrived.toISOString() })).statusCode,
    ).toBe(200);
    expect(
      (await post(pro, `/api/jobs/${id}/start-work`, { occurredAt: started.toISOString() })).statusCode,
    ).toBe(200);
    const arrival = await customerArrival(id);
    expect(arrival.onTheWayAt).toBe(setOff.toISOString());
    expect(arrival.arrivedAt).toBe(arrived.toISOString());
    expect(arrival.workStartedAt).toBe(started.toISOString());
    const told = await t.database.db.select().from(notification).where(eq(notification.userId, customer.id));
    expect(told.some((n) => n.message.endsWith(`has arrived (${formatCharlotteClock(arrived)}).`))).toBe(
      true,
    );
  });

  it("keeps a wrong phone clock within bounds: never later than it arrived, never before the step it follows", async () => {
    const id = await scheduledToday();
    const before = Date.now();
    const ahead = new Date(Date.now() + 3 * 3_600_000).toISOString();
    expect(
      (await post(pro, `/api/jobs/${id}/on-my-way`, { etaMinutes: 15, occurredAt: ahead })).statusCode,
    ).toBe(200);
    const setOff = new Date((await customerArrival(id)).onTheWayAt!).getTime();
    expect(setOff).toBeGreaterThanOrEqual(before);
    expect(setOff).toBeLessThanOrEqual(Date.now());
    // An arrival "before" setting off is counted at setting off; three days ago likewise.
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString();
    expect((await post(pro, `/api/jobs/${id}/arrived`, { occurredAt: past })).statusCode).toBe(200);
    expect((await customerArrival(id)).arrivedAt).toBe(new Date(setOff).toISOString());
    // Not a time at all: refused, naming the field, and nothing changes.
    const bad = await post(pro, `/api/jobs/${id}/start-work`, { occurredAt: "yesterday-ish" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.occurredAt).toBe("Give the time as an ISO date and time.");
    expect((await customerArrival(id)).workStartedAt).toBeNull();
  });

  it("answers a repeat under the same key with the first answer, doing it once", async () => {
    const id = await scheduledToday();
    const key = `arrive-${id}`;
    const first = await post(pro, `/api/jobs/${id}/arrived`, {}, key);
    const again = await post(pro, `/api/jobs/${id}/arrived`, {}, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const events = await t.database.db
      .select()
      .from(jobEvent)
      .where(and(eq(jobEvent.jobId, id), eq(jobEvent.toStatus, "scheduled")));
    // Without a key the same step is refused as done already; with the key used for another step, refused.
    expect((await post(pro, `/api/jobs/${id}/arrived`)).statusCode).toBe(409);
    const reused = await post(pro, `/api/jobs/${id}/start-work`, {}, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toBe(fieldTexts.keyReused);
    expect(
      (
        await t.database.db
          .select()
          .from(jobEvent)
          .where(and(eq(jobEvent.jobId, id), eq(jobEvent.toStatus, "scheduled")))
      ).length,
    ).toBe(events.length);
    // A malformed key is refused before anything runs.
    const malformed = await post(pro, `/api/jobs/${id}/start-work`, {}, "short");
    expect(malformed.statusCode).toBe(400);
    expect((await customerArrival(id)).workStartedAt).toBeNull();
  });

  it("adds photos sent twice under one key once, and a failed action leaves the key free", async () => {
    const id = await scheduledToday();
    const upload = async () => {
      const body = multipart([
        { name: "kind", value: "after" },
        { name: "photo1", value: await cameraJpeg(), filename: "IMG_1.jpg", contentType: "image/jpeg" },
      ]);
      return t.app.inject({
        method: "POST",
        url: `/api/jobs/${id}/photos`,
        headers: { cookie: pro.cookie, "idempotency-key": `photos-${id}`, ...body.headers },
        payload: body.payload,
      });
    };
    const first = await upload();
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe("These photos were already added.");
    expect((await t.database.db.select().from(jobPhoto).where(eq(jobPhoto.jobId, id))).length).toBe(1);

    // A completion refused (a price over the limit) claims nothing: the same key then completes.
    const key = `complete-${id}`;
    const refused = await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 100000 }, key);
    expect(refused.statusCode).toBe(400);
    const doneAt = minutesAgo(12);
    const done = await post(
      pro,
      `/api/jobs/${id}/complete`,
      { finalPrice: 120, occurredAt: doneAt.toISOString() },
      key,
    );
    expect(done.statusCode, done.body).toBe(200);
    // The 48 hours to approve count from when the customer is told; the phone's time is on the record.
    expect(Date.now() - new Date(done.json().job.completedAt).getTime()).toBeLessThan(60_000);
    const [event] = await t.database.db
      .select()
      .from(jobEvent)
      .where(and(eq(jobEvent.jobId, id), eq(jobEvent.toStatus, "completed")));
    expect(event?.note).toBe(`Marked done on the phone at ${formatCharlotteClock(doneAt)}`);
    const keys = await t.database.db.select().from(fieldActionKey).where(eq(fieldActionKey.jobId, id));
    expect(keys.map((k) => k.key).sort()).toEqual([key, `photos-${id}`].sort());
  });

  it("refuses a step the customer's cancellation overtook, with a message the phone can show", async () => {
    const id = await scheduledToday();
    const cancel = await post(customer, `/api/jobs/${id}/cancel`, { reason: "Away", acceptedFeeCents: 2500 });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const late = await post(
      pro,
      `/api/jobs/${id}/on-my-way`,
      { etaMinutes: 15, occurredAt: minutesAgo(5).toISOString() },
      `late-${id}`,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/cancel/i);
    expect(
      (await t.database.db.select().from(fieldActionKey).where(eq(fieldActionKey.jobId, id))).length,
    ).toBe(0);
  });

  it("forgets keys after 30 days, and only those", async () => {
    const id = await scheduledToday();
    expect((await post(pro, `/api/jobs/${id}/arrived`, {}, `old-${id}`)).statusCode).toBe(200);
    expect((await post(pro, `/api/jobs/${id}/start-work`, {}, `new-${id}`)).statusCode).toBe(200);
    await t.database.db
      .update(fieldActionKey)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(fieldActionKey.key, `old-${id}`));
    await forgetOldFieldKeys(t.database.db);
    const left = await t.database.db.select().from(fieldActionKey).where(eq(fieldActionKey.jobId, id));
    expect(left.map((k) => k.key)).toEqual([`new-${id}`]);
  });
});
