import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { messageAnswerSchema } from "../../../shared/answers.js";
import {
  assignCandidatesAnswerSchema,
  assignProSchema,
  declineAssignmentSchema,
  landscaperAssignmentsAnswerSchema,
  needsProAnswerSchema,
  tellCustomerSchema,
} from "../../../shared/nothing-waits.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import {
  assignCandidates,
  assignPro,
  confirmAssignment,
  declineAssignment,
  tellCustomer,
} from "./assignment.js";
import { landscaperAssignments, needsProList } from "./needs-pro.js";

const jobParams = z.object({ id: z.uuid({ message: "Request not found." }) });
const assignmentParams = z.object({ id: z.uuid({ message: "Assignment not found." }) });
const prosInput = defineInput({ params: jobParams });
const assignInput = defineInput({ params: jobParams, body: assignProSchema });
const tellInput = defineInput({ params: jobParams, body: tellCustomerSchema });
const confirmInput = defineInput({ params: assignmentParams });
const declineInput = defineInput({
  params: assignmentParams,
  body: z.preprocess((body) => body ?? {}, declineAssignmentSchema),
});

/**
 * Nothing waits silently (issue 38): our team's Needs a pro queue and its two actions, and the pro's answer to
 * an assignment. Admin writes count under the account's write limit (plugins/rate-limit.ts); a pro's answers
 * also under the accept limit, as taking a job does.
 */
export async function needsProRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const db = () => app.database.db;

  app.get(
    "/admin/needs-a-pro",
    { config: { access: ["admin"] }, schema: answers(needsProAnswerSchema) },
    async () => ({ jobs: await needsProList(db()), asOf: new Date().toISOString() }),
  );

  app.get(
    "/admin/needs-a-pro/:id/pros",
    { config: { access: ["admin"], input: prosInput }, schema: answers(assignCandidatesAnswerSchema) },
    async (request) => {
      const { params } = prosInput.parse(request);
      return { pros: await assignCandidates({ db: db(), jobId: params.id }) };
    },
  );

  app.post(
    "/admin/needs-a-pro/:id/assign",
    { config: { access: ["admin"], input: assignInput }, schema: answers(messageAnswerSchema) },
    async (request) => {
      const { params, body } = assignInput.parse(request);
      return assignPro({ db: db(), principal: requirePrincipal(request), jobId: params.id, ...body });
    },
  );

  app.post(
    "/admin/needs-a-pro/:id/tell-customer",
    { config: { access: ["admin"], input: tellInput }, schema: answers(messageAnswerSchema) },
    async (request) => {
      const { params, body } = tellInput.parse(request);
      return tellCustomer({
        db: db(),
        env: app.env,
        principal: requirePrincipal(request),
        jobId: params.id,
        message: body.message,
      });
    },
  );

  app.get(
    "/landscaper/assignments",
    { config: { access: ["landscaper"] }, schema: answers(landscaperAssignmentsAnswerSchema) },
    async (request) => ({ assignments: await landscaperAssignments(db(), requirePrincipal(request).userId) }),
  );

  app.post(
    "/landscaper/assignments/:id/confirm",
    { config: { access: ["landscaper"], input: confirmInput }, schema: answers(messageAnswerSchema) },
    async (request) => {
      const { params } = confirmInput.parse(request);
      const principal = requirePrincipal(request);
      await app.limit(request, policies.jobAcceptByAccount, principal.userId);
      return confirmAssignment({ db: db(), env: app.env, principal, assignmentId: params.id });
    },
  );

  app.post(
    "/landscaper/assignments/:id/decline",
    { config: { access: ["landscaper"], input: declineInput }, schema: answers(messageAnswerSchema) },
    async (request) => {
      const { params, body } = declineInput.parse(request);
      const principal = requirePrincipal(request);
      await app.limit(request, policies.jobAcceptByAccount, principal.userId);
      return declineAssignment({
        db: db(),
        env: app.env,
        principal,
        assignmentId: params.id,
        reason: body.reason,
      });
    },
  );
}
