import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin } from "better-auth/plugins";
import { and, eq, isNull } from "drizzle-orm";
import { messages, PASSWORD_TOO_COMMON, resetPagePaths } from "../../../shared/accounts.js";
import { firstNameOf } from "../../../shared/session.js";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import * as schema from "../../db/schema.js";
import { enqueueEmail } from "../../lib/mail/outbox.js";
import { isCommonPassword, newPasswordOf } from "./common-passwords.js";
import { SIGNUP_ROLE_HEADER } from "./forward.js";

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
      async sendResetPassword({ user, url, token }) {
        await enqueueEmail(db, user.email, {
          template: "password_reset",
          name: firstNameOf(user.name),
          url: resetLink(env, url, token, user.email),
        });
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
    rateLimit: {
      // The login and reset limits the product promises are enforced in routes.ts from the audit table;
      // this is Better Auth's own per-IP guard on every auth endpoint, stored in the database.
      enabled: env.NODE_ENV !== "test",
      storage: "database",
      window: 60,
      max: 120,
    },
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
          async after(user) {
            const role = (user as { role?: string }).role === "landscaper" ? "landscaper" : "customer";
            if (role === "customer") {
              // Quotes sent before the account existed become the customer's own.
              await db
                .update(schema.job)
                .set({ customerId: user.id })
                .where(
                  and(eq(schema.job.customerEmail, user.email.toLowerCase()), isNull(schema.job.customerId)),
                );
            }
            await enqueueEmail(db, user.email, {
              template: "welcome",
              name: firstNameOf(user.name),
              role,
              nextUrl: `${env.PUBLIC_URL}${role === "landscaper" ? "/onboarding/landscaper" : "/onboarding/client"}`,
            });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
