import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { jobActionAnswerSchema } from "../../../shared/jobs.js";
import {
  changeWeekdaySchema,
  dayRequestsAnswerSchema,
  moveVisitSchema,
  pauseSeriesSchema,
  seriesActionAnswerSchema,
  seriesMessages,
  seriesReasonSchema,
  weekdayAnswerSchema,
} from "../../../shared/recurring.js";
import type { Access } from "../../lib/access.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { defineInput, type RouteInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { jobInput, jobParams, jobViewFor } from "../jobs/index.js";
import { cancelSeries, leaveSeries, pauseSeries, resumeSeries } from "./actions.js";
import { pendingDayRequests } from "./day-requests.js";
import { seriesSummaries } from "./reads.js";
import { restoreSkippedVisit } from "./skip-restore.js";
import { declineMovedVisit, moveVisit } from "./visit-moves.js";
import { answerWeekdayRequest, requestWeekday, withdrawWeekdayRequest } from "./weekday-request.js";

const seriesParams = z.object({ id: z.uuid({ message: seriesMessages.notYours }) });
const pauseInput = defineInput({ params: seriesParams, body: pauseSeriesSchema });
const weekdayInput = defineInput({ params: seriesParams, body: changeWeekdaySchema });
const reasonInput = defineInput({ params: seriesParams, body: seriesReasonSchema });
const moveInput = defineInput({ params: jobParams, body: moveVisitSchema });
const emptyInput = defineInput({ params: seriesParams, body: z.object({}) });
const answerInput = defineInput({ params: seriesParams, body: weekdayAnswerSchema });

/** Changes to a recurring series (the customer's and the landscaper's) and to one of its visits. */
export async function seriesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const deps = () => ({ db: app.database.db, env: app.env, provider: app.paymentProvider });

  function seriesAction<S extends { params: typeof seriesParams; body: z.ZodType }>(
    path: string,
    access: Access,
    input: RouteInput<S>,
    run: (
      options: ReturnType<typeof deps> & { principal: ReturnType<typeof requirePrincipal>; seriesId: string },
      body: z.output<S["body"]>,
    ) => Promise<{ series: { id: string }; message: string }>,
  ) {
    app.post(
      path,
      { config: { access, input }, schema: answers(seriesActionAnswerSchema) },
      async (request) => {
        const { params, body } = input.parse(request) as {
          params: { id: string };
          body: z.output<S["body"]>;
        };
        const result = await run(
          { ...deps(), principal: requirePrincipal(request), seriesId: params.id },
          body,
        );
        const summary = (await seriesSummaries(app.database.db, [result.series.id])).get(result.series.id)!;
        return { series: summary, message: result.message };
      },
    );
  }

  seriesAction("/series/:id/pause", ["customer"], pauseInput, (options, body) =>
    pauseSeries({ ...options, until: body.until }),
  );
  seriesAction("/series/:id/resume", ["customer"], emptyInput, (options) => resumeSeries(options));
  // A new weekday is asked of the landscaper, who agreed to the current one (issue 33).
  seriesAction("/series/:id/weekday", ["customer"], weekdayInput, (options, body) =>
    requestWeekday({ ...options, weekday: body.weekday }),
  );
  seriesAction("/series/:id/weekday-withdraw", ["customer"], emptyInput, (options) =>
    withdrawWeekdayRequest(options),
  );
  seriesAction("/series/:id/weekday-answer", ["landscaper"], answerInput, (options, body) =>
    answerWeekdayRequest({ ...options, agree: body.agree }),
  );
  // The asks waiting for this landscaper's answer, whatever the queue's filters and page (issue 33 review).
  app.get(
    "/series/day-requests",
    { config: { access: ["landscaper"] }, schema: answers(dayRequestsAnswerSchema) },
    async (request) => pendingDayRequests(app.database.db, requirePrincipal(request).userId),
  );
  seriesAction("/series/:id/cancel", ["customer"], reasonInput, (options, body) =>
    cancelSeries({ ...options, reason: body.reason }),
  );
  seriesAction("/series/:id/leave", ["landscaper"], reasonInput, (options, body) =>
    leaveSeries({ ...options, reason: body.reason }),
  );

  app.post(
    "/jobs/:id/move",
    { config: { access: ["landscaper"], input: moveInput }, schema: answers(jobActionAnswerSchema) },
    async (request) => {
      const { params, body } = moveInput.parse(request);
      const principal = requirePrincipal(request);
      const updated = await moveVisit({
        ...deps(),
        principal,
        jobId: params.id,
        date: body.date,
        reason: body.reason,
      });
      return {
        job: jobViewFor(principal, updated),
        message: "The visit is moved. The customer has been told.",
      };
    },
  );
  app.post(
    "/jobs/:id/restore",
    { config: { access: ["customer"], input: jobInput }, schema: answers(jobActionAnswerSchema) },
    async (request) => {
      const { params } = jobInput.parse(request);
      const principal = requirePrincipal(request);
      const visit = await restoreSkippedVisit({ ...deps(), principal, jobId: params.id });
      return {
        job: jobViewFor(principal, visit),
        message: "The visit is back on. Your landscaper has been told.",
      };
    },
  );
  app.post(
    "/jobs/:id/decline-move",
    { config: { access: ["customer"], input: jobInput }, schema: answers(jobActionAnswerSchema) },
    async (request) => {
      const { params } = jobInput.parse(request);
      const principal = requirePrincipal(request);
      const updated = await declineMovedVisit({
        ...deps(),
        principal,
        jobId: params.id,
      });
      return {
        job: jobViewFor(principal, updated),
        message: "The visit is cancelled; nothing is charged for it.",
      };
    },
  );
}
