import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  ADMIN_PAGE_SIZE,
  adminJobViewSchema,
  adminPaymentsAnswerSchema,
  adminPaymentsQuerySchema,
  adminUserViewSchema,
  analyticsDataSchema,
  analyticsQuerySchema,
  applicationsQuerySchema,
  applicationViewSchema,
  dashboardSummarySchema,
  jobsQuerySchema,
  pageSchema,
  promoteUserAnswerSchema,
  reviewApplicationAnswerSchema,
  reviewApplicationSchema,
  usersQuerySchema,
} from "../../../shared/admin.js";
import { bookingFiguresSchema } from "../../../shared/booking-admin.js";
import { pricingFiguresSchema } from "../../../shared/pricing-admin.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { cachedAnalytics } from "./analytics-service.js";
import { type ApplicationDecision, listApplications, reviewApplication } from "./applications-service.js";
import { areaChangeRoutes } from "./area-change-routes.js";
import { bookingFigures } from "./booking-figures.js";
import { dashboardSummary } from "./dashboard-service.js";
import { deliveriesRoutes } from "./deliveries-routes.js";
import { healthRoutes } from "./health-routes.js";
import { listJobs } from "./jobs-service.js";
import { pauseRoutes } from "./pause-routes.js";
import { listPayments } from "./payments-service.js";
import { pricingFigures } from "./pricing-figures.js";
import { listUsers, promoteUser } from "./users-service.js";

const userParams = z.object({ userId: z.string().trim().min(1).max(100) });
const jobsInput = defineInput({ query: jobsQuerySchema });
const applicationsInput = defineInput({ query: applicationsQuerySchema });
// A decision may come without a body at all: no notes, no expected status.
const reviewInput = defineInput({
  params: userParams,
  body: z.preprocess((body) => body ?? {}, reviewApplicationSchema),
});
const usersInput = defineInput({ query: usersQuerySchema });
const promoteInput = defineInput({ params: userParams });
const analyticsInput = defineInput({ query: analyticsQuerySchema });
const paymentsInput = defineInput({ query: adminPaymentsQuerySchema });

/** Admin area routes: dashboard figures, applications review, users, job history, analytics. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  await app.register(areaChangeRoutes);
  await app.register(deliveriesRoutes);
  await app.register(pauseRoutes);
  await app.register(healthRoutes);
  const db = () => app.database.db;

  app.get(
    "/admin/dashboard",
    { config: { access: ["admin"] }, schema: answers(dashboardSummarySchema) },
    async () => dashboardSummary({ db: db(), env: app.env }),
  );

  app.get(
    "/admin/payments",
    { config: { access: ["admin"], input: paymentsInput }, schema: answers(adminPaymentsAnswerSchema) },
    async (request) => {
      const { query } = paymentsInput.parse(request);
      return listPayments({
        db: db(),
        kind: query.kind,
        userId: query.user,
        cursor: query.cursor,
        dir: query.dir,
        limit: ADMIN_PAGE_SIZE,
      });
    },
  );

  app.get(
    "/admin/jobs",
    { config: { access: ["admin"], input: jobsInput }, schema: answers(pageSchema(adminJobViewSchema)) },
    async (request) => {
      const { query } = jobsInput.parse(request);
      return listJobs({
        db: db(),
        filter: { q: query.q, status: query.status },
        cursor: query.cursor,
        dir: query.dir,
        limit: query.limit,
      });
    },
  );

  app.get(
    "/admin/applications",
    {
      config: { access: ["admin"], input: applicationsInput },
      schema: answers(pageSchema(applicationViewSchema)),
    },
    async (request) => {
      const { query } = applicationsInput.parse(request);
      return listApplications({
        db: db(),
        filter: { q: query.q, status: query.status },
        cursor: query.cursor,
        dir: query.dir,
        limit: ADMIN_PAGE_SIZE,
      });
    },
  );

  const decisions: Record<"approve" | "deny", ApplicationDecision> = { approve: "approved", deny: "denied" };
  for (const [action, decision] of Object.entries(decisions)) {
    app.post(
      `/admin/applications/:userId/${action}`,
      { config: { access: ["admin"], input: reviewInput }, schema: answers(reviewApplicationAnswerSchema) },
      async (request) => {
        const {
          params: { userId },
          body: input,
        } = reviewInput.parse(request);
        return reviewApplication({
          db: db(),
          env: app.env,
          principal: requirePrincipal(request),
          userId,
          decision,
          notes: input.notes,
          expectedStatus: input.expectedStatus,
          overrideReason: input.overrideMissingDocuments ? input.overrideReason : undefined,
        });
      },
    );
  }

  app.get(
    "/admin/users",
    { config: { access: ["admin"], input: usersInput }, schema: answers(pageSchema(adminUserViewSchema)) },
    async (request) => {
      const { query } = usersInput.parse(request);
      return listUsers({
        db: db(),
        env: app.env,
        filter: { q: query.q, role: query.role },
        cursor: query.cursor,
        dir: query.dir,
        limit: ADMIN_PAGE_SIZE,
      });
    },
  );

  app.post(
    "/admin/users/:userId/promote",
    { config: { access: ["admin"], input: promoteInput }, schema: answers(promoteUserAnswerSchema) },
    async (request) => {
      const { userId } = promoteInput.parse(request).params;
      return promoteUser({ db: db(), env: app.env, principal: requirePrincipal(request), userId });
    },
  );

  app.get(
    "/admin/analytics",
    { config: { access: ["admin"], input: analyticsInput }, schema: answers(analyticsDataSchema) },
    async (request) => {
      const { query } = analyticsInput.parse(request);
      return cachedAnalytics({ db: db(), range: query.range, role: query.role });
    },
  );

  /** The firm price's figures over the same ranges (issue 34): a few indexed counts, not cached. */
  app.get(
    "/admin/pricing-figures",
    { config: { access: ["admin"], input: analyticsInput }, schema: answers(pricingFiguresSchema) },
    async (request) => {
      const { query } = analyticsInput.parse(request);
      return pricingFigures({ db: db(), range: query.range });
    },
  );

  /** How customers book pros over the same ranges (issue 35): two aggregates over the range's events, not cached. */
  app.get(
    "/admin/booking-figures",
    { config: { access: ["admin"], input: analyticsInput }, schema: answers(bookingFiguresSchema) },
    async (request) => {
      const { query } = analyticsInput.parse(request);
      return bookingFigures({ db: db(), range: query.range });
    },
  );
}
