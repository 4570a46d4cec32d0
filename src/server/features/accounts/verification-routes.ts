import type { FastifyInstance } from "fastify";
import { verificationMessages, verifyEmailSchema } from "../../../shared/accounts.js";
import { okMessageAnswerSchema } from "../../../shared/answers.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { AppError } from "../../lib/errors.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { authErrorOf, callAuth } from "./forward.js";
import { claimToken, linkExpired, linkInvalid, linkUsed } from "./verification.js";

const verifyEmailInput = defineInput({ body: verifyEmailSchema });

/** Email confirmation: the link's page posts its token here; a signed-in user can ask for a new link. */
export async function verificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  app.post(
    "/auth/verify-email",
    {
      config: { access: "public", input: verifyEmailInput, rateLimit: [policies.verifyEmailByIp] },
      schema: answers(okMessageAnswerSchema),
    },
    async (request) => {
      const { body: input } = verifyEmailInput.parse(request);
      // A POST from the page, not a GET from the email: mail scanners that open every link cannot use it up.
      if (!(await claimToken(app.database.db, input.token, "email_verification"))) throw linkUsed();
      const answer = await callAuth(app, request, `/verify-email?token=${encodeURIComponent(input.token)}`);
      if (answer.status !== 200) {
        if (authErrorOf(answer).authCode === "token_expired") throw linkExpired();
        throw linkInvalid();
      }
      return { ok: true, message: verificationMessages.confirmed };
    },
  );

  app.post(
    "/auth/send-verification-email",
    { config: { access: "signed-in" }, schema: answers(okMessageAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      if (principal.emailVerified) {
        throw new AppError(409, "already_verified", verificationMessages.alreadyConfirmed);
      }
      await app.limit(request, policies.resendVerificationByAccount, principal.userId);
      const answer = await callAuth(app, request, "/send-verification-email", { email: principal.email });
      if (answer.status !== 200) {
        const error = authErrorOf(answer);
        throw new AppError(answer.status, error.code, error.message);
      }
      return { ok: true, message: verificationMessages.resent };
    },
  );
}
