import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { okMessageAnswerSchema } from "../../../shared/answers.js";
import {
  acceptJobSchema,
  cancelJobSchema,
  completeJobSchema,
  customerJobsAnswerSchema,
  jobActionAnswerSchema,
  landscaperJobsAnswerSchema,
  nextJobAnswerSchema,
  rateJobSchema,
} from "../../../shared/jobs.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { notFound } from "../../lib/errors.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { acceptJob, approveJob, cancelJob, completeJob, declineJob, rateJob } from "./actions.js";
import { landscaperQueue, listCustomerJobs, nextScheduledJob, photoOf } from "./reads.js";
import { queueStats, toJobView } from "./views.js";

const jobParams = z.object({ id: z.uuid({ message: "Job not found." }) });
const jobInput = defineInput({ params: jobParams });
const acceptInput = defineInput({ params: jobParams, body: acceptJobSchema });
const cancelInput = defineInput({ params: jobParams, body: cancelJobSchema });
const completeInput = defineInput({ params: jobParams, body: completeJobSchema });
const rateInput = defineInput({ params: jobParams, body: rateJobSchema });

export async function jobRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const db = () => app.database.db;

  // Customer side. Master users preview the screen with bookings hidden.
  app.get(
    "/customer/jobs",
    { config: { access: ["customer", "master"] }, schema: answers(customerJobsAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      if (principal.role !== "customer") return { jobs: [], preview: true };
      return { jobs: await listCustomerJobs({ db: db(), customerId: principal.userId }), preview: false };
    },
  );

  app.get(
    "/customer/jobs/next",
    { config: { access: ["customer", "master"] }, schema: answers(nextJobAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      if (principal.role !== "customer") return { job: null };
      return { job: await nextScheduledJob({ db: db(), customerId: principal.userId }) };
    },
  );

  app.post(
    "/jobs/:id/approve",
    { config: { access: ["customer"], input: jobInput }, schema: answers(jobActionAnswerSchema) },
    async (request) => {
      const {
        params: { id },
      } = jobInput.parse(request);
      const updated = await approveJob({
        db: db(),
        env: app.env,
        principal: requirePrincipal(request),
        jobId: id,
      });
      return { job: toJobView(updated), message: "Booking confirmed. Your landscaper has been notified." };
    },
  );

  app.post(
    "/jobs/:id/cancel",
    { config: { access: ["customer", "admin"], input: cancelInput }, schema: answers(jobActionAnswerSchema) },
    async (request) => {
      const {
        params: { id },
        body: { reason },
      } = cancelInput.parse(request);
      const updated = await cancelJob({
        db: db(),
        env: app.env,
        principal: requirePrincipal(request),
        jobId: id,
        reason,
      });
      return { job: toJobView(updated), message: "The job was cancelled." };
    },
  );

  app.post(
    "/jobs/:id/rate",
    { config: { access: ["customer"], input: rateInput }, schema: answers(jobActionAnswerSchema) },
    async (request) => {
      const {
        params: { id },
        body: input,
      } = rateInput.parse(request);
      const updated = await rateJob({
        db: db(),
        env: app.env,
        principal: requirePrincipal(request),
        jobId: id,
        rating: input.rating,
        comment: input.comment,
        tipCents: input.tip,
      });
      return { job: toJobView(updated), message: "Thank you for rating your service!" };
    },
  );

  // Landscaper side.
  app.get(
    "/landscaper/jobs",
    { config: { access: ["landscaper", "master"] }, schema: answers(landscaperJobsAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      if (principal.role !== "landscaper") {
        return { jobs: [], stats: { total: 0, pending: 0, accepted: 0, completed: 0 }, preview: true };
      }
      const jobs = await landscaperQueue({ db: db(), landscaperId: principal.userId });
      return { jobs, stats: queueStats(jobs), preview: false };
    },
  );

  app.post(
    "/jobs/:id/accept",
    { config: { access: ["landscaper"], input: acceptInput }, schema: answers(jobActionAnswerSchema) },
    async (request) => {
      const {
        params: { id },
        body: input,
      } = acceptInput.parse(request);
      const updated = await acceptJob({
        db: db(),
        env: app.env,
        principal: requirePrincipal(request),
        jobId: id,
        priceCents: input.price,
        scheduledDate: input.scheduledDate,
      });
      return {
        job: toJobView(updated),
        message: "Job accepted. The customer has been asked to approve your price and date.",
      };
    },
  );

  app.post(
    "/jobs/:id/decline",
    { config: { access: ["landscaper"], input: jobInput }, schema: answers(okMessageAnswerSchema) },
    async (request) => {
      const {
        params: { id },
      } = jobInput.parse(request);
      await declineJob({ db: db(), env: app.env, principal: requirePrincipal(request), jobId: id });
      return { ok: true, message: "Job declined. It stays open for other landscapers." };
    },
  );

  app.post(
    "/jobs/:id/complete",
    { config: { access: ["landscaper"], input: completeInput }, schema: answers(jobActionAnswerSchema) },
    async (request) => {
      const {
        params: { id },
        body: input,
      } = completeInput.parse(request);
      const updated = await completeJob({
        db: db(),
        env: app.env,
        principal: requirePrincipal(request),
        jobId: id,
        finalPriceCents: input.finalPrice,
      });
      return { job: toJobView(updated), message: "Job marked as completed." };
    },
  );

  // The customer's photo: visible to the customer, the assigned landscaper and admins; never a public file.
  app.get(
    "/jobs/:id/photo",
    { config: { answer: "raw", access: "signed-in", input: jobInput } },
    async (request, reply) => {
      const {
        params: { id },
      } = jobInput.parse(request);
      const photo = await photoOf({ db: db(), principal: requirePrincipal(request), jobId: id });
      const file = await app.storage.get(photo.key);
      if (!file) throw notFound("Photo not found.");
      reply.header("content-type", photo.contentType);
      reply.header("content-length", file.size);
      reply.header("cache-control", "private, max-age=300");
      reply.header("content-disposition", "inline");
      return reply.send(file.stream);
    },
  );
}
