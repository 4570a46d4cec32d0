import { fromNodeHeaders } from "better-auth/node";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Role, roles } from "../../../shared/roles.js";
import { firstNameOf, lastNameOf, type SessionUser } from "../../../shared/session.js";
import type { Env } from "../../config/env.js";
import { landscaper, user } from "../../db/schema.js";
import { SESSION_COOKIE, sessionTokenOf } from "./session-token.js";

/** The signed-in caller as the server sees it; rights come from the database and the server's settings. */
export interface Principal {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  isAdmin: boolean;
  isMaster: boolean;
  /** role plus "admin" and "master" where the settings grant them */
  grants: ReadonlySet<Role | "master">;
  impersonatedBy: string | null;
}

/**
 * What an account may do. ADMIN_EMAILS and MASTER_EMAILS grant rights to an address only once it is confirmed:
 * anyone can sign up with any address, so an unconfirmed one proves nothing.
 */
export function grantsFor(env: Env, account: { email: string; role: string; emailVerified: boolean }) {
  const lower = account.email.toLowerCase();
  const { role } = account;
  const safeRole: Role = (roles as readonly string[]).includes(role) ? (role as Role) : "customer";
  const isMaster = account.emailVerified && env.MASTER_EMAILS.includes(lower);
  const isAdmin =
    safeRole === "admin" || isMaster || (account.emailVerified && env.ADMIN_EMAILS.includes(lower));
  const grants = new Set<Role | "master">([safeRole]);
  if (isAdmin) grants.add("admin");
  if (isMaster) grants.add("master");
  return { role: safeRole, isAdmin, isMaster, grants };
}

/**
 * grantsFor's admin rule as a condition on "user", for every list of staff: who is told what only our team is
 * told (notifications, their push copies) and who the admin screens count as admins. An unconfirmed address
 * in the settings is not staff there either.
 */
export function isStaffAccount(env: Env): SQL {
  const emails = [...new Set([...env.ADMIN_EMAILS, ...env.MASTER_EMAILS])];
  if (emails.length === 0) return sql`(${user.role} = 'admin')`;
  return sql`(${user.role} = 'admin' or (${user.emailVerified} and ${inArray(sql`lower(${user.email})`, emails)}))`;
}

declare module "fastify" {
  interface FastifyRequest {
    principalPromise?: Promise<Principal | null>;
  }
}

/** Resolves (once per request) who is calling, from the Better Auth session cookie. */
export function getPrincipal(app: FastifyInstance, request: FastifyRequest): Promise<Principal | null> {
  request.principalPromise ??= (async () => {
    const token = app.sessionCache.enabled
      ? sessionTokenOf(request.headers.cookie, app.env.NODE_ENV === "production")
      : undefined;
    const cached = token ? app.sessionCache.get(token) : undefined;
    if (cached) return cached;
    // No session cookie, no session: Better Auth would build its whole request context to say so, which
    // was about 6 % of the quote POST's CPU under load (issue 34), visitors being most of that traffic.
    if (!request.headers.cookie?.includes(SESSION_COOKIE)) return null;
    const result = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!result) return null;
    const { user, session } = result;
    const grants = grantsFor(app.env, {
      email: user.email,
      role: (user as { role?: string }).role ?? "customer",
      emailVerified: user.emailVerified,
    });
    if ((user as { banned?: boolean | null }).banned) return null;
    const principal: Principal = {
      userId: user.id,
      sessionId: session.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      ...grants,
      impersonatedBy: (session as { impersonatedBy?: string | null }).impersonatedBy ?? null,
    };
    if (token) app.sessionCache.set(token, principal, new Date(session.expiresAt));
    return principal;
  })();
  return request.principalPromise;
}

export async function toSessionUser(app: FastifyInstance, principal: Principal): Promise<SessionUser> {
  let landscaperStatus: SessionUser["landscaperStatus"] = null;
  if (principal.role === "landscaper") {
    const [row] = await app.database.db
      .select({ status: landscaper.status })
      .from(landscaper)
      .where(eq(landscaper.userId, principal.userId));
    landscaperStatus = row?.status ?? null;
  }
  return {
    id: principal.userId,
    email: principal.email,
    name: principal.name,
    firstName: firstNameOf(principal.name),
    lastName: lastNameOf(principal.name),
    role: principal.role,
    emailVerified: principal.emailVerified,
    isAdmin: principal.isAdmin,
    isMaster: principal.isMaster,
    landscaperStatus,
    impersonatedBy: principal.impersonatedBy,
  };
}
