import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../src/shared/dates";
import { type SignUpRole, signInViaApi, signUpViaApi } from "../e2e/support/auth";
import { profileInput } from "../e2e/support/landscaper";
import { type AppServer, startAppServer } from "../e2e/support/server-process";

/**
 * Issue 8, item 7: the real built server (child process, embedded PGlite, `node --expose-gc`) under a
 * mixed workload for 60 s on loopback: public pages and a static asset, quote submissions, the customer's
 * and the landscaper's dashboards and notification polling. Every request must answer its expected status,
 * the server must still be up, and its heap after a forced collection must come back near where it started.
 */

const root = path.resolve(import.meta.dirname, "../..");
const admin = { email: "admin@load.test", password: "load-admin-password" };
const password = "load-test-Garden-47";
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = 5;
const CONNECTIONS = 10;
const MB = 1024 * 1024;

/**
 * Heap growth allowed across the run, both sides read after forced full collections with the server idle.
 * Measured on the 2-core development machine (busy with other work, 15-21 req/s): after a warm-up that
 * runs every route, the heap settled +0.3 MB (10 s run), +1.0 and +1.5 MB (60 s) and +1.6 MB (180 s,
 * 2,867 requests) above the baseline: a one-time step (code optimised late, pools filled once) that does
 * not grow with the length of the run. A leak injected for calibration (15 KB kept per request) showed up
 * exactly (+13.1 MB over 874 requests). 10 MB is about six times the step, so the check does not flake,
 * and fails a leak of about 10 KB per request at the slowest rate measured (~900 requests in 60 s); on a
 * faster machine, with more requests, it catches proportionally smaller ones.
 */
const HEAP_GROWTH_LIMIT_BYTES = 10 * MB;

interface Runtime {
  collected: boolean;
  memory: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number; externalBytes: number };
}

const cookieHeader = (cookies: { name: string; value: string }[]) =>
  cookies.map((c) => `${c.name}=${c.value}`).join("; ");

describe("load: mixed workload", () => {
  let server: AppServer;
  const runId = Date.now().toString(36);

  beforeAll(async () => {
    if (!existsSync(path.join(root, "build/client/index.html")))
      throw new Error("The load test serves the built app: run `npm run build` first (npm test does).");
    server = await startAppServer({
      label: "load",
      nodeArgs: ["--expose-gc"],
      env: {
        SEED_DEMO: "false",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        // Every request comes from 127.0.0.1; the per-address sign-in and reset limits must not trip.
        SIGNIN_FAILURES_PER_IP: "10000",
        RESET_REQUESTS_PER_IP: "10000",
      },
    });
  }, 150_000);

  afterAll(async () => {
    await server?.stop();
  });

  async function api(pathname: string, init: { cookie?: string; method?: string; body?: unknown } = {}) {
    const response = await fetch(new URL(pathname, server.baseURL), {
      method: init.method ?? "GET",
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? "GET"} ${pathname}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : {};
  }

  async function signUp(role: SignUpRole, email: string) {
    const account = await signUpViaApi(server.baseURL, { role, email, password });
    if (!account.user) throw new Error(`sign-up of ${email} answered no user`);
    return { id: account.user.id, email, cookie: cookieHeader(account.cookies) };
  }

  function quoteBody(email: string, n: number) {
    return {
      fullName: `Load Visitor ${n}`,
      email,
      phone: "704-555-0100",
      address: `${100 + (n % 900)} N Tryon St, Charlotte, NC`,
      zipCode: "28202",
      services: n % 2 ? ["lawn-mowing"] : ["lawn-mowing", "edging-trimming"],
      preferredDate: daysFromToday(3),
      additionalNotes: n % 3 ? "" : "Gate code 1234. Please mind the dog.",
      website: "",
      idempotencyKey: `load-${runId}-${n}`,
    };
  }

  /** Heap and RSS after forced full collections; the smallest of three readings, a second apart. */
  async function memoryAfterGc(adminCookie: string) {
    const readings: Runtime["memory"][] = [];
    for (let i = 0; i < 3; i++) {
      const runtime = (await api("/api/health/runtime?gc=1", { cookie: adminCookie })) as Runtime;
      expect(runtime.collected, "the server runs with --expose-gc").toBe(true);
      readings.push(runtime.memory);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return readings.reduce((min, r) => (r.heapUsedBytes < min.heapUsedBytes ? r : min));
  }

  /** Waits until the mail worker has written every queued email (the .eml count stops changing). */
  async function waitForMailIdle(maxMs: number) {
    const mailDir = path.join(server.dataDir, "mail");
    const countEml = () => {
      try {
        return readdirSync(mailDir).filter((f) => f.endsWith(".eml")).length;
      } catch {
        return 0;
      }
    };
    const deadline = Date.now() + maxMs;
    let last = countEml();
    let stableSince = Date.now();
    while (Date.now() < deadline && Date.now() - stableSince < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = countEml();
      if (now !== last) {
        last = now;
        stableSince = Date.now();
      }
    }
    return last;
  }

  it("answers 60 s of mixed traffic without an error and its heap comes back", {
    timeout: 300_000,
  }, async () => {
    // Accounts through the real API: the bootstrapped admin, a customer with jobs, an approved landscaper
    // whose service area (28202) receives every quote of the run, so its queue and bell have work to show.
    const signedIn = await signInViaApi(server.baseURL, admin.email, admin.password, "admin");
    expect(signedIn.status).toBe(200);
    const adminCookie = cookieHeader(signedIn.cookies);
    const customer = await signUp("customer", `load-customer-${runId}@load.test`);
    const landscaper = await signUp("landscaper", `load-landscaper-${runId}@load.test`);
    await api("/api/landscaper/profile", {
      method: "PUT",
      cookie: landscaper.cookie,
      body: profileInput({ serviceZipCodes: "28202" }),
    });
    // The load test's landscaper uploads no documents: approved with an override and its reason.
    await api(`/api/admin/applications/${landscaper.id}/approve`, {
      method: "POST",
      cookie: adminCookie,
      body: { overrideMissingDocuments: true, overrideReason: "Load test: no documents uploaded." },
    });
    for (let i = 0; i < 5; i++)
      await api("/api/quotes", {
        method: "POST",
        cookie: customer.cookie,
        body: quoteBody(customer.email, -1 - i),
      });
    const customerJobs = (await api("/api/customer/jobs", { cookie: customer.cookie })) as {
      jobs: unknown[];
    };
    expect(customerJobs.jobs.length).toBe(5);
    const queue = (await api("/api/landscaper/jobs", { cookie: landscaper.cookie })) as { jobs: unknown[] };
    expect(queue.jobs.length).toBeGreaterThanOrEqual(5);

    // A hashed asset the home page loads (served by @fastify/static with a year-long cache).
    const home = await (await fetch(server.baseURL)).text();
    const asset = home.match(/\/assets\/root-[\w-]+\.css/)?.[0] ?? home.match(/\/assets\/[\w.-]+\.css/)?.[0];
    expect(asset, "the home page links a stylesheet under /assets").toBeTruthy();

    // The workload: each connection walks this sequence in a loop. Every answer is counted per kind and
    // status, so a single unexpected status fails the test with its route named.
    const statuses = new Map<string, Map<number, number>>();
    let quoteNumber = 0;
    const acknowledged = new Set<number>();
    const kinds: string[] = [];
    const count = (kind: string) => {
      kinds.push(kind);
      return (status: number, body: string) => {
        const byStatus = statuses.get(kind) ?? new Map<number, number>();
        statuses.set(kind, byStatus);
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        if (kind.startsWith("POST /api/quotes") && status === 200) {
          const number = (JSON.parse(body) as { quote: { number: number } }).quote.number;
          if (number > 0) acknowledged.add(number);
        }
      };
    };
    const json = { "content-type": "application/json", accept: "application/json" };
    /** A GET of `path` with the session in `cookie`, counted as `kind`. */
    const signedInGet = (path: string, cookie: string, kind: string): autocannon.Request => ({
      method: "GET",
      path,
      headers: { ...json, cookie },
      onResponse: count(kind),
    });
    /** A new quote each time, numbered in order, with the email `emailOf(n)`, counted as `kind`. */
    const quoteRequest = (
      headers: Record<string, string>,
      emailOf: (n: number) => string,
      kind: string,
    ): autocannon.Request => ({
      method: "POST",
      path: "/api/quotes",
      headers,
      setupRequest: (request) => {
        const n = ++quoteNumber;
        return { ...request, body: JSON.stringify(quoteBody(emailOf(n), n)) };
      },
      onResponse: count(kind),
    });
    const requests: autocannon.Request[] = [
      { method: "GET", path: "/", onResponse: count("GET /") },
      { method: "GET", path: "/instant-quote", onResponse: count("GET /instant-quote") },
      { method: "GET", path: "/api/services/prices", onResponse: count("GET /api/services/prices") },
      quoteRequest(json, (n) => `visitor-${runId}-${n}@load.test`, "POST /api/quotes (visitor)"),
      { method: "GET", path: asset, onResponse: count("GET asset") },
      signedInGet("/api/customer/jobs", customer.cookie, "GET /api/customer/jobs"),
      signedInGet("/api/notifications", customer.cookie, "GET /api/notifications (customer)"),
      signedInGet("/api/landscaper/jobs", landscaper.cookie, "GET /api/landscaper/jobs"),
      signedInGet("/api/notifications", landscaper.cookie, "GET /api/notifications (landscaper)"),
      quoteRequest({ ...json, cookie: customer.cookie }, () => customer.email, "POST /api/quotes (customer)"),
    ];
    const run = (seconds: number) =>
      autocannon({
        url: server.baseURL,
        connections: CONNECTIONS,
        pipelining: 1,
        duration: seconds,
        // Generous: on a busy 2-core machine a slow answer is noise; only a hang should count.
        timeout: 30,
        requests,
      });

    // Warm-up (JIT, lazy imports, pools), let the mail worker catch up, then the baseline.
    const warmup = await run(WARMUP_SECONDS);
    expect(warmup.errors + warmup.non2xx).toBe(0);
    await waitForMailIdle(60_000);
    const before = await memoryAfterGc(adminCookie);
    statuses.clear();
    acknowledged.clear();

    const result = await run(LOAD_SECONDS);

    expect(server.isRunning(), "the server process is still running").toBe(true);
    const health = await fetch(new URL("/api/health", server.baseURL));
    expect(health.status).toBe(200);

    // Idle: the outbox drains the run's emails, then the heap is read the same way as before.
    const emails = await waitForMailIdle(90_000);
    const after = await memoryAfterGc(adminCookie);

    const perKind = Object.fromEntries(
      [...statuses].map(([kind, byStatus]) => [kind, Object.fromEntries(byStatus)]),
    );
    const summary = {
      seconds: result.duration,
      connections: CONNECTIONS,
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average * 10) / 10,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      quotesAcknowledged: acknowledged.size,
      emailsWritten: emails,
      heapUsedMB: { before: before.heapUsedBytes / MB, after: after.heapUsedBytes / MB },
      heapGrowthLimitMB: HEAP_GROWTH_LIMIT_BYTES / MB,
      heapGrowthBytesPerRequest: Math.round(
        (after.heapUsedBytes - before.heapUsedBytes) / Math.max(1, result.requests.total),
      ),
      rssMB: { before: before.rssBytes / MB, after: after.rssBytes / MB },
      externalMB: { before: before.externalBytes / MB, after: after.externalBytes / MB },
      perKind,
    };
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
    console.info(
      `load: ${summary.requests} requests in ${summary.seconds} s (${summary.requestsPerSecond} req/s), ` +
        `p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms, ` +
        `${summary.errors} errors, ${summary.non2xx} non-2xx, ${summary.quotesAcknowledged} quotes; ` +
        `heap ${mb(before.heapUsedBytes)} → ${mb(after.heapUsedBytes)}, ` +
        `RSS ${mb(before.rssBytes)} → ${mb(after.rssBytes)}`,
    );
    // test-results/load.json is the Vitest report of the `load` step (scripts/run-vitest.mjs).
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    writeFileSync(
      path.join(root, "test-results", "load-summary.json"),
      `${JSON.stringify(summary, null, 2)}\n`,
    );

    // Correctness: nothing failed, every route answered 200 only, and each kind was exercised.
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.requests.total).toBeGreaterThan(0);
    for (const kind of kinds) {
      expect(perKind[kind], `${kind} answered only 200`).toEqual({ 200: expect.any(Number) });
      expect(perKind[kind]?.[200], `${kind} ran`).toBeGreaterThan(0);
    }
    expect(acknowledged.size).toBe(
      (perKind["POST /api/quotes (visitor)"]?.[200] ?? 0) +
        (perKind["POST /api/quotes (customer)"]?.[200] ?? 0),
    );

    // Memory: back near the warmed-up baseline once the server is idle and collected.
    expect(after.heapUsedBytes - before.heapUsedBytes, "heap growth (bytes)").toBeLessThan(
      HEAP_GROWTH_LIMIT_BYTES,
    );
  });
});
