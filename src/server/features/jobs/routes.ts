import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { okMessageAnswerSchema } from "../../../shared/answers.js";
import { landscaperJobAnswerSchema, landscaperJobsAnswerSchema } from "../../../shared/job-queue.js";
import {
  customerJobsAnswerSchema,
  jobActionAnswerSchema,
  nextJobAnswerSchema,
} from "../../../shared/jobs.js";
import { payoutRunAnswerSchema } from "../../../shared/payments.js";
import { resolutionsAnswerSchema } from "../../../shared/proof.js";
import type { Access } from "../../lib/access.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { notFound } from "../../lib/errors.js";
import { policies, type RateLimitPolicy } from "../../lib/rate-limit/policies.js";
import type { RouteInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import {
  type ActionOptions,
  acceptJob,
  completeJob,
  declineJob,
  reconsiderJob,
  withdrawJob,
} from "./actions.js";
import { chargeReportedWork, refundJob, releaseReportedPayment } from "./admin-money.js";
import { markArrival, markOnMyWay } from "./arrival.js";
import { approveJob, cancelJob, rateJob } from "./customer-actions.js";
import { answerRedo, offerRedo, reportProblem, resolveDispute } from "./disputes.js";
import { landscaperJob } from "./landscaper-job.js";
import { runPayouts } from "./payment-pass.js";
import { landscaperQueue } from "./queue.js";
import { listCustomerJobs, nextScheduledJob, photoOf, withProof } from "./reads.js";
import { listResolutions } from "./resolutions.js";
import {
  acceptInput,
  approveInput,
  approveWorkInput,
  cancelInput,
  completeInput,
  jobInput,
  type jobParams,
  offerRedoInput,
  onMyWayInput,
  queueInput,
  rateInput,
  refundInput,
  reportInput,
  resolveInput,
  withdrawInput,
} from "./route-inputs.js";
import { type JobRow, jobViewFor } from "./views.js";
import { approveWork } from "./work-approval.js";

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

  /**
   * A lifecycle move on one job: parse, count it against the account's `limit` if it has one, run the action as
   * the signed-in person, answer the job as they now see it and the sentence the screen shows.
   */
  function jobAction<S extends { params: typeof jobParams; body?: z.ZodType }>(
    path: string,
    access: Access,
    input: RouteInput<S>,
    run: (context: ActionOptions, parsed: ReturnType<RouteInput<S>["parse"]>) => Promise<JobRow>,
    message: string,
    limit?: RateLimitPolicy,
  ) {
    app.post(path, { config: { access, input }, schema: answers(jobActionAnswerSchema) }, async (request) => {
      const parsed = input.parse(request);
      const principal = requirePrincipal(request);
      if (limit) await app.limit(request, limit, principal.userId);
      const context = {
        db: db(),
        env: app.env,
        principal,
        jobId: parsed.params.id,
        provider: app.paymentProvider,
      };
      return { job: jobViewFor(principal, await run(context, parsed)), message };
    });
  }

  jobAction(
    "/jobs/:id/approve",
    ["customer"],
    approveInput,
    (context, { body }) => approveJob({ ...context, cardId: body.cardId }),
    "Booking confirmed. Your landscaper has been notified.",
  );
  jobAction(
    "/jobs/:id/cancel",
    ["customer", "admin"],
    cancelInput,
    (context, { body }) =>
      cancelJob({ ...context, reason: body.reason, acceptedFeeCents: body.acceptedFeeCents }),
    "The job was cancelled.",
  );
  jobAction(
    "/jobs/:id/approve-work",
    ["customer"],
    approveWorkInput,
    (context, { body }) => approveWork({ ...context, acceptNewPrice: body.acceptNewPrice }),
    "Thanks! The work is approved and your card has been charged.",
  );
  jobAction(
    "/jobs/:id/report-problem",
    ["customer"],
    reportInput,
    (context, { body }) => reportProblem({ ...context, reason: body.reason, note: body.note }),
    "Thanks for telling us. Nothing is charged until our team has looked into it.",
  );
  jobAction(
    "/jobs/:id/rate",
    ["customer"],
    rateInput,
    (context, { body }) =>
      rateJob({ ...context, rating: body.rating, comment: body.comment, tipCents: body.tip }),
    "Thank you for rating your service!",
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
    async () => listResolutions({ db: db() }),
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

  // Our team, on a job's money.
  jobAction(
    "/admin/jobs/:id/refund",
    ["admin"],
    refundInput,
    (context, { body }) => refundJob({ ...context, amountCents: body.amount, reason: body.reason }),
    "Refunded. The customer has been emailed.",
  );
  jobAction(
    "/admin/jobs/:id/charge-reported",
    ["admin"],
    jobInput,
    (context) => chargeReportedWork(context),
    "The work is approved and the customer charged.",
  );
  jobAction(
    "/admin/jobs/:id/release-payment",
    ["admin"],
    jobInput,
    (context) => releaseReportedPayment(context),
    "The hold is released; the customer is not charged.",
  );

  // "Pay out now": today's run for every ready payout account, outside the weekly schedule.
  app.post(
    "/admin/payouts/run",
    { config: { access: ["admin"] }, schema: answers(payoutRunAnswerSchema) },
    async () => {
      const report = await runPayouts({
        db: db(),
        provider: app.paymentProvider,
        publicUrl: app.env.PUBLIC_URL,
        log: app.log,
        schedule: { day: app.env.PAYOUT_DAY, hour: app.env.PAYOUT_HOUR },
        env: app.env,
        payNow: true,
      });
      const message =
        report.created === 0
          ? "Nothing to pay out: every ready account is paid up for today."
          : `${report.paid} of ${report.created} payouts sent.`;
      return { ...report, message };
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
    "Job accepted. The customer has been asked to approve your price and date.",
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
      await withdrawJob({
        db: db(),
        env: app.env,
        principal,
        jobId: params.id,
        provider: app.paymentProvider,
        reason: body.reason,
      });
      return { ok: true, message: "You withdrew from the job. The customer has been told." };
    },
  );
  openJobAction("/jobs/:id/undo-decline", reconsiderJob, "The job is back in your new requests.");

  jobAction(
    "/jobs/:id/complete",
    ["landscaper"],
    completeInput,
    (context, { body }) => completeJob({ ...context, finalPriceCents: body.finalPrice, reason: body.reason }),
    "Job marked as completed.",
  );

  // The visit's day: arrival steps the customer follows live.
  jobAction(
    "/jobs/:id/on-my-way",
    ["landscaper"],
    onMyWayInput,
    (context, { body }) => markOnMyWay({ ...context, etaMinutes: body.etaMinutes, etaTime: body.etaTime }),
    "The customer has been told you are on the way.",
  );
  jobAction(
    "/jobs/:id/arrived",
    ["landscaper"],
    jobInput,
    (context) => markArrival({ ...context, step: "arrived" }),
    "The customer has been told you have arrived.",
  );
  jobAction(
    "/jobs/:id/start-work",
    ["landscaper"],
    jobInput,
    (context) => markArrival({ ...context, step: "start_work" }),
    "Work started. The customer has been told.",
  );
  jobAction(
    "/jobs/:id/offer-redo",
    ["landscaper"],
    offerRedoInput,
    (context, { body }) => offerRedo({ ...context, date: body.date, note: body.note }),
    "Redo visit offered. The customer has been asked to accept it.",
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
