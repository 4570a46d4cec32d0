import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  accountActionSchema,
  accountActionMessages as say,
  userMessageReportsAnswerSchema,
} from "../../../shared/account-actions.js";
import { ADMIN_PAGE_SIZE } from "../../../shared/admin.js";
import { okMessageAnswerSchema } from "../../../shared/answers.js";
import { auditPageSchema, auditQuerySchema } from "../../../shared/audit.js";
import type { Tx } from "../../db/client.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { reinstateUser, resendConfirmation, revokeAdmin, suspendUser } from "./account-actions.js";
import { listAudit } from "./audit-service.js";
import { userMessageReports } from "./user-message-reports.js";

const userParams = z.object({ userId: z.string().trim().min(1).max(100) });
const actionInput = defineInput({ params: userParams, body: accountActionSchema });
const auditInput = defineInput({ query: auditQuerySchema });
const reportsInput = defineInput({ params: userParams });

/**
 * Admin → Users' account actions and Admin → Audit (issue 38). `reofferVisits` is the series feature's hand-over
 * of a suspended pro's upcoming visits, handed in by app.ts (admin does not import booking).
 */
export function accountActionRoutes(deps: {
  reofferVisits?: (tx: Tx, landscaperId: string, actorId: string) => Promise<number>;
}) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodAnswers>();
    const options = (request: FastifyRequest) => {
      const { params, body } = actionInput.parse(request);
      return {
        db: app.database.db,
        env: app.env,
        principal: requirePrincipal(request),
        userId: params.userId,
        reason: body.reason,
      };
    };
    const config = { access: ["admin"] as const, input: actionInput };
    const schema = answers(okMessageAnswerSchema);

    app.post("/admin/users/:userId/suspend", { config, schema }, async (request) => {
      const input = options(request);
      await app.limit(request, policies.accountActionByAccount, input.principal.userId);
      const done = await suspendUser({ ...input, reofferVisits: deps.reofferVisits });
      return { ok: true, message: say.suspended(done.email, done.visitsReoffered) };
    });

    app.post("/admin/users/:userId/reinstate", { config, schema }, async (request) => {
      const input = options(request);
      await app.limit(request, policies.accountActionByAccount, input.principal.userId);
      const done = await reinstateUser(input);
      return { ok: true, message: say.reinstated(done.email) };
    });

    app.post("/admin/users/:userId/revoke-admin", { config, schema }, async (request) => {
      const input = options(request);
      await app.limit(request, policies.accountActionByAccount, input.principal.userId);
      const done = await revokeAdmin(input);
      return { ok: true, message: say.revoked(done.email) };
    });

    app.post("/admin/users/:userId/resend-confirmation", { config, schema }, async (request) => {
      const input = options(request);
      await app.limit(request, policies.accountActionByAccount, input.principal.userId);
      await app.limit(request, policies.resendConfirmationByTarget, input.userId);
      const { secret } = await app.auth.$context;
      const done = await resendConfirmation({ ...input, secret });
      return { ok: true, message: say.resent(done.email) };
    });

    app.get(
      "/admin/users/:userId/message-reports",
      {
        config: { access: ["admin"], input: reportsInput },
        schema: answers(userMessageReportsAnswerSchema),
      },
      async (request) => {
        const { params } = reportsInput.parse(request);
        return { reports: await userMessageReports({ db: app.database.db, userId: params.userId }) };
      },
    );

    app.get(
      "/admin/audit",
      { config: { access: ["admin"], input: auditInput }, schema: answers(auditPageSchema) },
      async (request) => {
        const { query } = auditInput.parse(request);
        return listAudit({
          db: app.database.db,
          filter: query,
          cursor: query.cursor,
          dir: query.dir,
          limit: ADMIN_PAGE_SIZE,
        });
      },
    );
  };
}
