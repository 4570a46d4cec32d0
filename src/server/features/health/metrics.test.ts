import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";
import { signUp } from "../../test/accounts-helpers.js";
import { type TestApp, useTestApp } from "../../test/build-test-app.js";
import { freePort } from "../../test/free-port.js";

const TOKEN = "metrics-token-for-tests-0123456789abcdef";

interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of an exposition text (enough of the format for these tests: no escaped quotes in values). */
function parse(text: string): Series[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not an exposition line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      const raw = match[3]!;
      return { name: match[1]!, labels, value: raw === "+Inf" ? Number.POSITIVE_INFINITY : Number(raw) };
    });
}

/** The one sample of `name` whose labels include `labels`; undefined when there is none. */
function sampleOf(series: Series[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = series.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} series`);
  return found[0]?.value;
}

async function scrape(t: TestApp): Promise<Series[]> {
  const response = await t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parse(response.body);
}

describe("GET /metrics on PORT, behind METRICS_TOKEN", () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN });

  it("refuses a scrape without the token or with another", async () => {
    for (const authorization of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`, TOKEN]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain("greenscape_");
    }
  });

  it("counts requests by route template and status class, and times them", async () => {
    const live = { method: "GET", route: "/api/health/live", status_class: "2xx" };
    const before = sampleOf(await scrape(t), "greenscape_http_requests_total", live) ?? 0;
    for (let i = 0; i < 3; i++) await t.app.inject({ method: "GET", url: "/api/health/live" });
    // Two unknown profiles: one series under the route's template, not one per address asked for.
    await t.app.inject({ method: "GET", url: "/api/pros/nobody-by-this-name" });
    await t.app.inject({ method: "GET", url: "/api/pros/nor-this-one" });
    await t.app.inject({ method: "GET", url: "/api/no-such-route" });
    const series = await scrape(t);
    expect(sampleOf(series, "greenscape_http_requests_total", live)).toBe(before + 3);
    const missing = { method: "GET", route: "/api/pros/:slug", status_class: "4xx" };
    expect(sampleOf(series, "greenscape_http_requests_total", missing)).toBe(2);
    expect(sampleOf(series, "greenscape_http_requests_total", { route: "(unmatched)" })).toBe(1);
    expect(series.some((s) => Object.values(s.labels).some((v) => v.includes("nobody")))).toBe(false);
    // The latency histogram: every request in the +Inf bucket, and a sum of their seconds.
    expect(sampleOf(series, "greenscape_http_request_duration_seconds_bucket", { ...live, le: "+Inf" })).toBe(
      before + 3,
    );
    expect(sampleOf(series, "greenscape_http_request_duration_seconds_count", live)).toBe(before + 3);
    expect(sampleOf(series, "greenscape_http_request_duration_seconds_sum", live)).toBeGreaterThan(0);
  });

  it("reports the outbox, the passes, the streams, the database and the process", async () => {
    await enqueueEmail(t.database.db, "metrics@example.test", {
      template: "verify_email",
      name: "Metrics",
      url: "http://localhost:3000/verify",
    });
    let series = await scrape(t);
    expect(sampleOf(series, "greenscape_outbox_pending_messages")).toBeGreaterThanOrEqual(1);
    expect(sampleOf(series, "greenscape_outbox_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sampleOf(series, "greenscape_outbox_failed_messages")).toBe(0);
    // No pass has run against this database: its lag is infinite (and readiness counts it after its limit).
    expect(sampleOf(series, "greenscape_scheduled_pass_lag_seconds", { pass: "payments" })).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(sampleOf(series, "greenscape_sse_connections")).toBe(0);
    expect(sampleOf(series, "greenscape_ready")).toBe(1);
    expect(sampleOf(series, "greenscape_readiness_check", { check: "outboxLag" })).toBe(1);
    const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
    expect(sampleOf(series, "greenscape_db_info", { engine })).toBe(1);
    if (engine === "postgres") {
      expect(sampleOf(series, "greenscape_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(
        1,
      );
      expect(sampleOf(series, "greenscape_db_pool_connections", { state: "waiting" })).toBe(0);
      expect(sampleOf(series, "greenscape_db_pool_max")).toBe(5);
    } else {
      expect(sampleOf(series, "greenscape_db_pool_connections", { state: "total" })).toBeUndefined();
    }
    expect(sampleOf(series, "process_cpu_seconds_total", { mode: "user" })).toBeGreaterThan(0);
    expect(sampleOf(series, "process_resident_memory_bytes")).toBeGreaterThan(1_000_000);

    expect(await t.app.outboxWorker.drain()).toBeGreaterThanOrEqual(1);
    series = await scrape(t);
    expect(sampleOf(series, "greenscape_outbox_pending_messages")).toBe(0);
    expect(
      sampleOf(series, "greenscape_outbox_deliveries_total", { channel: "email", outcome: "sent" }),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe("notification streams open on this instance", () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN, STREAM_SESSION_CHECK_MS: "200" });
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  const stream = { route: "/api/notifications/stream", status_class: "2xx" };

  it("counts a stream while it is open", async () => {
    const me = await signUp(t.app);
    const controller = new AbortController();
    const response = await fetch(`${base}/api/notifications/stream`, {
      headers: { cookie: me.cookie },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    expect(sampleOf(await scrape(t), "greenscape_sse_connections")).toBe(1);
    controller.abort();
    await reader.cancel().catch(() => {});
    await expect.poll(async () => sampleOf(await scrape(t), "greenscape_sse_connections")).toBe(0);
  });

  it("counts a stream the server ended as a request, without taking its open time for a latency", async () => {
    const me = await signUp(t.app);
    const response = await fetch(`${base}/api/notifications/stream`, { headers: { cookie: me.cookie } });
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: me.cookie },
    });
    expect(out.statusCode).toBe(200);
    // The stream ends within a session check of the sign-out.
    expect(await response.text()).toContain("event: signed-out");
    await expect
      .poll(async () => sampleOf(await scrape(t), "greenscape_http_requests_total", stream))
      .toBe(1);
    expect(
      sampleOf(await scrape(t), "greenscape_http_request_duration_seconds_count", stream),
    ).toBeUndefined();
  });
});

describe("without METRICS_TOKEN or METRICS_PORT", () => {
  const t = useTestApp();

  it("serves no metrics", async () => {
    const response = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("greenscape_");
  });
});

describe("metrics on METRICS_PORT", () => {
  let port: number;
  beforeAll(async () => {
    port = await freePort();
  });
  const t = useTestApp(() => ({ METRICS_PORT: String(port), HOST: "127.0.0.1" }));

  it("serves /metrics there without a token, and nothing else", async () => {
    await t.app.inject({ method: "GET", url: "/api/health/live" });
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const series = parse(await response.text());
    expect(
      sampleOf(series, "greenscape_http_requests_total", { route: "/api/health/live", status_class: "2xx" }),
    ).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    // Not on the public port: no token was set.
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
  });
});

describe("metrics on METRICS_PORT with METRICS_TOKEN set", () => {
  let port: number;
  beforeAll(async () => {
    port = await freePort();
  });
  const t = useTestApp(() => ({ METRICS_PORT: String(port), HOST: "127.0.0.1", METRICS_TOKEN: TOKEN }));

  it("asks for the token there too", async () => {
    expect(t.env.METRICS_PORT).toBe(port);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("greenscape_ready ");
  });
});
