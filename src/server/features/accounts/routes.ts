import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { accountActionMessages } from "../../../shared/account-actions.js";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  messages,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  updateProfileSchema,
} from "../../../shared/accounts.js";
import { okAnswerSchema } from "../../../shared/answers.js";
import { sessionAnswerSchema } from "../../../shared/session.js";
import { session as sessionTable, user } from "../../db/schema.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { AppError } from "../../lib/errors.js";
import { mailboxOf } from "../../lib/rate-limit/mailbox.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { applyCookies, authErrorOf, callAuth, SIGNUP_ROLE_HEADER } from "./forward.js";
import { getPrincipal, grantsFor, toSessionUser } from "./principal.js";
import { assertSignInAllowed, recordAudit, roleOfEmail } from "./service.js";
import { revokeResetLinks } from "./verification.js";
import { verificationRoutes } from "./verification-routes.js";

const signUpInput = defineInput({ body: signUpSchema });
const signInInput = defineInput({ body: signInSchema });
const forgotPasswordInput = defineInput({ body: forgotPasswordSchema });
const resetPasswordInput = defineInput({ body: resetPasswordSchema });
const changePasswordInput = defineInput({ body: changePasswordSchema });
const updateProfileInput = defineInput({ body: updateProfileSchema });

/**
 * The account endpoints the screens use. Each validates its body with the shared schema, applies the
 * product's rules (audit, limits, admin portal), then delegates to Better Auth. Better Auth's other
 * endpoints are not exposed.
 */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  await app.register(verificationRoutes);
  app.get(
    "/session",
    { config: { access: "public" }, schema: answers(sessionAnswerSchema) },
    async (request) => {
      const principal = await getPrincipal(app, request);
      return { user: principal ? await toSessionUser(app, principal) : null };
    },
  );

  app.post(
    "/auth/sign-up/email",
    {
      config: { access: "public", input: signUpInput, rateLimit: [policies.signUpByIp] },
      schema: answers(sessionAnswerSchema),
    },
    async (request, reply) => {
      const { body: input } = signUpInput.parse(request);
      await app.limit(request, policies.signUpByEmail, mailboxOf(input.email));
      const answer = await callAuth(
        app,
        request,
        "/sign-up/email",
        {
          name: input.name,
          email: input.email.toLowerCase(),
          password: input.password,
        },
        { [SIGNUP_ROLE_HEADER]: input.role },
      );
      if (answer.status !== 200) {
        const error = authErrorOf(answer);
        const message =
          error.authCode === "user_already_exists" ||
          error.authCode === "user_already_exists_use_another_email"
            ? "An account with this email already exists. Please sign in instead."
            : error.message;
        throw new AppError(answer.status === 422 ? 409 : answer.status, error.code, message);
      }
      applyCookies(reply, answer);
      const principal = (await getPrincipalFromCookies(app, answer.setCookies)) ?? null;
      return { user: principal };
    },
  );

  app.post(
    "/auth/sign-in/email",
    {
      config: { access: "public", input: signInInput, rateLimit: [policies.signInByIp] },
      schema: answers(sessionAnswerSchema),
    },
    async (request, reply) => {
      const { body: input } = signInInput.parse(request);
      const email = input.email.toLowerCase();
      const db = app.database.db;
      await assertSignInAllowed({ db, email, ip: request.ip, maxPerIp: app.env.SIGNIN_FAILURES_PER_IP });

      const answer = await callAuth(app, request, "/sign-in/email", {
        email,
        password: input.password,
        rememberMe: true,
      });
      const role = await roleOfEmail(db, email);
      const audit = { db, email, role, ip: request.ip, userAgent: request.headers["user-agent"] };
      if (answer.status !== 200) {
        if (answer.status === 401 || answer.status === 400) {
          // Only a wrong email or password counts towards the lock-out; an error of ours is not a guess.
          await recordAudit({ ...audit, action: "login_attempt", success: false });
          // Same answer whether or not the email exists.
          throw new AppError(401, "invalid_credentials", messages.invalidCredentials);
        }
        const error = authErrorOf(answer);
        // Better Auth refuses a suspended account only after its password matched: the message tells no
        // stranger whether an address has an account.
        if (error.authCode === "banned_user") {
          await recordAudit({ ...audit, action: "login_attempt", success: false });
          throw new AppError(403, "account_suspended", accountActionMessages.signInSuspended);
        }
        throw new AppError(answer.status, error.code, error.message);
      }

      const signedIn = (answer.body as { user: { email: string; role?: string; emailVerified: boolean } })
        .user;
      const grants = grantsFor(app.env, {
        email: signedIn.email,
        role: signedIn.role ?? "customer",
        emailVerified: signedIn.emailVerified,
      });
      if (input.portal === "admin" && !grants.isAdmin) {
        // The admin portal signs non-admins straight out again: the new session is revoked, no cookie is set.
        const token = (answer.body as { token?: string }).token;
        if (token) await db.delete(sessionTable).where(eq(sessionTable.token, token));
        await recordAudit({ ...audit, action: "login_attempt", success: false });
        throw new AppError(403, "admin_access_required", messages.adminAccessDenied);
      }
      await recordAudit({ ...audit, action: "login_success", success: true });
      applyCookies(reply, answer);
      return { user: await getPrincipalFromCookies(app, answer.setCookies) };
    },
  );

  app.post(
    "/auth/sign-out",
    { config: { access: "public", rateLimit: [policies.signOutByIp] }, schema: answers(okAnswerSchema) },
    async (request, reply) => {
      const answer = await callAuth(app, request, "/sign-out", {});
      applyCookies(reply, answer);
      return { ok: true };
    },
  );

  app.post(
    "/auth/request-password-reset",
    {
      config: {
        access: "public",
        input: forgotPasswordInput,
        rateLimit: [{ ...policies.resetRequestByIp, max: app.env.RESET_REQUESTS_PER_IP }],
      },
      schema: answers(okAnswerSchema),
    },
    async (request) => {
      const { body: input } = forgotPasswordInput.parse(request);
      const email = input.email.toLowerCase();
      const db = app.database.db;
      await app.limit(request, policies.resetRequestByEmail, mailboxOf(email));
      await recordAudit({
        db,
        action: "password_reset_request",
        email,
        role: await roleOfEmail(db, email),
        success: true,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      const answer = await callAuth(app, request, "/request-password-reset", {
        email,
        redirectTo: input.resetPath,
      });
      if (answer.status !== 200) {
        const error = authErrorOf(answer);
        throw new AppError(answer.status, error.code, error.message);
      }
      // Same answer whether or not the email has an account.
      return { ok: true, message: "A password reset link has been sent to your email address." };
    },
  );

  app.post(
    "/auth/reset-password",
    {
      config: { access: "public", input: resetPasswordInput, rateLimit: [policies.resetPasswordByIp] },
      schema: answers(okAnswerSchema),
    },
    async (request) => {
      const { body: input } = resetPasswordInput.parse(request);
      const answer = await callAuth(app, request, "/reset-password", {
        token: input.token,
        newPassword: input.password,
      });
      if (answer.status !== 200) {
        const error = authErrorOf(answer);
        if (error.authCode === "invalid_token" || answer.status === 400) {
          throw new AppError(400, "invalid_token", messages.invalidResetLink);
        }
        throw new AppError(answer.status, error.code, error.message);
      }
      return { ok: true };
    },
  );

  app.post(
    "/auth/change-password",
    { config: { access: "signed-in", input: changePasswordInput }, schema: answers(okAnswerSchema) },
    async (request, reply) => {
      const { body: input } = changePasswordInput.parse(request);
      const answer = await callAuth(app, request, "/change-password", {
        currentPassword: input.currentPassword,
        newPassword: input.password,
        revokeOtherSessions: true,
      });
      if (answer.status !== 200) {
        const error = authErrorOf(answer);
        if (error.authCode === "invalid_password")
          throw new AppError(400, "invalid_credentials", "Your current password is not correct.");
        throw new AppError(answer.status, error.code, error.message);
      }
      // A link asked for before the change must not undo it.
      await revokeResetLinks({ db: app.database.db, userId: requirePrincipal(request).userId });
      applyCookies(reply, answer);
      return { ok: true };
    },
  );

  app.patch(
    "/accounts/profile",
    { config: { access: "signed-in", input: updateProfileInput }, schema: answers(okAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      const { body: input } = updateProfileInput.parse(request);
      await app.database.db.update(user).set({ name: input.name }).where(eq(user.id, principal.userId));
      return { ok: true };
    },
  );
}

/** Reads the session that a Better Auth answer just created, from its Set-Cookie headers. */
async function getPrincipalFromCookies(app: FastifyInstance, setCookies: string[]) {
  const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  const result = await app.auth.api.getSession({ headers: new Headers({ cookie }) });
  if (!result) return null;
  const grants = grantsFor(app.env, {
    email: result.user.email,
    role: (result.user as { role?: string }).role ?? "customer",
    emailVerified: result.user.emailVerified,
  });
  return toSessionUser(app, {
    userId: result.user.id,
    sessionId: result.session.id,
    email: result.user.email,
    name: result.user.name,
    emailVerified: result.user.emailVerified,
    ...grants,
    impersonatedBy: null,
  });
}
