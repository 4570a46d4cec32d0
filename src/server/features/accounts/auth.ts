import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin } from "better-auth/plugins";
import { messages, PASSWORD_TOO_COMMON, resetPagePaths } from "../../../shared/accounts.js";
import { firstNameOf } from "../../../shared/session.js";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import * as schema from "../../db/schema.js";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";
import { isCommonPassword, newPasswordOf } from "./common-passwords.js";
import { SIGNUP_ROLE_HEADER } from "./forward.js";
import { markEmailVerified, onEmailVerified, revokeResetLinks } from "./verification.js";
import { sendVerificationEmail, VERIFICATION_TTL_SECONDS } from "./verification-email.js";

export interface AuthOptions {
  db: Db;
  env: Env;
  secret: string;
}

/** Builds the reset link to our own reset page (the one the user asked from), carrying token and email. */
function resetLink(env: Env, betterAuthUrl: string, token: string, email: string): string {
  let page: string = "/reset-password";
  try {
    const callback = new URL(betterAuthUrl).searchParams.get("callbackURL");
    if (callback && (resetPagePaths as readonly string[]).includes(callback)) page = callback;
  } catch {
    // keep the default page
  }
  const url = new URL(page, env.PUBLIC_URL);
  url.searchParams.set("token", token);
  url.searchParams.set("email", email);
  return url.toString();
}

export function createAuth({ db, env, secret }: AuthOptions) {
  return betterAuth({
    appName: "GreenScape Charlotte",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    telemetry: { enabled: false },
    logger: { level: env.NODE_ENV === "test" ? "error" : "warn" },
    trustedOrigins: [env.PUBLIC_URL],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // A used reset link proves the mailbox (so it confirms the address) and retires the account's other links.
      async onPasswordReset({ user }) {
        await revokeResetLinks({ db, userId: user.id });
        await markEmailVerified({ db, userId: user.id });
      },
      async sendResetPassword({ user, url, token }) {
        await enqueueEmail(db, user.email, {
          template: "password_reset",
          name: firstNameOf(user.name),
          url: resetLink(env, url, token, user.email),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFICATION_TTL_SECONDS,
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, token }) {
        await sendVerificationEmail({ db, env, user, token });
      },
      async afterEmailVerification(user) {
        await onEmailVerified({ db, userId: user.id });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: env.NODE_ENV === "production",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      cookiePrefix: "greenscape",
    },
    // Our routes limit every public write (plugins/rate-limit.ts); Better Auth's own limiter is off so its
    // 429s never reach a screen or count as a failed sign-in.
    rateLimit: { enabled: false },
    plugins: [admin({ defaultRole: "customer", adminRoles: ["admin"] })],
    hooks: {
      // Our routes check first (forward.ts); this also covers any call that reaches Better Auth directly.
      before: createAuthMiddleware(async (ctx) => {
        const password = newPasswordOf(ctx.path, ctx.body);
        if (password !== undefined && isCommonPassword(password)) {
          throw new APIError("BAD_REQUEST", {
            code: PASSWORD_TOO_COMMON,
            message: messages.passwordTooCommon,
          });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async before(user, context) {
            // The role comes from the sign-up form, validated by our route and passed in an internal header.
            const requested = context?.headers?.get(SIGNUP_ROLE_HEADER);
            const role = requested === "landscaper" ? "landscaper" : "customer";
            return { data: { ...user, email: user.email.toLowerCase(), role } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
