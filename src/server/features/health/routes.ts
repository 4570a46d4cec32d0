import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  healthAnswerSchema,
  liveAnswerSchema,
  readyAnswerSchema,
  runtimeAnswerSchema,
} from "../../../shared/health.js";
import { ping } from "../../db/client.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { defineInput } from "../../lib/route-input.js";
import { readiness } from "./readiness.js";

const runtimeInput = defineInput({ query: z.object({ gc: z.enum(["0", "1"]).optional() }) });

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  app.get(
    "/health",
    { config: { access: "public" }, schema: answers(healthAnswerSchema) },
    async (_request, reply) => {
      const started = performance.now();
      const [ok, storageOk] = await Promise.all([
        ping(app.database.db),
        app.storage.check().then(
          () => true,
          (error: unknown) => {
            app.log.warn({ err: error }, "storage check failed");
            return false;
          },
        ),
      ]);
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      const healthy = ok && storageOk;
      return reply.status(healthy ? 200 : 503).send({
        status: healthy ? "ok" : "unavailable",
        database: { engine: app.database.engine, ok, latencyMs },
        storage: { kind: app.storage.kind, ok: storageOk },
      });
    },
  );

  // Liveness for a load balancer: answers without touching the database, so a slow database takes an
  // instance out of rotation through /health without also failing this check. Benchmarks use it as the
  // ceiling of a route on this server.
  app.get("/health/live", { config: { access: "public" }, schema: answers(liveAnswerSchema) }, async () => ({
    status: "ok" as const,
  }));

  // Readiness for a load balancer: /health's two checks, plus the shared background work not being stuck (the
  // outbox's oldest due message, the payments pass's last finish on any instance). Public like /health: it
  // names checks and figures, never settings, addresses or errors (docs/operating.md).
  app.get(
    "/health/ready",
    { config: { access: "public" }, schema: answers(readyAnswerSchema) },
    async (_request, reply) => {
      const { answer } = await readiness({
        db: app.database.db,
        storage: app.storage,
        log: app.log,
        outboxLagLimitSeconds: app.env.OUTBOX_LAG_READY_SECONDS,
        passLagLimitSeconds: app.env.PASS_LAG_READY_SECONDS,
        startedAtMs: app.metrics.startedAtMs,
      });
      return reply.status(answer.status === "ready" ? 200 : 503).send(answer);
    },
  );

  // Process figures for whoever runs the service (the load test reads them). `gc=1` runs a full collection
  // first when the process was started with --expose-gc, so heap figures compare like with like.
  app.get(
    "/health/runtime",
    { config: { access: ["admin"], input: runtimeInput }, schema: answers(runtimeAnswerSchema) },
    async (request) => {
      const { query } = runtimeInput.parse(request);
      const gc = (globalThis as { gc?: () => void }).gc;
      const collected = query.gc === "1" && typeof gc === "function";
      if (collected) gc();
      const memory = process.memoryUsage();
      return {
        uptimeSeconds: Math.round(process.uptime()),
        collected,
        memory: {
          rssBytes: memory.rss,
          heapUsedBytes: memory.heapUsed,
          heapTotalBytes: memory.heapTotal,
          externalBytes: memory.external,
        },
      };
    },
  );
}
