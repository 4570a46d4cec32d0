import type { FastifyInstance } from "fastify";
import { ping } from "../../db/client.js";

export async function healthRoutes(app: FastifyInstance) {
  app.get("/health", { config: { access: "public" } }, async (_request, reply) => {
    const started = performance.now();
    const ok = await ping(app.database.db);
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    return reply.status(ok ? 200 : 503).send({
      status: ok ? "ok" : "unavailable",
      database: { engine: app.database.engine, ok, latencyMs },
    });
  });
}
