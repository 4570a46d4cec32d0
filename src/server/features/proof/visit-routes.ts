import type { FastifyInstance } from "fastify";
import { fieldStepSchema } from "../../../shared/field.js";
import {
  offerRedoSchema,
  onMyWaySchema,
  reportProblemSchema,
  resolutionsAnswerSchema,
  resolveDisputeSchema,
} from "../../../shared/proof.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { defineInput } from "../../lib/route-input.js";
import { jobActionRoutes, jobInput, jobParams } from "../jobs/index.js";
import { markArrival, markOnMyWay } from "./arrival.js";
import { answerRedo, offerRedo, reportProblem, resolveDispute } from "./disputes.js";
import { listResolutions } from "./resolutions.js";

const onMyWayInput = defineInput({ params: jobParams, body: onMyWaySchema });
const stepInput = defineInput({ params: jobParams, body: fieldStepSchema });
const reportInput = defineInput({ params: jobParams, body: reportProblemSchema });
const offerRedoInput = defineInput({ params: jobParams, body: offerRedoSchema });
const resolveInput = defineInput({ params: jobParams, body: resolveDisputeSchema });

/** The visit's day (arrival steps the customer follows live) and what follows a reported problem. */
export async function visitRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const jobAction = jobActionRoutes(fastify);

  jobAction(
    "/jobs/:id/on-my-way",
    ["landscaper"],
    onMyWayInput,
    (context, { body }) =>
      markOnMyWay({
        ...context,
        etaMinutes: body.etaMinutes,
        etaTime: body.etaTime,
        occurredAt: body.occurredAt,
      }),
    "The customer has been told you are on the way.",
  );
  jobAction(
    "/jobs/:id/arrived",
    ["landscaper"],
    stepInput,
    (context, { body }) => markArrival({ ...context, step: "arrived", occurredAt: body?.occurredAt }),
    "The customer has been told you have arrived.",
  );
  jobAction(
    "/jobs/:id/start-work",
    ["landscaper"],
    stepInput,
    (context, { body }) => markArrival({ ...context, step: "start_work", occurredAt: body?.occurredAt }),
    "Work started. The customer has been told.",
  );

  jobAction(
    "/jobs/:id/report-problem",
    ["customer"],
    reportInput,
    (context, { body }) => reportProblem({ ...context, reason: body.reason, note: body.note }),
    "Thanks for telling us. Nothing is charged until our team has looked into it.",
  );
  jobAction(
    "/jobs/:id/offer-redo",
    ["landscaper"],
    offerRedoInput,
    (context, { body }) => offerRedo({ ...context, date: body.date, note: body.note }),
    "Redo visit offered. The customer has been asked to accept it.",
  );
  jobAction(
    "/jobs/:id/redo/accept",
    ["customer"],
    jobInput,
    (context) => answerRedo({ ...context, accept: true }),
    "Redo visit booked. Your landscaper has been told.",
  );
  jobAction(
    "/jobs/:id/redo/decline",
    ["customer"],
    jobInput,
    (context) => answerRedo({ ...context, accept: false }),
    "You declined the redo visit. Our team will look into your report.",
  );

  // Our team resolves reported problems (the Resolutions page).
  app.get(
    "/admin/resolutions",
    { config: { access: ["admin"] }, schema: answers(resolutionsAnswerSchema) },
    async () => listResolutions({ db: app.database.db }),
  );
  jobAction(
    "/admin/jobs/:id/resolve",
    ["admin"],
    resolveInput,
    (context, { body }) =>
      resolveDispute({
        ...context,
        resolution: body.resolution,
        date: body.date,
        amountCents: body.amount === undefined ? undefined : Math.round(Number(body.amount) * 100),
        note: body.note,
      }),
    "The report is resolved. Both sides have been told.",
  );
}
