import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { areaChangeDecisionAnswerSchema, areaChangesAnswerSchema } from "../../../shared/admin.js";
import { areaChangeDecisions } from "../../../shared/landscapers.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { decideAreaChange, listAreaChanges } from "../landscapers/index.js";

const decideInput = defineInput({
  params: z.object({
    id: z.uuid({ message: "This area change request was not found." }),
    decision: z.enum(areaChangeDecisions, { message: "Choose approve or deny." }),
  }),
});

/** Admin review of approved landscapers' service-area changes (the old area stays in force until approved). */
export async function areaChangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  app.get(
    "/admin/area-changes",
    { config: { access: ["admin"] }, schema: answers(areaChangesAnswerSchema) },
    async () => ({
      changes: await listAreaChanges(app.database.db),
    }),
  );

  app.post(
    "/admin/area-changes/:id/:decision",
    { config: { access: ["admin"], input: decideInput }, schema: answers(areaChangeDecisionAnswerSchema) },
    async (request) => {
      const { params } = decideInput.parse(request);
      const result = await decideAreaChange({
        db: app.database.db,
        principal: requirePrincipal(request),
        changeId: params.id,
        decision: params.decision,
      });
      return {
        ...result,
        message:
          result.status === "approved" ? "The new service area is in force." : "The request was denied.",
      };
    },
  );
}
