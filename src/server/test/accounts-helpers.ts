import { eq } from "drizzle-orm";
import type { FastifyInstance, HTTPMethods } from "fastify";
import type { Database } from "../db/client.js";
import { user } from "../db/schema.js";
import { markEmailVerified } from "../features/accounts/verification.js";

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@test.local`;
}

export function cookieOf(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}

export interface SignedUp {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/** Registers through the real sign-up endpoint and answers the session cookie. */
export async function signUp(
  app: FastifyInstance,
  options: {
    role?: "customer" | "landscaper";
    email?: string;
    name?: string;
    password?: string;
    /**
     * Most tests are about what a confirmed account does, so the helper confirms the address as the link would
     * (verification.test.ts follows the real link). `false` leaves the account unconfirmed.
     */
    verified?: boolean;
  } = {},
): Promise<SignedUp> {
  const email = options.email ?? uniqueEmail(options.role ?? "customer");
  const password = options.password ?? "correct-horse-9";
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: {
      role: options.role ?? "customer",
      name: options.name ?? "Test User",
      email,
      password,
      confirmPassword: password,
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const id: string = response.json().user.id;
  if (options.verified !== false) await confirmEmail(app.database, id);
  return { id, email, password, cookie: cookieOf(response.headers["set-cookie"]) };
}

/** Confirms an address as opening its confirmation link does, earlier quotes linked and all. */
export async function confirmEmail(database: Database, userId: string) {
  await markEmailVerified({ db: database.db, userId });
}

export async function signIn(app: FastifyInstance, email: string, password: string, portal = "client") {
  return app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password, portal } });
}

/**
 * One request through the real app as the session in `cookie`: what most tests send, without the five lines
 * of app.inject each time. Anything else (other headers, a raw body) goes to app.inject itself.
 */
export async function injectAs(
  app: FastifyInstance,
  cookie: string,
  method: HTTPMethods,
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
}

/** Changes the password of the session in `cookie` through the real endpoint (confirmation and all). */
export async function changePassword(
  app: FastifyInstance,
  cookie: string,
  currentPassword: string,
  password: string,
) {
  return app.inject({
    method: "POST",
    url: "/api/auth/change-password",
    headers: { cookie },
    payload: { currentPassword, password, confirmPassword: password },
  });
}

/** A signed-up user given another role directly in the database (admins are not self-registered). */
export async function signUpAs(
  app: FastifyInstance,
  database: Database,
  role: "customer" | "landscaper" | "admin",
) {
  const account = await signUp(app, { role: role === "admin" ? "customer" : role });
  if (role === "admin") await database.db.update(user).set({ role: "admin" }).where(eq(user.id, account.id));
  return account;
}
