import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { okMessageAnswerSchema } from "../../../shared/answers.js";
import {
  rateCustomerSchema,
  removeReviewSchema,
  replyReviewSchema,
  reportedReviewsAnswerSchema,
  reportReviewSchema,
  reviewActionAnswerSchema,
  reviewMessages,
} from "../../../shared/reviews.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { getPrincipal } from "../accounts/index.js";
import { jobParams } from "../jobs/index.js";
import { rateCustomer } from "./customer-rating.js";
import { keepReview, removeReview, replyToReview, reportReview } from "./moderation.js";
import { reportedReviews } from "./reads.js";

const reviewParams = z.object({ id: z.uuid({ message: reviewMessages.notFound }) });
const rateCustomerInput = defineInput({ params: jobParams, body: rateCustomerSchema });
const replyInput = defineInput({ params: reviewParams, body: replyReviewSchema });
const reportInput = defineInput({ params: reviewParams, body: reportReviewSchema });
const removeInput = defineInput({ params: reviewParams, body: removeReviewSchema });
const reviewInput = defineInput({ params: reviewParams });

/**
 * Reviews (issue 36). The customer's review is written by the rating (POST /api/jobs/:id/rate, jobs/routes.ts).
 * No route edits a review's stars or text, or deletes one, for anyone.
 */
export async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const db = () => app.database.db;

  // The landscaper's private rating of a completed visit's customer.
  app.post(
    "/jobs/:id/customer-rating",
    { config: { access: ["landscaper"], input: rateCustomerInput }, schema: answers(okMessageAnswerSchema) },
    async (request) => {
      const { params, body } = rateCustomerInput.parse(request);
      await rateCustomer({
        db: db(),
        principal: requirePrincipal(request),
        jobId: params.id,
        stars: body.stars,
        note: body.note,
      });
      return { ok: true, message: reviewMessages.customerRated };
    },
  );

  app.post(
    "/reviews/:id/reply",
    { config: { access: ["landscaper"], input: replyInput }, schema: answers(reviewActionAnswerSchema) },
    async (request) => {
      const { params, body } = replyInput.parse(request);
      const review = await replyToReview({
        db: db(),
        principal: requirePrincipal(request),
        reviewId: params.id,
        reply: body.reply,
      });
      return { message: reviewMessages.replied, review };
    },
  );

  // Anyone may report a review shown publicly: limited per address before the body is read.
  app.post(
    "/reviews/:id/report",
    {
      config: { access: "public", input: reportInput, rateLimit: [policies.reviewReportByIp] },
      schema: answers(okMessageAnswerSchema),
    },
    async (request) => {
      const { params, body } = reportInput.parse(request);
      const principal = await getPrincipal(app, request);
      await reportReview({
        db: db(),
        env: app.env,
        reviewId: params.id,
        reporterId: principal?.userId ?? null,
        reason: body.reason,
      });
      return { ok: true, message: reviewMessages.reported };
    },
  );

  app.get(
    "/admin/reviews/reported",
    { config: { access: ["admin"] }, schema: answers(reportedReviewsAnswerSchema) },
    async () => ({ reviews: await reportedReviews(db()) }),
  );

  app.post(
    "/admin/reviews/:id/remove",
    { config: { access: ["admin"], input: removeInput }, schema: answers(reviewActionAnswerSchema) },
    async (request) => {
      const { params, body } = removeInput.parse(request);
      const review = await removeReview({
        db: db(),
        principal: requirePrincipal(request),
        reviewId: params.id,
        reason: body.reason,
      });
      return { message: reviewMessages.removed, review };
    },
  );

  app.post(
    "/admin/reviews/:id/keep",
    { config: { access: ["admin"], input: reviewInput }, schema: answers(okMessageAnswerSchema) },
    async (request) => {
      const { params } = reviewInput.parse(request);
      await keepReview({ db: db(), principal: requirePrincipal(request), reviewId: params.id });
      return { ok: true, message: reviewMessages.kept };
    },
  );
}
