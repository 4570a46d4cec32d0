import type { FastifyInstance } from "fastify";
import { okMessageAnswerSchema } from "../../../shared/answers.js";
import { offerMessages } from "../../../shared/booking.js";
import { landscaperJobAnswerSchema, landscaperJobsAnswerSchema } from "../../../shared/job-queue.js";
import {
  customerJobsAnswerSchema,
  jobActionAnswerSchema,
  nextJobAnswerSchema,
} from "../../../shared/jobs.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { notFound } from "../../lib/errors.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { requirePrincipal } from "../../plugins/access.js";
import type { ActionOptions } from "./action-options.js";
import { acceptJob, completeJob, declineJob, reconsiderJob, withdrawJob } from "./actions.js";
import { customerCalendarFile } from "./booking-confirmation.js";
import { approveJob, cancelJob, rateJob } from "./customer-actions.js";
import { jobActionRoutes } from "./job-action-route.js";
import { landscaperJob } from "./landscaper-job.js";
import { withdrawOffer } from "./offers.js";
import { landscaperQueue } from "./queue.js";
import { listCustomerJobs, nextScheduledJob, photoOf, withProof } from "./reads.js";
import {
  acceptInput,
  approveInput,
  cancelInput,
  completeInput,
  jobInput,
  queueInput,
  rateInput,
  withdrawInput,
} from "./route-inputs.js";
import { jobViewFor } from "./views.js";

const emptyQueue = {
  jobs: [],
  stats: { total: 0, pending: 0, accepted: 0, completed: 0, cancelled: 0, declined: 0 },
  matching: 0,
  nextCursor: null,
  declined: [],
  distances: false,
};

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
      const jobs = await listCustomerJobs({
        db: db(),
        customerId: principal.userId,
        cancellationFeeCents: app.env.CANCELLATION_FEE_CENTS,
        approvalHours: app.env.WORK_APPROVAL_HOURS,
      });
      return { jobs, preview: false };
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

  const jobAction = jobActionRoutes(fastify);

  jobAction(
    "/jobs/:id/approve",
    ["customer"],
    approveInput,
    (context, { body }) => approveJob({ ...context, cardId: body.cardId }),
    "Booking confirmed. Your landscaper has been notified.",
  );
  // The booked visit as a calendar file (the booking email's attachment, made again): its customer alone.
  app.get(
    "/jobs/:id/calendar",
    { config: { answer: "raw", access: ["customer"], input: jobInput } },
    async (request, reply) => {
      const { id } = jobInput.parse(request).params;
      const file = await customerCalendarFile({
        db: db(),
        env: app.env,
        customerId: requirePrincipal(request).userId,
        jobId: id,
      });
      reply.header("content-type", file.contentType);
      reply.header("content-disposition", `attachment; filename="${file.filename}"`);
      reply.header("cache-control", "private, no-store");
      return reply.send(file.content);
    },
  );
  jobAction(
    "/jobs/:id/cancel",
    ["customer", "admin"],
    cancelInput,
    (context, { body }) =>
      cancelJob({ ...context, reason: body.reason, acceptedFeeCents: body.acceptedFeeCents }),
    "The job was cancelled.",
  );
  // The rating writes the review (issue 36); its sentence says whether a review was published.
  app.post(
    "/jobs/:id/rate",
    { config: { access: ["customer"], input: rateInput }, schema: answers(jobActionAnswerSchema) },
    async (request) => {
      const { params, body } = rateInput.parse(request);
      const principal = requirePrincipal(request);
      const { job, message } = await rateJob({
        db: db(),
        env: app.env,
        principal,
        jobId: params.id,
        provider: app.paymentProvider,
        rating: body.rating,
        punctuality: body.punctuality,
        communication: body.communication,
        comment: body.comment,
        tipCents: body.tip,
      });
      return { job: jobViewFor(principal, job), message };
    },
  );

  // Landscaper side.
  app.get(
    "/landscaper/jobs",
    {
      config: { access: ["landscaper", "master"], input: queueInput },
      schema: answers(landscaperJobsAnswerSchema),
    },
    async (request) => {
      const { query } = queueInput.parse(request);
      const principal = requirePrincipal(request);
      if (principal.role !== "landscaper") return { ...emptyQueue, preview: true };
      const queue = await landscaperQueue({ db: db(), landscaperId: principal.userId, query });
      const proof = { userId: principal.userId, approvalHours: app.env.WORK_APPROVAL_HOURS };
      return { ...queue, jobs: await withProof(db(), proof, queue.jobs), preview: false };
    },
  );

  // One of the landscaper's own jobs, whatever its status (the schedule opens a visit with it).
  app.get(
    "/landscaper/jobs/:id",
    { config: { access: ["landscaper"], input: jobInput }, schema: answers(landscaperJobAnswerSchema) },
    async (request) => {
      const { id } = jobInput.parse(request).params;
      const job = await landscaperJob({
        db: db(),
        landscaperId: requirePrincipal(request).userId,
        jobId: id,
        approvalHours: app.env.WORK_APPROVAL_HOURS,
      });
      return { job };
    },
  );

  jobAction(
    "/jobs/:id/accept",
    ["landscaper"],
    acceptInput,
    (context, { body }) =>
      acceptJob({
        ...context,
        priceCents: body.price,
        scheduledDate: body.scheduledDate,
        weekday: body.weekday,
      }),
    // A firm-priced request stays open for other offers (issue 35); one a pro prices is theirs to approve.
    (job) =>
      job.status === "pending"
        ? offerMessages.sent
        : "Offer sent. The customer has been asked to approve your price and date.",
    policies.jobAcceptByAccount,
  );

  /**
   * A landscaper's move on a job that is not theirs (a decline, or its undo): answered with the sentence
   * alone, no job, so the customer's contact details stay withheld.
   */
  function openJobAction(path: string, run: (context: ActionOptions) => Promise<unknown>, message: string) {
    app.post(
      path,
      { config: { access: ["landscaper"], input: jobInput }, schema: answers(okMessageAnswerSchema) },
      async (request) => {
        const { id } = jobInput.parse(request).params;
        await run({
          db: db(),
          env: app.env,
          principal: requirePrincipal(request),
          jobId: id,
          provider: app.paymentProvider,
        });
        return { ok: true, message };
      },
    );
  }

  openJobAction("/jobs/:id/decline", declineJob, "Job declined. It stays open for other landscapers.");

  // Answered without the job: once withdrawn it is no longer theirs to see in full.
  app.post(
    "/jobs/:id/withdraw",
    { config: { access: ["landscaper"], input: withdrawInput }, schema: answers(okMessageAnswerSchema) },
    async (request) => {
      const { params, body } = withdrawInput.parse(request);
      const principal = requirePrincipal(request);
      // Per account, in the shared store: accept-then-withdraw cycles (the record counts them too).
      await app.limit(request, policies.jobWithdrawByAccount, principal.userId);
      const { offer, noMark } = await withdrawJob({
        db: db(),
        env: app.env,
        principal,
        jobId: params.id,
        provider: app.paymentProvider,
        reason: body.reason,
      });
      return {
        ok: true,
        message: `${offer ? "You withdrew your offer." : "You withdrew from the job."} The customer has been told.${noMark ? " It leaves no mark on your record: they declined your price change." : ""}`,
      };
    },
  );
  openJobAction("/jobs/:id/undo-decline", reconsiderJob, "The job is back in your new requests.");

  // A pro takes back their waiting offer on an open request (issue 35): counted with the offers they make.
  app.post(
    "/jobs/:id/offer/withdraw",
    { config: { access: ["landscaper"], input: jobInput }, schema: answers(okMessageAnswerSchema) },
    async (request) => {
      const { id } = jobInput.parse(request).params;
      const principal = requirePrincipal(request);
      await app.limit(request, policies.jobAcceptByAccount, principal.userId);
      await withdrawOffer({ db: db(), env: app.env, principal, jobId: id, provider: app.paymentProvider });
      return { ok: true, message: offerMessages.withdrawn };
    },
  );

  jobAction(
    "/jobs/:id/complete",
    ["landscaper"],
    completeInput,
    (context, { body }) =>
      completeJob({
        ...context,
        finalPriceCents: body.finalPrice,
        reason: body.reason,
        occurredAt: body.occurredAt,
      }),
    "Job marked as completed.",
  );

  // The customer's photo: visible to the customer, the assigned landscaper and admins; never a public file.
  app.get(
    "/jobs/:id/photo",
    { config: { answer: "raw", access: "signed-in", input: jobInput } },
    async (request, reply) => {
      const { id } = jobInput.parse(request).params;
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
