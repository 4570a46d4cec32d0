import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import {
  Counter,
  EXPOSITION_CONTENT_TYPE,
  exposition,
  type Family,
  gauge,
  Histogram,
} from "../../lib/metrics/exposition.js";
import { ProcessMetrics } from "../../lib/metrics/process-metrics.js";
import { matchesTokenHash, tokenHashOf } from "../../lib/secret-token.js";
import { READY_PASS, readiness } from "./readiness.js";

/**
 * What this instance counts in its own memory: requests, their latency, outbox deliveries. Prometheus scrapes
 * each instance, so these are about the instance, the one kind of state that belongs in a process (decision
 * record 028). Everything shared (the outbox, the passes) is read from the database at scrape time.
 */
export class InstanceMetrics {
  readonly startedAtMs = Date.now();
  readonly requests = new Counter(
    "greenscape_http_requests_total",
    "HTTP requests this instance answered, by route template and status class.",
    ["method", "route", "status_class"],
  );
  readonly latency = new Histogram(
    "greenscape_http_request_duration_seconds",
    "Time to answer an HTTP request on this instance, by route template and status class.",
    ["method", "route", "status_class"],
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  readonly deliveries = new Counter(
    "greenscape_outbox_deliveries_total",
    "Outbox send attempts by this instance's worker: sent, retry (failed, to be tried again) or failed (for good).",
    ["channel", "outcome"],
  );
  readonly process = new ProcessMetrics();
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: InstanceMetrics;
  }
}

/** Requests that matched no route share one label: the raw path would make a series per address tried. */
const UNMATCHED = "(unmatched)";

/** Every family of one scrape. */
async function scrape(app: FastifyInstance): Promise<string> {
  const { metrics, env, database } = app;
  const { answer, figures } = await readiness({
    db: database.db,
    storage: app.storage,
    log: app.log,
    outboxLagLimitSeconds: env.OUTBOX_LAG_READY_SECONDS,
    passLagLimitSeconds: env.PASS_LAG_READY_SECONDS,
    startedAtMs: metrics.startedAtMs,
  });
  const families: Family[] = [
    gauge(
      "greenscape_ready",
      "1 when GET /api/health/ready would answer 200.",
      answer.status === "ready" ? 1 : 0,
    ),
    {
      name: "greenscape_readiness_check",
      help: "Each readiness check: 1 passing, 0 failing.",
      type: "gauge",
      samples: Object.entries(answer.checks).map(([check, result]) => ({
        labels: { check },
        value: result.ok ? 1 : 0,
      })),
    },
  ];
  if (figures) {
    families.push(
      gauge(
        "greenscape_outbox_pending_messages",
        "Messages waiting to be sent (all instances).",
        figures.outboxPending,
      ),
      gauge(
        "greenscape_outbox_lag_seconds",
        "How long the oldest due, unsent message has waited past its time (0: none due).",
        figures.outboxLagSeconds,
      ),
      gauge(
        "greenscape_outbox_failed_messages",
        "Messages that failed every attempt and wait for an admin's retry.",
        figures.outboxFailed,
      ),
      {
        name: "greenscape_scheduled_pass_lag_seconds",
        help: "Seconds since each scheduled pass last finished on any instance (+Inf: never).",
        type: "gauge",
        samples: [...new Set([READY_PASS, ...figures.passLags.keys()])].map((pass) => ({
          labels: { pass },
          value: figures.passLags.get(pass) ?? Number.POSITIVE_INFINITY,
        })),
      },
    );
  }
  families.push(
    gauge(
      "greenscape_sse_connections",
      "Notification streams open on this instance.",
      app.notificationHub.openStreams,
    ),
  );
  families.push({
    name: "greenscape_db_info",
    help: "The database engine (pglite: one in-process connection, no pool).",
    type: "gauge",
    samples: [{ labels: { engine: database.engine }, value: 1 }],
  });
  const pool = database.pool();
  if (pool) {
    families.push(
      {
        name: "greenscape_db_pool_connections",
        help: "PostgreSQL pool connections of this instance: total open, idle, and queries waiting for one.",
        type: "gauge",
        samples: (["total", "idle", "waiting"] as const).map((state) => ({
          labels: { state },
          value: pool[state],
        })),
      },
      gauge("greenscape_db_pool_max", "The most connections this instance's pool opens.", pool.max),
    );
  }
  families.push(metrics.requests.family(), metrics.latency.family(), metrics.deliveries.family());
  families.push(...metrics.process.families());
  return exposition(families);
}

/** Bearer METRICS_TOKEN, compared in constant time; every request passes when no token is set. */
function tokenCheck(token: string | undefined): (authorization: string | undefined) => boolean {
  if (!token) return () => true;
  const hash = tokenHashOf(token);
  return (authorization) => {
    const match = /^Bearer (\S+)$/i.exec(authorization ?? "");
    return match ? matchesTokenHash(match[1]!, hash) : false;
  };
}

const REFUSAL = JSON.stringify({
  error: { code: "unauthorized", message: "Metrics need the METRICS_TOKEN as a Bearer token." },
});

/**
 * Request counts and latency for every route; GET /metrics on PORT when METRICS_TOKEN is set, and on a port of
 * its own when METRICS_PORT is (the token is asked there too when set). See docs/operating.md.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { metrics, env } = app;
  app.addHook("onReady", async () => metrics.process.start());
  app.addHook("onClose", async () => metrics.process.stop());
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    metrics.requests.inc(labels);
    // A notification stream's "latency" is how long someone kept a tab open: counted, not timed (the open
    // streams are greenscape_sse_connections).
    const type = reply.raw.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("text/event-stream")) return;
    metrics.latency.observe(labels, reply.elapsedTime / 1000);
  });

  const authorized = tokenCheck(env.METRICS_TOKEN);
  if (env.METRICS_TOKEN) {
    app.get("/metrics", async (request, reply) => {
      reply.header("cache-control", "no-store");
      if (!authorized(request.headers.authorization)) {
        return reply
          .status(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .type("application/json; charset=utf-8")
          .send(REFUSAL);
      }
      return reply.type(EXPOSITION_CONTENT_TYPE).send(await scrape(app));
    });
  }

  const port = env.METRICS_PORT;
  if (port === undefined) return;
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response
        .writeHead(404, { "content-type": "text/plain; charset=utf-8" })
        .end("Metrics are at GET /metrics.\n");
      return;
    }
    if (!authorized(request.headers.authorization)) {
      response
        .writeHead(401, {
          "content-type": "application/json; charset=utf-8",
          "www-authenticate": 'Bearer realm="metrics"',
        })
        .end(REFUSAL);
      return;
    }
    const text = await scrape(app);
    response.writeHead(200, { "content-type": EXPOSITION_CONTENT_TYPE, "cache-control": "no-store" });
    response.end(request.method === "HEAD" ? undefined : text);
  };
  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      app.log.error({ err: error }, "metrics scrape failed");
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  app.addHook("onReady", async () => {
    await new Promise<void>((resolve, reject) => {
      server.once("error", (error: NodeJS.ErrnoException) =>
        reject(
          new Error(
            error.code === "EADDRINUSE"
              ? `METRICS_PORT: ${port} is already in use by another program. Stop it or choose another port.`
              : `METRICS_PORT: could not listen on ${port} (${error.message})`,
          ),
        ),
      );
      server.listen(port, env.HOST, () => resolve());
    });
  });
  app.addHook("onClose", async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
