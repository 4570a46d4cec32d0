import type { FastifyInstance } from "fastify";
import { healthAnswerSchema, healthQuerySchema, healthSummarySchema } from "../../../shared/admin-health.js";
import { answers, jsonAnswer, type ZodAnswers } from "../../lib/answers.js";
import { defineInput } from "../../lib/route-input.js";
import { storedHealthSummaryText, storedHealthText } from "./health-store.js";

const healthInput = defineInput({ query: healthQuerySchema });

/**
 * Admin → Health (issue 38) and the dashboard's four health tiles: the counts stored in the database
 * (health-store.ts) as the JSON text it writes, counted on the spot only when none fresh enough is stored.
 */
export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  app.get(
    "/admin/health",
    { config: { access: ["admin"], input: healthInput }, schema: answers(healthAnswerSchema) },
    async (request) => {
      const { query } = healthInput.parse(request);
      return jsonAnswer(
        healthAnswerSchema,
        await storedHealthText({ db: app.database.db, env: app.env, query }),
      );
    },
  );

  app.get(
    "/admin/health/summary",
    { config: { access: ["admin"] }, schema: answers(healthSummarySchema) },
    async () =>
      jsonAnswer(healthSummarySchema, await storedHealthSummaryText({ db: app.database.db, env: app.env })),
  );
}
