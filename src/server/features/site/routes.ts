import type { FastifyInstance } from "fastify";
import { type SiteSettings, socialNetworks } from "../../../shared/site-settings.js";
import { siteSettingsAnswerSchema } from "../../../shared/site-settings-schema.js";
import type { Env } from "../../config/env.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";

/** The public facts the running server's settings decide: the configured social profiles, the money rules. */
export function siteSettings(env: Env): SiteSettings {
  return {
    social: socialNetworks.flatMap((network) => {
      const url = env[network.setting];
      return url ? [{ id: network.id, url }] : [];
    }),
    cancellationFeeCents: env.CANCELLATION_FEE_CENTS,
    workApprovalHours: env.WORK_APPROVAL_HOURS,
  };
}

export async function siteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  // Settings change only with a restart: a browser may keep the answer for five minutes.
  app.get(
    "/site",
    { config: { access: "public" }, schema: answers(siteSettingsAnswerSchema) },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return siteSettings(app.env);
    },
  );
}
