import type { FastifyInstance } from "fastify";
import { rateCardAnswerSchema } from "../../../shared/pricing.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { adminPricingRoutes } from "./admin-routes.js";
import { rateCardOn } from "./rate-cards.js";

export async function pricingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  await app.register(adminPricingRoutes);

  /** The card in force today: the quote form prices with it as the customer answers (the server again on POST). */
  app.get(
    "/pricing/rate-card",
    { config: { access: "public" }, schema: answers(rateCardAnswerSchema) },
    async () => ({ card: await rateCardOn(app.database.db) }),
  );
}
