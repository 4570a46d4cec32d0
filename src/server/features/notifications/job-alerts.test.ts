import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { UNREAD_COUNT_CAP, unreadText } from "../../../shared/notifications.js";
import { jobAlert, landscaper } from "../../db/schema.js";
import { type SignedUp, signUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createJob, createLandscaper, type Landscaper } from "../../test/landscaper-helpers.js";
import { notify } from "./service.js";

/**
 * New-job alerts are one row per job; each landscaper's bell computes which they see and keeps what they read
 * or cleared (decision record 013). These check that the bell, the history and the read marks behave as they
 * did when every landscaper had a notification row of their own.
 */
describe("new-job alerts in the bell", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let carlos: Landscaper;
  let lee: Landscaper;

  beforeAll(async () => {
    customer = await signUp(t.app, { role: "customer" });
    carlos = await createLandscaper(t, { status: "approved", zips: ["28202"], radius: 5 });
    lee = await createLandscaper(t, { status: "approved", zips: ["28202"], radius: 5 });
  });

  const get = (who: { cookie: string }, url: string) =>
    t.app.inject({ url, headers: { cookie: who.cookie } });
  const post = (who: { cookie: string }, url: string) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie } });
  const bell = async (who: { cookie: string }) => (await get(who, "/api/notifications")).json();
  const alertOf = async (jobId: string) =>
    (await t.database.db.select().from(jobAlert).where(eq(jobAlert.jobId, jobId)))[0]!;

  it("merges alerts with the landscaper's own notifications, newest first, each landscaper reading their own", async () => {
    const first = await alertOf(await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" }));
    await notify(t.database.db, [{ userId: carlos.id, type: "system", message: "A note for Carlos." }]);
    const second = await alertOf(await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" }));

    const mine = await bell(carlos);
    expect(mine.items.map((i: { id: string }) => i.id).slice(0, 3)).toEqual([
      second.id,
      expect.any(String),
      first.id,
    ]);
    expect(mine.items[1]).toMatchObject({ type: "system", message: "A note for Carlos." });
    expect(mine.items[0]).toMatchObject({ type: "job", read: false, link: "/landscaper-dashboard" });
    expect(mine.unreadCount).toBe(3);

    // Carlos opens one alert: read for him, still unread for Lee.
    const read = await post(carlos, `/api/notifications/${first.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ item: { id: first.id, read: true }, unreadCount: 2 });
    expect((await post(carlos, `/api/notifications/${first.id}/read`)).json().unreadCount).toBe(2);
    expect((await bell(lee)).unreadCount).toBe(2);
    // Not a customer's, nor a landscaper's elsewhere.
    expect((await post(customer, `/api/notifications/${first.id}/read`)).statusCode).toBe(404);
    const away = await createLandscaper(t, { status: "approved", zips: ["28277"], radius: 5 });
    expect((await post(away, `/api/notifications/${first.id}/read`)).statusCode).toBe(404);
    expect((await bell(away)).items).toEqual([]);
  });

  it("marks all read and clears the history with one row, and what comes after is new", async () => {
    const answer = (await post(lee, "/api/notifications/read-all")).json();
    expect(answer).toMatchObject({ updated: 2, message: "All notifications marked as read." });
    expect((await bell(lee)).unreadCount).toBe(0);
    const later = await alertOf(await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" }));
    const now = await bell(lee);
    expect(now.unreadCount).toBe(1);
    expect(now.items[0]).toMatchObject({ id: later.id, read: false });
    expect(now.items.slice(1).every((i: { read: boolean }) => i.read)).toBe(true);

    const cleared = await t.app.inject({
      method: "DELETE",
      url: "/api/notifications",
      headers: { cookie: lee.cookie },
    });
    expect(cleared.json()).toMatchObject({ message: "Notification history cleared." });
    expect(await bell(lee)).toEqual({ items: [], unreadCount: 0 });
    // Carlos's are untouched.
    expect((await bell(carlos)).items.length).toBeGreaterThanOrEqual(4);
    const after = await alertOf(await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" }));
    expect(await bell(lee)).toMatchObject({ unreadCount: 1, items: [{ id: after.id }] });
  });

  it("pages the history across alerts and notifications without a gap or a repeat", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: ["28202"], radius: 5 });
    for (let i = 0; i < 3; i++) {
      await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
      await notify(t.database.db, [{ userId: pro.id, type: "system", message: `Note ${i}.` }]);
    }
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const query: string = before ? `&before=${encodeURIComponent(before)}` : "";
      const page = (await get(pro, `/api/notifications/history?limit=2${query}`)).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i: { id: string }) => i.id));
      before = page.nextBefore;
    } while (before);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    const all = (await get(pro, "/api/notifications/history")).json();
    expect(all.items.map((i: { id: string }) => i.id)).toEqual(seen);
    expect(all.unreadCount).toBe(6);
  });

  it("shows a landscaper the alerts raised while they were approved and not paused", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: ["28202"], radius: 5 });
    const before = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    // Approved after that request: it was never theirs.
    await t.database.db
      .update(landscaper)
      .set({ reviewedAt: sql`now()` })
      .where(eq(landscaper.userId, pro.id));
    const after = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    const ids = (await bell(pro)).items.map((i: { id: string }) => i.id);
    expect(ids).toContain((await alertOf(after)).id);
    expect(ids).not.toContain((await alertOf(before)).id);

    await t.database.db.update(landscaper).set({ pausedAt: sql`now()` }).where(eq(landscaper.userId, pro.id));
    const whilePaused = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    const paused = (await bell(pro)).items.map((i: { id: string }) => i.id);
    expect(paused).toContain((await alertOf(after)).id);
    expect(paused).not.toContain((await alertOf(whilePaused)).id);

    // A suspended account's bell holds no alerts at all.
    await t.database.db
      .update(landscaper)
      .set({ status: "denied", pausedAt: null })
      .where(eq(landscaper.userId, pro.id));
    expect((await bell(pro)).items.filter((i: { type: string }) => i.type === "job")).toEqual([]);
  });

  it("counts unread items up to 100, where the history says '100+'", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: ["28202"], radius: 5 });
    const jobId = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    // 130 more alerts in the ZIP (one job's is enough for the count), and 3 notifications of their own.
    await t.database.db.execute(sql`
      insert into job_alert (job_id, zip_code, message, link)
      select ${jobId}, '28202', 'New job request in 28202: bulk ' || g, '/landscaper-dashboard'
      from generate_series(1, 130) g`);
    await notify(
      t.database.db,
      [1, 2, 3].map((i) => ({ userId: pro.id, type: "system" as const, message: `Note ${i}.` })),
    );
    expect((await bell(pro)).unreadCount).toBe(UNREAD_COUNT_CAP);
    expect(unreadText(UNREAD_COUNT_CAP)).toBe("100+");
    expect(unreadText(99)).toBe("99");
    // Mark all read says how many it really marked.
    const answer = (await post(pro, "/api/notifications/read-all")).json();
    expect(answer.updated).toBe(134);
    expect((await bell(pro)).unreadCount).toBe(0);
  });
});
