import type { AddressInfo } from "node:net";
import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { build } from "../../app.js";
import { openDatabase } from "../../db/client.js";
import { jobAlert, notification, outbox } from "../../db/schema.js";
import { signUp } from "../../test/accounts-helpers.js";
import { buildTestApp, type TestApp } from "../../test/build-test-app.js";
import { createJob, createLandscaper } from "../../test/landscaper-helpers.js";
import { bellPage } from "./bell.js";
import { fanOutJobAlert } from "./job-alerts.js";
import { notify, SIGNAL_USER_LIMIT } from "./service.js";

describe("a new job's alert to more landscapers than a signal names", () => {
  it("is one row whatever their number, seen by each landscaper of the ZIP (approved, not paused), copied once by text to the opted-in, and live", async () => {
    const t = await buildTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const me = await createLandscaper(t, { status: "approved", zips: ["28202"] });
      const elsewhere = await createLandscaper(t, { status: "approved", zips: ["28277"] });
      // More approved landscapers covering 28202 than SIGNAL_USER_LIMIT, written in bulk; the first three take
      // SMS; one more covering it is still pending, one more paused.
      const crowd = SIGNAL_USER_LIMIT + 1;
      await t.database.db.execute(sql`
        insert into "user" (id, name, email, role, sms_opt_in, phone_number)
        select 'crowd-' || i, 'Crowd ' || i, 'crowd' || i || '@test.local', 'landscaper', i <= 3 or i > ${crowd},
          case when i <= 3 or i > ${crowd} then '(704) 555-01' || lpad(i::text, 2, '0') else '' end
        from generate_series(1, ${crowd + 2}) as i`);
      await t.database.db.execute(sql`
        insert into landscaper (user_id, full_name, phone_number, street_address, city, state, zip_code,
          service_zip_codes, covered_zip_codes, status, paused_at, created_at)
        select 'crowd-' || i, 'Crowd ' || i, '(704) 555-0100', '1 Main St', 'Charlotte', 'NC', '28202',
          '{28202}', '{28202,28203}',
          (case when i = ${crowd + 1} then 'pending' else 'approved' end)::application_status,
          case when i = ${crowd + 2} then now() - interval '1 hour' end, now() - interval '1 day'
        from generate_series(1, ${crowd + 2}) as i`);

      const port = (t.app.server.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, {
        headers: { cookie: me.cookie },
      });
      const events = readEvents(
        response.body!,
        (event, data) => event === "notification" && data.includes("New job request in 28202"),
      );
      await new Promise((r) => setTimeout(r, 300));
      const jobId = await createJob(t.app, { zipCode: "28202" });
      const seen = await events;
      const live = seen.filter((e) => e.event === "notification");
      expect(live).toHaveLength(1);

      // One alert row, no notification rows: the quote's writes do not grow with the landscapers.
      const alerts = await t.database.db.select().from(jobAlert).where(eq(jobAlert.jobId, jobId));
      expect(alerts).toHaveLength(1);
      expect(JSON.parse(live[0]!.data)).toMatchObject({ id: alerts[0]!.id, type: "job", read: false });
      const rows = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notification)
        .where(like(notification.message, "New job request in 28202%"));
      expect(rows[0]!.n).toBe(0);

      // Each landscaper's bell computes it: every approved one covering 28202, not the pending or paused one,
      // nor one elsewhere.
      const seesIt = async (userId: string) =>
        (await bellPage(t.database.db, { userId, limit: 10 })).items.some((i) => i.id === alerts[0]!.id);
      expect(await seesIt(me.id)).toBe(true);
      for (const i of [1, 2, crowd]) expect(await seesIt(`crowd-${i}`)).toBe(true);
      expect(await seesIt(`crowd-${crowd + 1}`)).toBe(false);
      expect(await seesIt(`crowd-${crowd + 2}`)).toBe(false);
      expect(await seesIt(elsewhere.id)).toBe(false);
      const bell = await t.app.inject({ url: "/api/notifications", headers: { cookie: me.cookie } });
      expect(bell.json()).toMatchObject({ unreadCount: 1, items: [{ id: alerts[0]!.id, read: false }] });

      // The text copies are made by the outbox's fan-out lane, once though two passes run at once.
      const [fanout] = await t.database.db.select().from(outbox).where(eq(outbox.channel, "fanout"));
      expect(fanout).toMatchObject({ to: "landscapers in 28202", status: "pending" });
      const made = await Promise.all([
        fanOutJobAlert(t.database.db, fanout!.id),
        fanOutJobAlert(t.database.db, fanout!.id),
      ]);
      expect(made.sort()).toEqual([0, 3]);
      const sms = await t.database.db
        .select({ to: outbox.to, text: outbox.text })
        .from(outbox)
        .where(eq(outbox.channel, "sms"));
      expect(sms.map((m) => m.to).sort()).toEqual(["(704) 555-0101", "(704) 555-0102", "(704) 555-0103"]);
      expect(sms[0]!.text).toMatch(/^GreenScape: New job request in 28202/);
    } finally {
      await t.close();
    }
  });
});

/** Reads server-sent events from a fetch body until `predicate` matches one. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  predicate: (event: string, data: string) => boolean,
  timeoutMs = 8000,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const deadline = Date.now() + timeoutMs;
  const seen: { event: string; data: string }[] = [];
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<{ done: true; value: undefined }>((r) =>
        setTimeout(() => r({ done: true, value: undefined }), deadline - Date.now()),
      ),
    ]);
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let split = buffer.indexOf("\n\n");
    while (split >= 0) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
      seen.push({ event, data });
      if (predicate(event, data)) {
        await reader.cancel();
        return seen;
      }
      split = buffer.indexOf("\n\n");
    }
  }
  await reader.cancel();
  throw new Error(`no matching event; saw ${JSON.stringify(seen)}`);
}

describe("live delivery over SSE", () => {
  it("a notification written through one app instance reaches a stream held by another instance of the same database", async () => {
    const first = await buildTestApp();
    // The second instance shares the first one's database: a second connection pool on PostgreSQL,
    // or the same in-process engine for PGlite.
    const url = process.env.TEST_DATABASE_URL ? await databaseUrlOf(first) : undefined;
    const secondDatabase = url ? await openDatabase({ url, poolSize: 2 }) : first.database;
    const second = await build({ env: first.env, database: secondDatabase, clientDir: null, logger: false });
    await second.listen({ port: 0, host: "127.0.0.1" });
    try {
      const me = await signUp(first.app, { role: "landscaper" });
      const port = (second.server.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, {
        headers: { cookie: me.cookie },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/event-stream");
      const body = response.body!;
      const done = readEvents(
        body,
        (event, data) => event === "notification" && data.includes("Across instances"),
      );
      // Give the stream a moment to register before the write happens on the other instance.
      await new Promise((r) => setTimeout(r, 300));
      await notify(first.database.db, [
        { userId: me.id, type: "job", message: "Across instances", link: "/landscaper-dashboard" },
      ]);
      const events = await done;
      expect(events[0]?.event).toBe("ready");
      const item = JSON.parse(events.at(-1)!.data);
      expect(item).toMatchObject({
        type: "job",
        message: "Across instances",
        read: false,
        link: "/landscaper-dashboard",
      });

      const anonymous = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`);
      expect(anonymous.status).toBe(401);
    } finally {
      await second.close();
      if (secondDatabase !== first.database) await secondDatabase.close();
      await first.close();
    }
  });
});

async function databaseUrlOf(t: TestApp): Promise<string> {
  const result = await t.database.db.execute("select current_database() as name");
  const name = ((result as unknown as { rows: { name: string }[] }).rows[0] as { name: string }).name;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
