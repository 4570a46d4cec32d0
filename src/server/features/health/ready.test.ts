import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "../../db/schema.js";
import { recordPassCompleted } from "../../lib/scheduled-pass.js";
import { buildTestApp, type TestApp, useTestApp } from "../../test/build-test-app.js";

const ready = (t: TestApp) => t.app.inject({ method: "GET", url: "/api/health/ready" });

/** Moves the payments pass's last finish `seconds` into the past, as if no instance had run it since. */
async function passFinishedAgo(t: TestApp, seconds: number) {
  await recordPassCompleted(t.database.db, "payments", "earlier-run");
  await t.database.db.execute(
    sql`update scheduled_pass set last_completed_at = now() - make_interval(secs => ${seconds})
      where name = 'payments'`,
  );
}

/** A message that was due `seconds` ago and has not gone (no worker runs in tests). */
async function messageDueAgo(t: TestApp, seconds: number) {
  const [row] = await t.database.db
    .insert(outbox)
    .values({
      template: "test",
      to: "late@example.test",
      subject: "Late",
      html: "",
      text: "Late",
      nextAttemptAt: sql`now() - make_interval(secs => ${seconds})`,
    })
    .returning({ id: outbox.id });
  return row!.id;
}

describe("GET /api/health/ready", () => {
  const t = useTestApp({ OUTBOX_LAG_READY_SECONDS: "900", PASS_LAG_READY_SECONDS: "600" });

  it("answers 200 with each check on a healthy app", async () => {
    await passFinishedAgo(t, 30);
    const response = await ready(t);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe("ready");
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.storage).toEqual({ ok: true });
    expect(body.checks.outboxLag).toEqual({ ok: true, seconds: 0, limitSeconds: 900 });
    expect(body.checks.paymentsPassLag.ok).toBe(true);
    expect(body.checks.paymentsPassLag.seconds).toBeGreaterThanOrEqual(30);
    expect(body.checks.paymentsPassLag.seconds).toBeLessThan(60);
    expect(body.checks.paymentsPassLag.limitSeconds).toBe(600);
  });

  it("answers 503 when a message is overdue past the limit, and 200 again once it is sent", async () => {
    await passFinishedAgo(t, 30);
    // Due, but within the limit: still ready.
    const recent = await messageDueAgo(t, 300);
    expect((await ready(t)).statusCode).toBe(200);
    const late = await messageDueAgo(t, 1000);
    const response = await ready(t);
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body.status).toBe("unavailable");
    expect(body.checks.outboxLag.ok).toBe(false);
    expect(body.checks.outboxLag.seconds).toBeGreaterThanOrEqual(1000);
    // The other checks still say what they found.
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.paymentsPassLag.ok).toBe(true);
    await t.database.db
      .update(outbox)
      .set({ status: "sent" })
      .where(sql`${outbox.id} in (${recent}, ${late})`);
    expect((await ready(t)).statusCode).toBe(200);
  });

  it("answers 503 when the payments pass last finished longer ago than the limit", async () => {
    await passFinishedAgo(t, 601);
    const response = await ready(t);
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body.checks.paymentsPassLag.ok).toBe(false);
    expect(body.checks.paymentsPassLag.seconds).toBeGreaterThanOrEqual(601);
    expect(body.checks.outboxLag.ok).toBe(true);
    await passFinishedAgo(t, 1);
    expect((await ready(t)).statusCode).toBe(200);
  });

  it("names no setting, address or secret", async () => {
    const text = (await ready(t)).body;
    expect(Object.keys(JSON.parse(text).checks)).toEqual([
      "database",
      "storage",
      "outboxLag",
      "paymentsPassLag",
    ]);
    expect(text).not.toMatch(/postgres|pglite|DATA_DIR|\/tmp|secret|token/i);
  });
});

describe("readiness with the lag checks turned off (0)", () => {
  const t = useTestApp({ OUTBOX_LAG_READY_SECONDS: "0", PASS_LAG_READY_SECONDS: "0" });

  it("reports the lags without failing on them", async () => {
    await passFinishedAgo(t, 100_000);
    await messageDueAgo(t, 100_000);
    const response = await ready(t);
    expect(response.statusCode).toBe(200);
    const { checks } = response.json();
    expect(checks.outboxLag.ok).toBe(true);
    expect(checks.outboxLag.limitSeconds).toBeNull();
    expect(checks.outboxLag.seconds).toBeGreaterThanOrEqual(100_000);
    expect(checks.paymentsPassLag).toMatchObject({ ok: true, limitSeconds: null });
    expect(checks.paymentsPassLag.seconds).toBeGreaterThanOrEqual(100_000);
  });
});

describe("readiness without a database", () => {
  it("answers 503 and cannot tell the lags", async () => {
    const other = await buildTestApp();
    await other.database.close();
    const response = await ready(other);
    expect(response.statusCode).toBe(503);
    const { checks } = response.json();
    expect(checks.database.ok).toBe(false);
    expect(checks.outboxLag).toMatchObject({ ok: false, seconds: null });
    expect(checks.paymentsPassLag).toMatchObject({ ok: false, seconds: null });
    await other.app.close();
  });
});
