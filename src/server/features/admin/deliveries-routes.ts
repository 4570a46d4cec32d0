import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { okMessageAnswerSchema } from "../../../shared/answers.js";
import { deliveriesAnswerSchema } from "../../../shared/deliveries.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { listFailedDeliveries, retryDelivery } from "./deliveries-service.js";

const retryInput = defineInput({
  params: z.object({ id: z.uuid({ message: "This delivery was not found." }) }),
});

/** Failed deliveries: what the outbox gave up on, for an admin to see and send again. */
export async function deliveriesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  app.get(
    "/admin/deliveries",
    { config: { access: ["admin"] }, schema: answers(deliveriesAnswerSchema) },
    async () => ({
      deliveries: await listFailedDeliveries({ db: app.database.db }),
    }),
  );

  app.post(
    "/admin/deliveries/:id/retry",
    { config: { access: ["admin"], input: retryInput }, schema: answers(okMessageAnswerSchema) },
    async (request) => {
      const { params } = retryInput.parse(request);
      return retryDelivery({ db: app.database.db, principal: requirePrincipal(request), id: params.id });
    },
  );
}
