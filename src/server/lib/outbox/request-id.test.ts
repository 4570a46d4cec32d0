import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDaysIso, todayInCharlotte } from "../../../shared/dates.js";
import { landscaper, outbox, scheduledPass, user } from "../../db/schema.js";
import { ScheduledWork } from "../../scheduled-work.js";
import { buildTestApp, useFixture } from "../../test/build-test-app.js";
import { createLandscaper } from "../../test/landscaper-helpers.js";
import { captureLogs } from "../../test/log-lines.js";

describe("the request id carried into the outbox and the log", () => {
  const logs = captureLogs();
  const fixture = useFixture(
    () => buildTestApp({}, { logger: { level: "debug", stream: logs.stream } }),
    (t) => t.close(),
  );

  it("keeps the id of the request that queued a message and logs it when the worker sends it", async () => {
    const t = fixture();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: {
        role: "customer",
        name: "Request Id",
        email: "request-id@example.test",
        password: "correct-horse-9",
        confirmPassword: "correct-horse-9",
      },
    });
    expect(response.statusCode).toBe(200);
    const requestId = response.headers["x-request-id"];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.to, "request-id@example.test"));
    expect(row?.requestId).toBe(requestId);

    const before = logs.lines.length;
    expect(await t.app.outboxWorker.drain()).toBeGreaterThanOrEqual(1);
    const sent = logs.lines.slice(before).filter((line) => line.msg === "outbox message sent");
    const line = sent.find((l) => l.outboxId === row?.id);
    expect(line).toMatchObject({ reqId: requestId, channel: "email", template: row?.template });
    // The request's own log lines carry the same id under the same key, so one search finds both.
    expect(logs.lines.some((l) => l.reqId === requestId && l.msg === "request completed")).toBe(true);
  });

  it("gives each scheduled run its own id on every line, on the rows it records, and on what it queues", async () => {
    const t = fixture();
    const work = new ScheduledWork({
      db: t.database.db,
      provider: t.app.paymentProvider,
      publicUrl: t.env.PUBLIC_URL,
      log: t.app.log,
      pollMs: 60_000,
      schedule: { day: t.env.PAYOUT_DAY, hour: t.env.PAYOUT_HOUR },
      env: t.env,
      approvalHours: t.env.WORK_APPROVAL_HOURS,
      forecast: t.app.forecastProvider,
    });
    // An insured landscaper whose certificate lapses soon, opted in to texts: the run queues their warning.
    const pro = await createLandscaper(t, { status: "approved" });
    await t.database.db
      .update(landscaper)
      .set({ insuranceExpiresOn: addDaysIso(todayInCharlotte(new Date()), 10) })
      .where(eq(landscaper.userId, pro.id));
    await t.database.db
      .update(user)
      .set({ smsOptIn: true, phoneNumber: "+17045550123" })
      .where(eq(user.id, pro.id));
    const before = logs.lines.length;
    await work.runOnce("run-under-test");
    const runLines = logs.lines.slice(before).filter((line) => line.runId !== undefined);
    expect(runLines.map((l) => l.msg)).toContain("scheduled passes finished");
    expect(runLines.every((l) => l.runId === "run-under-test")).toBe(true);
    const passes = await t.database.db.select().from(scheduledPass);
    expect(passes.map((p) => p.name)).toContain("payments");
    expect(passes.every((p) => p.lastRunId === "run-under-test")).toBe(true);
    const queued = await t.database.db.select().from(outbox).where(eq(outbox.userId, pro.id));
    expect(queued.filter((row) => row.channel === "sms").map((row) => row.requestId)).toEqual([
      "run-under-test",
    ]);
  });
});
