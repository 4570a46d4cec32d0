import type { FastifyInstance } from "fastify";
import { scheduleAnswerSchema } from "../../../shared/schedule.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { requirePrincipal } from "../../plugins/access.js";
import { emptySchedule, landscaperSchedule } from "./service.js";

/** The landscaper's week: the Schedule tab of their dashboard. */
export async function scheduleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();

  // Both weeks in one answer. Master users preview the tab with no visits, as they preview the queue.
  app.get(
    "/landscaper/schedule",
    { config: { access: ["landscaper", "master"] }, schema: answers(scheduleAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      if (principal.role !== "landscaper") return { ...emptySchedule(), preview: true };
      const schedule = await landscaperSchedule({ db: app.database.db, landscaperId: principal.userId });
      return { ...schedule, preview: false };
    },
  );
}
