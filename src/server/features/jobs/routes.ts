import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { acceptJobSchema, cancelJobSchema, completeJobSchema, rateJobSchema } from "../../../shared/jobs.js";
import { notFound } from "../../lib/errors.js";
import { requirePrincipal } from "../../plugins/access.js";
import {
  acceptJob,
  approveJob,
  cancelJob,
  completeJob,
  declineJob,
  landscaperQueue,
  listCustomerJobs,
  nextScheduledJob,
  photoOf,
  queueStats,
  rateJob,
  toJobView,
} from "./service.js";

const jobParams = z.object({ id: z.uuid({ message: "Job not found." }) });

export async function jobRoutes(app: FastifyInstance) {
  const db = () => app.database.db;

  // Customer side. Master users preview the screen with bookings hidden.
  app.get("/customer/jobs", { config: { access: ["customer", "master"] } }, async (request) => {
    const principal = requirePrincipal(request);
    if (principal.role !== "customer") return { jobs: [], preview: true };
    return { jobs: await listCustomerJobs(db(), principal.userId), preview: false };
  });

  app.get("/customer/jobs/next", { config: { access: ["customer", "master"] } }, async (request) => {
    const principal = requirePrincipal(request);
    if (principal.role !== "customer") return { job: null };
    return { job: await nextScheduledJob(db(), principal.userId) };
  });

  app.post("/jobs/:id/approve", { config: { access: ["customer"] } }, async (request) => {
    const { id } = jobParams.parse(request.params);
    const updated = await approveJob({
      db: db(),
      env: app.env,
      principal: requirePrincipal(request),
      jobId: id,
    });
    return { job: toJobView(updated), message: "Booking confirmed. Your landscaper has been notified." };
  });

  app.post("/jobs/:id/cancel", { config: { access: ["customer", "admin"] } }, async (request) => {
    const { id } = jobParams.parse(request.params);
    const { reason } = cancelJobSchema.parse(request.body);
    const updated = await cancelJob({
      db: db(),
      env: app.env,
      principal: requirePrincipal(request),
      jobId: id,
      reason,
    });
    return { job: toJobView(updated), message: "The job was cancelled." };
  });

  app.post("/jobs/:id/rate", { config: { access: ["customer"] } }, async (request) => {
    const { id } = jobParams.parse(request.params);
    const input = rateJobSchema.parse(request.body);
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
  });

  // Landscaper side.
  app.get("/landscaper/jobs", { config: { access: ["landscaper", "master"] } }, async (request) => {
    const principal = requirePrincipal(request);
    if (principal.role !== "landscaper") {
      return { jobs: [], stats: { total: 0, pending: 0, accepted: 0, completed: 0 }, preview: true };
    }
    const jobs = await landscaperQueue(db(), principal.userId);
    return { jobs, stats: queueStats(jobs), preview: false };
  });

  app.post("/jobs/:id/accept", { config: { access: ["landscaper"] } }, async (request) => {
    const { id } = jobParams.parse(request.params);
    const input = acceptJobSchema.parse(request.body);
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
  });

  app.post("/jobs/:id/decline", { config: { access: ["landscaper"] } }, async (request) => {
    const { id } = jobParams.parse(request.params);
    await declineJob({ db: db(), env: app.env, principal: requirePrincipal(request), jobId: id });
    return { ok: true, message: "Job declined. It stays open for other landscapers." };
  });

  app.post("/jobs/:id/complete", { config: { access: ["landscaper"] } }, async (request) => {
    const { id } = jobParams.parse(request.params);
    const input = completeJobSchema.parse(request.body);
    const updated = await completeJob({
      db: db(),
      env: app.env,
      principal: requirePrincipal(request),
      jobId: id,
      finalPriceCents: input.finalPrice,
    });
    return { job: toJobView(updated), message: "Job marked as completed." };
  });

  // The customer's photo: visible to the customer, the assigned landscaper and admins; never a public file.
  app.get("/jobs/:id/photo", { config: { access: "signed-in" } }, async (request, reply) => {
    const { id } = jobParams.parse(request.params);
    const photo = await photoOf(db(), requirePrincipal(request), id);
    const file = await app.storage.get(photo.key);
    if (!file) throw notFound("Photo not found.");
    reply.header("content-type", photo.contentType);
    reply.header("content-length", file.size);
    reply.header("cache-control", "private, max-age=300");
    reply.header("content-disposition", "inline");
    return reply.send(file.stream);
  });
}
