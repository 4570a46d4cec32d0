import type { FastifyInstance } from "fastify";
import { formatLongDate } from "../../../shared/dates.js";
import { moveDayAnswerSchema, moveDaySchema, rainDaysAnswerSchema } from "../../../shared/weather.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { moveDay, rainDays } from "./move-day.js";

const moveInput = defineInput({ body: moveDaySchema });

/** Rain days on the landscaper's Schedule and "Move my day" (issue 37). */
export async function weatherRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const deps = (landscaperId: string) => ({
    db: app.database.db,
    forecast: app.forecastProvider,
    thresholdPercent: app.env.RAIN_FLAG_PERCENT,
    landscaperId,
  });

  // Master users preview the Schedule with no visits, so with no rain days.
  app.get(
    "/landscaper/weather",
    { config: { access: ["landscaper", "master"] }, schema: answers(rainDaysAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      if (principal.role !== "landscaper") return { days: [] };
      return { days: await rainDays(deps(principal.userId)) };
    },
  );

  app.post(
    "/landscaper/weather/move-day",
    { config: { access: ["landscaper"], input: moveInput }, schema: answers(moveDayAnswerSchema) },
    async (request) => {
      const { body } = moveInput.parse(request);
      const principal = requirePrincipal(request);
      const result = await moveDay({ ...deps(principal.userId), env: app.env, date: body.date, to: body.to });
      const visits = result.moved === 1 ? "1 visit" : `${result.moved} visits`;
      return {
        ...result,
        message: `${visits} moved to ${formatLongDate(result.to)}. Each customer has been told and may decline the new day.`,
      };
    },
  );
}
