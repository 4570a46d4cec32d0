import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cameraJpeg } from "../../src/server/test/photo-helpers";
import { launchBrowser } from "../e2e/support/browser";
import { quoteBody } from "../e2e/support/quotes";
import { type Cluster, startCluster } from "./support/cluster";

const demoPassword = "demo-password";
const metricsToken = "cluster-metrics-token-0123456789abcdef";
const olivia = "olivia.bennett@demo.greenscape.local";
const carlos = "carlos.mendoza@demo.greenscape.local";

/** Signs in through `baseURL` outside any browser; answers the Cookie header. */
async function signIn(baseURL: string, email: string, password: string, portal = "client") {
  const response = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, portal }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The one valid instant quote of the browser tests, from a visitor of the cluster. */
const clusterQuote = (email: string, idempotencyKey?: string) =>
  quoteBody({ fullName: "Cluster Visitor", email, ...(idempotencyKey ? { idempotencyKey } : {}) });

/** Every .eml the instances wrote (each instance writes its own folder; a message sent twice shows twice). */
function sentEmails(cluster: Cluster) {
  return cluster.instances.flatMap((instance) => {
    const dir = path.join(instance.dataDir, "mail");
    try {
      return readdirSync(dir)
        .filter((file) => file.endsWith(".eml"))
        .map((file) => readFileSync(path.join(dir, file), "utf8"));
    } catch {
      return [];
    }
  });
}

async function eventually<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

describe("two app instances behind nginx (round robin) on one PostgreSQL and one S3 store", () => {
  let cluster: Cluster;
  let sql: pg.Client;
  let browser: Browser;

  beforeAll(async () => {
    cluster = await startCluster({ quiet: true, env: { METRICS_TOKEN: metricsToken } });
    sql = new pg.Client({ connectionString: cluster.databaseUrl });
    await sql.connect();
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await sql?.end();
    await cluster?.stop();
  });

  it("nginx alternates between the instances", async () => {
    const servedBy = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${cluster.url}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        database: { engine: "postgres" },
        storage: { kind: "s3", ok: true },
      });
      servedBy.add(response.headers.get("x-served-by") ?? "?");
    }
    expect([...servedBy].sort()).toEqual(["app-1", "app-2"]);
  });

  it("a quote's photo written through one instance is read through the other, and its email is sent once", async () => {
    const [first, second] = cluster.instances;
    const email = `cluster-${Date.now()}@example.test`;
    const photo = await cameraJpeg();
    const form = new FormData();
    for (const [name, value] of Object.entries(clusterQuote(email))) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
    }
    form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "yard.jpg");
    const created = await fetch(`${first!.url}/api/quotes`, { method: "POST", body: form });
    expect(created.status, await created.clone().text()).toBe(200);
    expect(created.headers.get("x-served-by")).toBe("app-1");
    const jobId = ((await created.json()) as { quote: { id: string } }).quote.id;

    const admin = await signIn(
      second!.url,
      cluster.adminAccount.email,
      cluster.adminAccount.password,
      "admin",
    );
    const served = await fetch(`${second!.url}/api/jobs/${jobId}/photo`, { headers: { cookie: admin } });
    expect(served.status).toBe(200);
    expect(served.headers.get("x-served-by")).toBe("app-2");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

    // Both instances run the outbox worker: the confirmation is claimed by one of them, once.
    const toVisitor = () => sentEmails(cluster).filter((mail) => mail.includes(`To: ${email}`));
    await eventually(toVisitor, (mails) => mails.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(toVisitor()).toHaveLength(1);
  });

  it("a browser goes through both instances on one session, and a message raised on one reaches its stream on the other", async () => {
    const context = await browser.newContext({
      baseURL: cluster.url,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const servedBy = new Set<string>();
    let streamInstance: string | undefined;
    page.on("response", (response) => {
      const instance = response.headers()["x-served-by"];
      if (!instance) return;
      servedBy.add(instance);
      if (new URL(response.url()).pathname === "/api/notifications/stream") streamInstance = instance;
    });
    const signedIn = await context.request.post("/api/auth/sign-in/email", {
      data: { email: olivia, password: demoPassword, portal: "client" },
    });
    expect(signedIn.status()).toBe(200);
    // Olivia's dashboard has drawn her name: the session was accepted by whichever instance answered.
    const dashboardShown = () =>
      expect
        .poll(
          () =>
            page
              .getByRole("heading", { name: /Olivia/ })
              .first()
              .isVisible(),
          { timeout: 20_000 },
        )
        .toBe(true);
    await page.goto("/dashboard");
    await dashboardShown();
    await expect.poll(() => streamInstance, { timeout: 15_000 }).toBeDefined();
    // The page's own requests were answered by both instances, on the one session kept in the database.
    // The stream is opened again by the reloaded page, on either instance: wait for that one (its headers
    // are sent once it is subscribed).
    streamInstance = undefined;
    await page.reload();
    await dashboardShown();
    expect([...servedBy].sort()).toEqual(["app-1", "app-2"]);
    await expect.poll(() => streamInstance, { timeout: 15_000 }).toBeDefined();

    // Carlos writes through the instance that does NOT hold Olivia's stream.
    const other = cluster.instances.find((instance) => instance.name !== streamInstance)!;
    const { rows } = await sql.query<{ id: string }>(
      `select j.id from job j join "user" c on c.id = j.customer_id join "user" l on l.id = j.landscaper_id
       where c.email = $1 and l.email = $2 and j.status = 'scheduled' order by j.number limit 1`,
      [olivia, carlos],
    );
    expect(rows).toHaveLength(1);
    const cookie = await signIn(other.url, carlos, demoPassword, "landscaper");
    const text = `Cluster check ${Date.now()}: gate is on the left.`;
    const sent = await fetch(`${other.url}/api/jobs/${rows[0]!.id}/messages`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ body: text }),
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect(sent.headers.get("x-served-by")).toBe(other.name);
    await expect
      .poll(() => page.getByText(text, { exact: false }).first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    await context.close();
  });

  it("scheduled work ran on both instances without doing anything twice", async () => {
    // Payments: every payment intent at the processor belongs to one payment row (a hold placed twice
    // would leave a second intent even where the row is deduplicated).
    // Read until a pass in flight has recorded its answer (the intent exists a moment before its row says so).
    const counts = async () => {
      const { rows } = await sql.query<{ intents: string; payments: string }>(
        `select (select count(*) from test_processor_object where type = 'payment_intent') as intents,
                (select count(*) from payment where provider_payment_id is not null) as payments`,
      );
      return { intents: Number(rows[0]!.intents), payments: Number(rows[0]!.payments) };
    };
    const settled = await eventually(counts, (c) => c.intents === c.payments, 10_000);
    expect(settled.payments).toBeGreaterThan(0);
    expect(settled.intents).toBe(settled.payments);
    // Visit generation: one visit per series date.
    const duplicates = await sql.query(
      "select series_id, series_date from job where series_id is not null group by 1, 2 having count(*) > 1",
    );
    expect(duplicates.rows).toEqual([]);
    // The outbox: no message claimed by both workers. Each sent email row is one .eml across the two instances
    // (read until a send in flight has been marked: the file is written a moment before its row says 'sent').
    const outboxCounts = async () => {
      const { rows } = await sql.query<{ n: string }>(
        "select count(*) as n from outbox where status = 'sent' and channel = 'email'",
      );
      return { sent: Number(rows[0]!.n), files: sentEmails(cluster).length };
    };
    const outbox = await eventually(outboxCounts, (c) => c.sent === c.files, 10_000);
    expect(outbox.sent).toBeGreaterThan(0);
    expect(outbox.files).toBe(outbox.sent);
  });

  it("both instances are ready on the shared passes' record, and each one's metrics count its own requests", async () => {
    type Ready = { status: string; checks: { paymentsPassLag: { ok: boolean; seconds: number | null } } };
    // Read until a pass has finished somewhere (PAYMENTS_POLL_MS is 1 s here).
    const answers = await eventually(
      () =>
        Promise.all(
          cluster.instances.map(async (instance) => {
            const response = await fetch(`${instance.url}/api/health/ready`);
            return { status: response.status, body: (await response.json()) as Ready };
          }),
        ),
      (all) => all.every((a) => a.status === 200 && a.body.checks.paymentsPassLag.seconds !== null),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe("ready");
      // The lag is read from one row, whichever instance ran the pass: a few seconds on both.
      expect(answer.body.checks.paymentsPassLag.seconds).toBeLessThan(30);
    }
    const { rows } = await sql.query<{ name: string }>(
      "select name from scheduled_pass where name = 'payments'",
    );
    expect(rows).toHaveLength(1);

    const liveCount = async (url: string) => {
      const response = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(response.status).toBe(200);
      const line = (await response.text())
        .split("\n")
        .find(
          (l) => l.startsWith("greenscape_http_requests_total{") && l.includes('route="/api/health/live"'),
        );
      return line ? Number(line.split(" ").pop()) : 0;
    };
    const [first, second] = cluster.instances;
    const before = [await liveCount(first!.url), await liveCount(second!.url)];
    for (let i = 0; i < 3; i++) await fetch(`${first!.url}/api/health/live`);
    expect(await liveCount(first!.url)).toBe(before[0]! + 3);
    expect(await liveCount(second!.url)).toBe(before[1]);
    // Through nginx, without the token: refused.
    expect((await fetch(`${cluster.url}/metrics`)).status).toBe(401);
  });

  it("a load run survives one instance killed with SIGKILL: every acknowledged write is found exactly once", async () => {
    const [victim, survivor] = cluster.instances;
    const clients = 8;
    const durationMs = 12_000;
    const killAtMs = 4_000;
    const started = Date.now();
    const acknowledged: { key: string; id: string; at: number; servedBy: string | null }[] = [];
    const attempted: string[] = [];
    const latencies: number[] = [];
    let retries = 0;
    let gaveUp = 0;
    let killedAt = 0;

    /** One quote with its idempotency key, retried (same key) when the answer is lost or the proxy failed. */
    async function write(key: string) {
      for (let attempt = 0; attempt < 6; attempt++) {
        const sentAt = performance.now();
        try {
          const response = await fetch(`${cluster.url}/api/quotes`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(clusterQuote(`load-${key}@example.test`, key)),
            signal: AbortSignal.timeout(10_000),
          });
          if (response.status === 200) {
            const body = (await response.json()) as { quote: { id: string } };
            latencies.push(performance.now() - sentAt);
            acknowledged.push({
              key,
              id: body.quote.id,
              at: Date.now() - started,
              servedBy: response.headers.get("x-served-by"),
            });
            return;
          }
          await response.body?.cancel();
          if (![502, 503, 504].includes(response.status))
            throw new Error(`quote answered ${response.status}`);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith("quote answered")) throw error;
        }
        retries++;
        await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
      }
      gaveUp++;
    }

    const killer = (async () => {
      await new Promise((resolve) => setTimeout(resolve, killAtMs));
      await victim!.kill("SIGKILL");
      killedAt = Date.now() - started;
    })();
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let n = 0; Date.now() - started < durationMs; n++) {
          const key = `load-${client}-${n}-${started}`;
          attempted.push(key);
          await write(key);
        }
      }),
    );
    await killer;

    const ids = acknowledged.map((write) => write.id);
    const found = await sql.query<{ id: string; idempotency_key: string }>(
      "select id, idempotency_key from job where id = any($1::uuid[])",
      [ids],
    );
    const perKey = await sql.query<{ idempotency_key: string; n: string }>(
      "select idempotency_key, count(*) as n from job where idempotency_key = any($1::text[]) group by 1",
      [attempted],
    );
    const afterKill = acknowledged.filter((write) => write.at > killedAt);
    latencies.sort((a, b) => a - b);
    const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
    console.log(
      `two-instance load: ${attempted.length} writes attempted by ${clients} clients in ${durationMs / 1000} s, ` +
        `${acknowledged.length} acknowledged (${afterKill.length} after ${victim!.name} was killed at ${killedAt} ms), ` +
        `${found.rows.length} found, lost ${acknowledged.length - found.rows.length}, ` +
        `duplicates ${perKey.rows.filter((row) => Number(row.n) > 1).length}, retries ${retries}, gave up ${gaveUp}, ` +
        `p95 ${p95.toFixed(0)} ms`,
    );

    expect(victim!.isRunning()).toBe(false);
    expect(acknowledged.length).toBeGreaterThan(50);
    // Every acknowledged write is there, once; no key made two jobs.
    expect(found.rows.map((row) => row.id).sort()).toEqual([...new Set(ids)].sort());
    expect(perKey.rows.filter((row) => Number(row.n) > 1)).toEqual([]);
    // Clients carried on through the survivor.
    expect(afterKill.length).toBeGreaterThan(10);
    expect(
      new Set(afterKill.filter((write) => write.at > killedAt + 1_000).map((write) => write.servedBy)),
    ).toEqual(new Set([survivor!.name]));
    expect(gaveUp).toBe(0);
    const health = await fetch(`${cluster.url}/api/health`);
    expect(health.status).toBe(200);
  });
});
