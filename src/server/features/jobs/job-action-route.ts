import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { jobActionAnswerSchema } from "../../../shared/jobs.js";
import type { Access } from "../../lib/access.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import type { RateLimitPolicy } from "../../lib/rate-limit/policies.js";
import type { RouteInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import type { ActionOptions } from "./action-options.js";
import { fieldKeyOf, oncePerKey } from "./field-action.js";
import type { jobParams } from "./route-inputs.js";
import { type JobRow, jobViewFor } from "./views.js";

/**
 * Declares lifecycle moves on one job for a feature's routes (jobs, payments, proof): each parses, counts
 * against the account's `limit` if it has one, runs the action as the signed-in person, and answers the job
 * as they now see it with the sentence the screen shows.
 */
export function jobActionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  return function jobAction<S extends { params: typeof jobParams; body?: z.ZodType }>(
    path: string,
    access: Access,
    input: RouteInput<S>,
    run: (context: ActionOptions, parsed: ReturnType<RouteInput<S>["parse"]>) => Promise<JobRow>,
    /** The sentence the screen shows, or one chosen by what the action did. */
    message: string | ((job: JobRow) => string),
    limit?: RateLimitPolicy,
  ) {
    app.post(path, { config: { access, input }, schema: answers(jobActionAnswerSchema) }, async (request) => {
      const parsed = input.parse(request);
      const principal = requirePrincipal(request);
      if (limit) await app.limit(request, limit, principal.userId);
      const context = {
        db: app.database.db,
        env: app.env,
        principal,
        jobId: parsed.params.id,
        provider: app.paymentProvider,
      };
      // A phone sending its offline queue names each action with a key: a repeat answers the first answer.
      const once = { db: context.db, userId: principal.userId, key: fieldKeyOf(request), action: path };
      return oncePerKey({ ...once, jobId: context.jobId }, async (db) => {
        const row = await run({ ...context, db }, parsed);
        return {
          job: jobViewFor(principal, row),
          message: typeof message === "string" ? message : message(row),
        };
      });
    });
  };
}
