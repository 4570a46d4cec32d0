import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import { waitMessages } from "../../../shared/nothing-waits.js";
import { jobLabel } from "../../../shared/services.js";
import { auditEntry, job, jobEvent, jobReach, outbox } from "../../db/schema.js";
import { type SignedUp, signUpAs } from "../../test/accounts-helpers.js";
import { bookingCustomer, EVERY_DAY, instantPro, putAvailability } from "../../test/booking-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper, type Landscaper } from "../../test/landscaper-helpers.js";
import { postQuote, validQuote } from "../../test/quote-helpers.js";
import { bellPage } from "../notifications/index.js";
import { runLateLockout } from "../series/index.js";
import { runEscalation } from "./escalation.js";
import { runReoffers } from "./reoffer.js";
import { fartherPros } from "./wider-ring.js";

/**
 * Nothing waits silently (issue 38): the 12 h re-announcement a step further out, the 24 h Needs a pro, the
 * re-offer of a visit a pro gave back at the same price, and our team's assign / tell actions. Each test has
 * its own town, so one test's pros are not near another's request; the passes take an injected clock.
 */
describe("nothing waits silently", () => {
  const t = useTestApp();
  let admin: SignedUp;
  const HOUR = 3_600_000;
  const later = (hours: number) => () => new Date(Date.now() + hours * HOUR);
  const escalate = (hours: number) => runEscalation({ db: t.database.db, env: t.env, now: later(hours) });
  const reoffer = (now?: () => Date) =>
    runReoffers({ db: t.database.db, env: t.env, ...(now ? { now } : {}) });

  beforeAll(async () => {
    admin = await signUpAs(t.app, t.database, "admin");
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
  const get = (who: { cookie: string }, url: string) =>
    t.app.inject({ url, headers: { cookie: who.cookie } });
  const rowOf = async (id: string) => (await t.database.db.select().from(job).where(eq(job.id, id)))[0]!;
  const eventsOf = async (id: string, name: string) =>
    t.database.db
      .select()
      .from(jobEvent)
      .where(and(eq(jobEvent.jobId, id), eq(jobEvent.toStatus, name)));
  const bell = async (userId: string) =>
    (await bellPage(t.database.db, { userId, limit: 100 })).items.map((n) => n.message);
  const mails = async (to: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to.toLowerCase()), eq(outbox.template, "request_update")));

  /** A signed-in customer's firm-priced one-time mow in `zip`, with a card saved. */
  async function request(zip: string, daysAhead = 7) {
    const customer = await bookingCustomer(
      t,
      `waits-${zip}-${Math.random().toString(36).slice(2)}@test.local`,
    );
    const response = await postQuote(
      t.app,
      validQuote({
        services: ["lawn-mowing"],
        sizeTier: "m",
        grassHeight: "normal",
        frequency: "one_time",
        preferredDate: daysFromToday(daysAhead),
        zipCode: zip,
        email: customer.email,
      }),
      customer.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    return { customer, id: response.json().quote.id as string };
  }

  it("re-announces once after 12 hours to the pros a step further out, those with room first, and tells the customer", async () => {
    const day = daysFromToday(7);
    const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
    const covering = await createLandscaper(t, { status: "approved", zips: ["28078"], radius: 5 });
    // 6.9 miles away with a 5-mile radius: a step wider (10) reaches the property, but they do not work that day.
    const nearFull = await createLandscaper(t, { status: "approved", zips: ["28035"], radius: 5 });
    await putAvailability(t, nearFull.cookie, { weekdays: EVERY_DAY.filter((d) => d !== dow) });
    // 7.2 miles, 5-mile radius, free every day: reached, and first.
    const room = await createLandscaper(t, { status: "approved", zips: ["28036"], radius: 5 });
    await putAvailability(t, room.cookie, {});
    // 14.3 miles: a 10-mile radius one step wider (15) reaches; a 5-mile one (10) does not.
    const wide = await createLandscaper(t, { status: "approved", zips: ["28027"], radius: 10 });
    await putAvailability(t, wide.cookie, {});
    const tooFar = await createLandscaper(t, { status: "approved", zips: ["28027"], radius: 5 });
    const { customer, id } = await request("28078");

    expect((await escalate(11)).reannounced).toBe(0);
    expect((await rowOf(id)).reannouncedAt).toBeNull();

    await escalate(13);
    await escalate(13);
    expect((await rowOf(id)).reannouncedAt).not.toBeNull();
    expect(await eventsOf(id, "reannounced")).toHaveLength(1);
    const reached = await t.database.db.select().from(jobReach).where(eq(jobReach.jobId, id));
    expect(reached.map((r) => r.landscaperId).sort()).toEqual([room.id, wide.id, nearFull.id].sort());
    // The order the pass told them in: room first, then the nearest.
    const current = await rowOf(id);
    const order = await t.database.db.transaction((tx) => fartherPros(tx, current, new Date()));
    expect(order.map((p) => p.landscaperId)).toEqual([room.id, wide.id, nearFull.id]);
    expect(order.map((p) => p.hasRoom)).toEqual([true, true, false]);
    for (const pro of [covering, tooFar]) expect(reached.map((r) => r.landscaperId)).not.toContain(pro.id);

    const label = jobLabel((await rowOf(id)).number);
    expect((await bell(customer.id)).filter((m) => m === waitMessages.reannounced(label, 3))).toHaveLength(1);
    expect(await mails(customer.email)).toHaveLength(1);
    expect((await bell(room.id)).filter((m) => m.includes(label))).toHaveLength(1);
    expect((await bell(tooFar.id)).filter((m) => m.includes(label))).toHaveLength(0);

    // The reached pro sees it in their new requests and may offer, though it is outside their area.
    const queue = await get(room, "/api/landscaper/jobs?show=open");
    expect(queue.json().jobs.map((j: { id: string }) => j.id)).toContain(id);
    const offer = await post(room, `/api/jobs/${id}/accept`, { scheduledDate: day });
    expect(offer.statusCode, offer.body).toBe(200);
    const stranger = await post(tooFar, `/api/jobs/${id}/accept`, { scheduledDate: day });
    expect(stranger.statusCode).toBe(403);
  });

  it("puts a request in Needs a pro once after 24 hours, telling the admins and the customer once, even with two passes at once", async () => {
    const { customer, id } = await request("29730");
    await Promise.all([escalate(13), escalate(13)]);
    expect(await eventsOf(id, "reannounced")).toHaveLength(1);
    expect((await escalate(23)).needsPro).toBe(0);
    await Promise.all([escalate(25), escalate(25)]);
    await escalate(26);
    const row = await rowOf(id);
    expect(row.needsProAt).not.toBeNull();
    expect(await eventsOf(id, "needs_pro")).toHaveLength(1);
    const label = jobLabel(row.number);
    expect((await bell(admin.id)).filter((m) => m === waitMessages.needsProAdmins(label))).toHaveLength(1);
    expect((await bell(customer.id)).filter((m) => m === waitMessages.needsProCustomer(label))).toHaveLength(
      1,
    );
    // One email per step: the re-announcement and Needs a pro.
    expect(await mails(customer.email)).toHaveLength(2);
    const list = await get(admin, "/api/admin/needs-a-pro");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().jobs.map((j: { id: string }) => j.id)).toContain(id);
    // The server's clock comes with the list: the page counts each request's age from it.
    expect(Math.abs(Date.parse(list.json().asOf) - Date.now())).toBeLessThan(60_000);
  });

  /** A customer's booking of `pro` in `zip` for `daysAhead`: the job and the price it was booked at. */
  async function booked(zip: string, pro: Landscaper, daysAhead: number) {
    const { customer, id } = await request(zip, daysAhead);
    const response = await post(customer, `/api/quotes/${id}/book`, {
      landscaperId: pro.id,
      date: daysFromToday(daysAhead),
      cardId: customer.cardId,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { customer, id, priceCents: (await rowOf(id)).quotedPriceCents! };
  }

  it("re-offers a withdrawn visit at once to the next free pro at the same price, and tells the customer", async () => {
    const first = await instantPro(t, { zip: "28117", name: "Ben First" });
    const next = await instantPro(t, { zip: "28117", name: "Cara Next" });
    const { customer, id, priceCents } = await booked("28117", first, 3);
    const left = await post(first, `/api/jobs/${id}/withdraw`, { reason: "My mower broke." });
    expect(left.statusCode, left.body).toBe(200);
    expect((await rowOf(id)).reofferDueAt).not.toBeNull();
    await Promise.all([reoffer(), reoffer()]);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: "scheduled",
      landscaperId: next.id,
      quotedPriceCents: priceCents,
      scheduledDate: daysFromToday(3),
      reofferDueAt: null,
    });
    const label = jobLabel(row.number);
    const told = (await bell(customer.id)).filter((m) => m.startsWith(`The pro booked for ${label}`));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("Cara Next");
  });

  it("gives a suspended pro's upcoming visit to the next free pro at the same price, as our team's doing", async () => {
    const suspended = await instantPro(t, { zip: "28269", name: "Gil Suspended" });
    const next = await instantPro(t, { zip: "28269", name: "Hana Next" });
    const { customer, id, priceCents } = await booked("28269", suspended, 5);
    const done = await post(admin, `/api/admin/users/${suspended.id}/suspend`, {
      reason: "Reported for taking payment off the platform",
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toContain("1 upcoming booking went back to be offered to other pros");
    const back = await rowOf(id);
    expect(back).toMatchObject({ status: "pending", landscaperId: null });
    expect(back.reofferDueAt).not.toBeNull();
    // Recorded as the team's doing, not a withdrawal on the pro's record.
    const [event] = await eventsOf(id, "reassigned");
    expect(event!.actorId).toBe(admin.id);
    const [audit] = await t.database.db
      .select()
      .from(auditEntry)
      .where(eq(auditEntry.targetId, suspended.id));
    expect(audit!.after).toMatchObject({ suspended: true, visitsReoffered: 1 });
    expect((await bell(customer.id)).some((m) => m.includes("can no longer come"))).toBe(true);
    await reoffer();
    expect(await rowOf(id)).toMatchObject({
      status: "scheduled",
      landscaperId: next.id,
      quotedPriceCents: priceCents,
      scheduledDate: daysFromToday(5),
    });
  });

  it("re-offers a missed visit within days at the same price; with nobody free it waits in the queue at that price", async () => {
    const missing = await instantPro(t, { zip: "28110", name: "Dan Missing" });
    const other = await instantPro(t, { zip: "28110", name: "Eve Other" });
    const { id, priceCents } = await booked("28110", missing, 2);
    const afterTheDay = later(24 * 4 + 2);
    const lockout = await runLateLockout({
      db: t.database.db,
      env: t.env,
      provider: t.app.paymentProvider,
      publicUrl: t.env.PUBLIC_URL,
      now: afterTheDay,
    });
    expect(lockout.missed).toBeGreaterThanOrEqual(1);
    await reoffer(afterTheDay);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "scheduled", landscaperId: other.id, quotedPriceCents: priceCents });
    expect(row.scheduledDate! > daysFromToday(2)).toBe(true);

    // The only pro gives it back: nobody else is free, so it stays open at the agreed price and its ladder runs.
    const only = await instantPro(t, { zip: "28012", name: "Fay Only" });
    const alone = await booked("28012", only, 4);
    expect(
      (await post(only, `/api/jobs/${alone.id}/withdraw`, { reason: "Family matter." })).statusCode,
    ).toBe(200);
    await reoffer();
    const open = await rowOf(alone.id);
    expect(open).toMatchObject({
      status: "pending",
      landscaperId: null,
      reofferDueAt: null,
      reannouncedAt: null,
    });
    expect(open.waitingSince).not.toBeNull();
    expect(await eventsOf(alone.id, "reoffered")).toHaveLength(1);
    const label = jobLabel(open.number);
    expect(await bell(alone.customer.id)).toContain(waitMessages.unfilledFirm(label, alone.priceCents));
    // The customer's own list of pros now comes at the price they agreed, whatever a pro's own rate.
    const pros = await get(alone.customer, `/api/quotes/${alone.id}/pros`);
    expect(pros.statusCode, pros.body).toBe(200);
  });

  it("lets our team assign a pro who declines (back in the queue) and another who confirms (booked at the same price), and tell the customer", async () => {
    // Instant booking off (no availability saved): our team's assignment is confirmed by the pro themselves.
    const declining = await createLandscaper(t, {
      status: "approved",
      zips: ["28173"],
      radius: 5,
      name: "Gus Busy",
    });
    const confirming = await createLandscaper(t, {
      status: "approved",
      zips: ["28173"],
      radius: 5,
      name: "Hal Ready",
    });
    const { customer, id } = await request("28173", 9);
    const firstVisitCents =
      (await rowOf(id)).firmPriceCents! + ((await rowOf(id)).firstVisitSurchargeCents ?? 0);
    await escalate(13);
    await escalate(25);
    const label = jobLabel((await rowOf(id)).number);
    const audits = (action: string) =>
      t.database.db
        .select()
        .from(auditEntry)
        .where(and(eq(auditEntry.targetId, id), eq(auditEntry.action, action)));

    const tell = await post(admin, `/api/admin/needs-a-pro/${id}/tell-customer`, {
      message: "We are calling pros nearby; pick another day if that suits you.",
    });
    expect(tell.statusCode, tell.body).toBe(200);
    expect((await rowOf(id)).customerToldAt).not.toBeNull();
    expect(await bell(customer.id)).toContain(
      waitMessages.toldByTeam(label, "We are calling pros nearby; pick another day if that suits you."),
    );
    expect(await audits("job.tell_customer")).toMatchObject([
      {
        actorId: admin.id,
        targetLabel: label,
        reason: "We are calling pros nearby; pick another day if that suits you.",
      },
    ]);

    const pros = await get(admin, `/api/admin/needs-a-pro/${id}/pros`);
    expect(pros.statusCode, pros.body).toBe(200);
    const candidates: { landscaperId: string; name: string; firstDays: string[] }[] = pros.json().pros;
    expect(candidates.map((p) => p.landscaperId).sort()).toEqual([declining.id, confirming.id].sort());
    const dayOf = (pro: Landscaper) => candidates.find((p) => p.landscaperId === pro.id)!.firstDays[0]!;

    // A day the pro is not free on: refused, nothing written, no audit row.
    const refused = await post(admin, `/api/admin/needs-a-pro/${id}/assign`, {
      landscaperId: declining.id,
      date: "2020-01-06",
      reason: "Closest pro.",
    });
    expect(refused.statusCode).toBe(409);
    expect(await audits("job.assign_pro")).toHaveLength(0);

    const assigned = await post(admin, `/api/admin/needs-a-pro/${id}/assign`, {
      landscaperId: declining.id,
      date: dayOf(declining),
      reason: "Closest pro.",
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await audits("job.assign_pro")).toHaveLength(1);
    const waiting = await get(declining, "/api/landscaper/assignments");
    const [assignment] = waiting.json().assignments;
    expect(assignment).toMatchObject({ jobId: id, priceCents: firstVisitCents });
    const no = await post(declining, `/api/landscaper/assignments/${assignment.id}/decline`, {
      reason: "Booked up.",
    });
    expect(no.statusCode, no.body).toBe(200);
    const back = (await get(admin, "/api/admin/needs-a-pro"))
      .json()
      .jobs.find((j: { id: string }) => j.id === id);
    const declinedName = candidates.find((p) => p.landscaperId === declining.id)!.name;
    expect(back).toMatchObject({ assignment: null, lastDeclinedBy: declinedName });

    expect(
      (
        await post(admin, `/api/admin/needs-a-pro/${id}/assign`, {
          landscaperId: confirming.id,
          date: dayOf(confirming),
          reason: "Free that day.",
        })
      ).statusCode,
    ).toBe(200);
    const [mine] = (await get(confirming, "/api/landscaper/assignments")).json().assignments;
    const yes = await post(confirming, `/api/landscaper/assignments/${mine.id}/confirm`);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      status: "scheduled",
      landscaperId: confirming.id,
      quotedPriceCents: firstVisitCents,
      scheduledDate: dayOf(confirming),
      bookedInstantlyAt: null,
    });
    const confirmedName = candidates.find((p) => p.landscaperId === confirming.id)!.name;
    expect(
      (await bell(customer.id)).some((m) =>
        m.startsWith(`Good news: ${confirmedName} is booked for ${label}`),
      ),
    ).toBe(true);
    const after = (await get(admin, "/api/admin/needs-a-pro")).json().jobs.map((j: { id: string }) => j.id);
    expect(after).not.toContain(id);
    // Confirmed once: a second answer finds nothing waiting.
    expect((await post(confirming, `/api/landscaper/assignments/${mine.id}/confirm`)).statusCode).toBe(409);
  });
});
