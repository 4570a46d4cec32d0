import { eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { HealthAnswer, HealthSummary } from "../../../shared/admin-health.js";
import { addDaysIso, todayInCharlotte } from "../../../shared/dates.js";
import { appSetting } from "../../db/schema.js";
import { type SignedUp, signUpAs } from "../../test/accounts-helpers.js";
import { charlotteNoon } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";
import { insertHealthVisit } from "../../test/health-fixtures.js";
import { refreshHealth } from "./health-store.js";

const MINUTE = 60_000;

/**
 * Admin → Health's counts are stored (health-store.ts): a read answers the stored count, the scheduled pass's
 * step counts the default period again, two passes count it once, and a missing or too old count is counted
 * on the spot. Each request added below is a new one-off request, so `requests` tells which count is shown.
 */
describe("stored health figures", () => {
  const t = useTestApp();
  let admin: SignedUp;
  const today = todayInCharlotte();
  const defaultKey = `admin_health:${addDaysIso(today, -83)}:${today}`;

  const addRequest = (daysAgo: number) =>
    insertHealthVisit(t.database.db, {
      customerId: null,
      zip: "28202",
      status: "pending",
      createdAt: charlotteNoon(today, daysAgo),
      events: [{ from: null, to: "pending", at: charlotteNoon(today, daysAgo) }],
    });

  async function get<T>(url: string) {
    const response = await t.app.inject({ url, headers: { cookie: admin.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }
  const refresh = (minutesLater = 0) =>
    refreshHealth({ db: t.database.db, env: t.env, now: new Date(Date.now() + minutesLater * MINUTE) });
  /** Makes the stored count of `key` look `minutes` old. */
  const age = (key: string, minutes: number) =>
    t.database.db
      .update(appSetting)
      .set({
        value: sql`jsonb_set(${appSetting.value}, '{computedAt}', to_jsonb(${new Date(Date.now() - minutes * MINUTE).toISOString()}::text))`,
      })
      .where(eq(appSetting.key, key));

  beforeAll(async () => {
    admin = await signUpAs(t.app, t.database, "admin");
    await addRequest(3);
  });

  it("answers the stored count until the pass counts again", async () => {
    const first = await get<HealthAnswer>("/api/admin/health");
    expect(first).toMatchObject({ refreshMinutes: 10, refreshedBy: "schedule" });
    expect(first.overall.requests).toBe(1);

    await addRequest(2);
    // The page and the tiles keep the stored count: nothing counted again.
    const second = await get<HealthAnswer>("/api/admin/health");
    expect(second.computedAt).toBe(first.computedAt);
    expect(second.overall.requests).toBe(1);
    const summary = await get<HealthSummary>("/api/admin/health/summary");
    expect(summary).toMatchObject({ computedAt: first.computedAt, firstVisits: 0 });
    expect(summary.fill24.due).toBe(1);

    // The pass leaves a count younger than HEALTH_REFRESH_MINUTES alone, and counts an older one again.
    expect(await refresh()).toEqual({ counted: false });
    expect(await refresh(11)).toEqual({ counted: true });
    const third = await get<HealthAnswer>("/api/admin/health");
    expect(third.overall.requests).toBe(2);
    expect(Date.parse(third.computedAt)).toBeGreaterThan(Date.parse(first.computedAt));
    expect((await get<HealthSummary>("/api/admin/health/summary")).fill24.due).toBe(2);
  });

  it("counts once when two passes find the count old at once", async () => {
    await age(defaultKey, 30);
    const results = await Promise.all([refresh(), refresh()]);
    expect(results.filter((r) => r.counted)).toHaveLength(1);
    // Two reads of a period nobody counted yet: one counts, the other waits for that count.
    const [a, b] = await Promise.all([
      get<HealthAnswer>("/api/admin/health?weeks=4"),
      get<HealthAnswer>("/api/admin/health?weeks=4"),
    ]);
    expect(a.refreshedBy).toBe("request");
    expect(b.computedAt).toBe(a.computedAt);
  });

  it("counts a missing or too old count when read", async () => {
    await addRequest(4);
    // A default count up to two periods old is still answered (a pass may be late)…
    await age(defaultKey, 15);
    expect((await get<HealthAnswer>("/api/admin/health")).overall.requests).toBe(2);
    // …an older one is counted again by the read, and so is a missing one.
    await age(defaultKey, 21);
    expect((await get<HealthAnswer>("/api/admin/health")).overall.requests).toBe(3);
    await addRequest(5);
    await t.database.db.delete(appSetting).where(eq(appSetting.key, defaultKey));
    expect((await get<HealthSummary>("/api/admin/health/summary")).fill24.due).toBe(4);

    // Another period is kept one period only.
    const fourWeeks = await get<HealthAnswer>("/api/admin/health?weeks=4");
    expect(fourWeeks.overall.requests).toBe(2);
    await age(`admin_health:${fourWeeks.from}:${fourWeeks.to}`, 11);
    expect((await get<HealthAnswer>("/api/admin/health?weeks=4")).overall.requests).toBe(4);
  });

  it("forgets other periods' counts two periods old", async () => {
    const eight = await get<HealthAnswer>("/api/admin/health?weeks=8");
    const eightKey = `admin_health:${eight.from}:${eight.to}`;
    await refresh();
    const keys = async () =>
      (
        await t.database.db
          .select({ key: appSetting.key })
          .from(appSetting)
          .where(like(appSetting.key, "admin_health:%"))
      ).map((r) => r.key);
    expect(await keys()).toContain(eightKey);
    await age(eightKey, 21);
    await age(defaultKey, 21);
    await refresh();
    expect(await keys()).not.toContain(eightKey);
    expect(await keys()).toContain(defaultKey);
  });
});
