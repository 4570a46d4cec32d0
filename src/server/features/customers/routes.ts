import type { FastifyInstance } from "fastify";
import { customerProfileAnswerSchema, customerProfileSchema } from "../../../shared/customers.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { getCustomerProfile, saveCustomerProfile, sessionStart } from "./service.js";

const profileInput = defineInput({ body: customerProfileSchema });

/** Customer profile (client onboarding) routes. */
export async function customerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const answer = answers(customerProfileAnswerSchema);
  const db = () => app.database.db;

  app.get("/customer/profile", { config: { access: ["customer"] }, schema: answer }, async (request) => {
    const principal = requirePrincipal(request);
    const [profile, start] = await Promise.all([
      getCustomerProfile({ db: db(), userId: principal.userId }),
      sessionStart({ db: db(), sessionId: principal.sessionId }),
    ]);
    return { profile, ...start };
  });

  app.put(
    "/customer/profile",
    { config: { access: ["customer"], input: profileInput }, schema: answer },
    async (request) => {
      const principal = requirePrincipal(request);
      const { body: input } = profileInput.parse(request);
      const [profile, start] = await Promise.all([
        saveCustomerProfile({ db: db(), userId: principal.userId, input }),
        sessionStart({ db: db(), sessionId: principal.sessionId }),
      ]);
      return { profile, ...start };
    },
  );
}
