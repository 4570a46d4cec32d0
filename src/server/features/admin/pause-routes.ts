import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { messageAnswerSchema } from "../../../shared/answers.js";
import { liftPauseSchema, pausedLandscapersAnswerSchema } from "../../../shared/reliability.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { liftPause, listPausedLandscapers } from "../landscapers/index.js";

const liftInput = defineInput({
  params: z.object({ userId: z.string().trim().min(1).max(100) }),
  body: liftPauseSchema,
});

/** The dashboard's review queue of landscapers the late lock-out paused, and lifting a pause. */
export async function pauseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  app.get(
    "/admin/paused-landscapers",
    { config: { access: ["admin"] }, schema: answers(pausedLandscapersAnswerSchema) },
    async () => ({ landscapers: await listPausedLandscapers(app.database.db) }),
  );

  app.post(
    "/admin/landscapers/:userId/lift-pause",
    { config: { access: ["admin"], input: liftInput }, schema: answers(messageAnswerSchema) },
    async (request) => {
      const { params, body } = liftInput.parse(request);
      return liftPause({
        db: app.database.db,
        env: app.env,
        principal: requirePrincipal(request),
        userId: params.userId,
        note: body.note,
      });
    },
  );
}
