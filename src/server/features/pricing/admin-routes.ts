import type { FastifyInstance } from "fastify";
import {
  adminPricingAnswerSchema,
  publishRateCardAnswerSchema,
  publishRateCardSchema,
} from "../../../shared/pricing-admin.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { pricingOverview, publishRateCard } from "./admin-service.js";

const publishInput = defineInput({ body: publishRateCardSchema });

/** Admin → Pricing: the card in force, what is scheduled, the history, and publishing a new version. */
export async function adminPricingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();

  app.get(
    "/admin/pricing",
    { config: { access: ["admin"] }, schema: answers(adminPricingAnswerSchema) },
    async () => pricingOverview({ db: app.database.db }),
  );

  app.post(
    "/admin/pricing",
    { config: { access: ["admin"], input: publishInput }, schema: answers(publishRateCardAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      // Counted before the body is checked, so a script retrying a refused card is held to the limit too.
      await app.limit(request, policies.rateCardPublishByAccount, principal.userId);
      const { body } = publishInput.parse(request);
      return publishRateCard({ db: app.database.db, publishedBy: principal, input: body });
    },
  );
}
