import type { FastifyInstance } from "fastify";
import { healthAnswerSchema, healthQuerySchema, healthSummarySchema } from "../../../shared/admin-health.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { defineInput } from "../../lib/route-input.js";
import { healthSummary, marketplaceHealth } from "./health-service.js";

const healthInput = defineInput({ query: healthQuerySchema });

/** Admin → Health (issue 38) and the dashboard's four health tiles: read from the database on every call. */
export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  app.get(
    "/admin/health",
    { config: { access: ["admin"], input: healthInput }, schema: answers(healthAnswerSchema) },
    async (request) => {
      const { query } = healthInput.parse(request);
      return marketplaceHealth({ db: app.database.db, query });
    },
  );

  app.get(
    "/admin/health/summary",
    { config: { access: ["admin"] }, schema: answers(healthSummarySchema) },
    async () => healthSummary({ db: app.database.db }),
  );
}
