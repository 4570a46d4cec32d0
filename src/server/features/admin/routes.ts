import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  ADMIN_PAGE_SIZE,
  analyticsQuerySchema,
  applicationsQuerySchema,
  jobsQuerySchema,
  reviewApplicationSchema,
  usersQuerySchema,
} from "../../../shared/admin.js";
import { requirePrincipal } from "../../plugins/access.js";
import { cachedAnalytics } from "./analytics-service.js";
import { type ApplicationDecision, listApplications, reviewApplication } from "./applications-service.js";
import { dashboardSummary } from "./dashboard-service.js";
import { listJobs } from "./jobs-service.js";
import { listUsers, promoteUser } from "./users-service.js";

const userParams = z.object({ userId: z.string().trim().min(1).max(100) });

/** Admin area routes: dashboard figures, applications review, users, job history, analytics. */
export async function adminRoutes(app: FastifyInstance) {
  const db = () => app.database.db;

  app.get("/admin/dashboard", { config: { access: ["admin"] } }, async () =>
    dashboardSummary({ db: db(), env: app.env }),
  );

  app.get("/admin/jobs", { config: { access: ["admin"] } }, async (request) => {
    const query = jobsQuerySchema.parse(request.query);
    return listJobs({
      db: db(),
      filter: { q: query.q, status: query.status },
      cursor: query.cursor,
      dir: query.dir,
      limit: query.limit,
    });
  });

  app.get("/admin/applications", { config: { access: ["admin"] } }, async (request) => {
    const query = applicationsQuerySchema.parse(request.query);
    return listApplications({
      db: db(),
      filter: { q: query.q, status: query.status },
      cursor: query.cursor,
      dir: query.dir,
      limit: ADMIN_PAGE_SIZE,
    });
  });

  const decisions: Record<"approve" | "deny", ApplicationDecision> = { approve: "approved", deny: "denied" };
  for (const [action, decision] of Object.entries(decisions)) {
    app.post(`/admin/applications/:userId/${action}`, { config: { access: ["admin"] } }, async (request) => {
      const { userId } = userParams.parse(request.params);
      const input = reviewApplicationSchema.parse(request.body ?? {});
      return reviewApplication({
        db: db(),
        env: app.env,
        principal: requirePrincipal(request),
        userId,
        decision,
        notes: input.notes,
        expectedStatus: input.expectedStatus,
      });
    });
  }

  app.get("/admin/users", { config: { access: ["admin"] } }, async (request) => {
    const query = usersQuerySchema.parse(request.query);
    return listUsers({
      db: db(),
      env: app.env,
      filter: { q: query.q, role: query.role },
      cursor: query.cursor,
      dir: query.dir,
      limit: ADMIN_PAGE_SIZE,
    });
  });

  app.post("/admin/users/:userId/promote", { config: { access: ["admin"] } }, async (request) => {
    const { userId } = userParams.parse(request.params);
    return promoteUser({ db: db(), env: app.env, userId });
  });

  app.get("/admin/analytics", { config: { access: ["admin"] } }, async (request) => {
    const query = analyticsQuerySchema.parse(request.query);
    return cachedAnalytics({ db: db(), range: query.range, role: query.role });
  });
}
