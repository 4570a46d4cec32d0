import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { loginAudit, user } from "../../db/schema.js";
import { RateLimitedError } from "../../lib/errors.js";

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_SIGN_INS_PER_EMAIL = 5;

export type AuditAction = "login_attempt" | "login_success" | "password_reset_request" | "password_reset";

export async function recordAudit(options: {
  db: Db;
  action: AuditAction;
  email: string;
  role?: string | null;
  success: boolean;
  ip: string;
  userAgent?: string | undefined;
}) {
  await options.db.insert(loginAudit).values({
    action: options.action,
    email: options.email.toLowerCase(),
    role: options.role ?? null,
    success: options.success,
    ip: options.ip,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
  });
}

/** After this many failures for one email (from any address), each further try waits longer. */
export const DELAY_AFTER_FAILURES_PER_EMAIL = 5;
const MAX_DELAY_MS = SIGN_IN_WINDOW_MS;

/** The wait an address with failures must leave after the email's latest failure: 1 s, 2 s, 4 s … 15 min. */
export function signInDelayMs(failuresForEmail: number): number {
  if (failuresForEmail < DELAY_AFTER_FAILURES_PER_EMAIL) return 0;
  return Math.min(1000 * 2 ** (failuresForEmail - DELAY_AFTER_FAILURES_PER_EMAIL), MAX_DELAY_MS);
}

/**
 * Whether a sign-in may be tried now, from the failures in the audit table (shared by every instance).
 * Failures count per (email, address) pair: five from one address lock that pair for 15 minutes. Across
 * addresses, an email's failures grow a delay, but only for addresses that have failed for it themselves: a
 * right password from an address with no failures is never refused because of someone else's guesses, so an
 * attacker cannot lock the owner (or the admin) out. One address failing for many emails is refused too.
 */
export async function assertSignInAllowed(options: {
  db: Db;
  email: string;
  ip: string;
  maxPerIp: number;
  now?: Date;
}) {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const email = options.email.toLowerCase();
  const failed = and(
    eq(loginAudit.action, "login_attempt"),
    eq(loginAudit.success, false),
    gt(loginAudit.createdAt, since),
  );
  const [row] = await options.db
    .select({
      pair: sql<number>`count(*) filter (where ${loginAudit.email} = ${email} and ${loginAudit.ip} = ${options.ip})`,
      pairOldest: sql<
        Date | string | null
      >`min(${loginAudit.createdAt}) filter (where ${loginAudit.email} = ${email} and ${loginAudit.ip} = ${options.ip})`,
      forEmail: sql<number>`count(*) filter (where ${loginAudit.email} = ${email})`,
      emailLatest: sql<
        Date | string | null
      >`max(${loginAudit.createdAt}) filter (where ${loginAudit.email} = ${email})`,
      fromIp: sql<number>`count(*) filter (where ${loginAudit.ip} = ${options.ip})`,
      ipOldest: sql<
        Date | string | null
      >`min(${loginAudit.createdAt}) filter (where ${loginAudit.ip} = ${options.ip})`,
    })
    .from(loginAudit)
    .where(and(failed, or(eq(loginAudit.email, email), eq(loginAudit.ip, options.ip))));
  const pair = Number(row?.pair ?? 0);
  const forEmail = Number(row?.forEmail ?? 0);
  const fromIp = Number(row?.fromIp ?? 0);
  const at = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() : now.getTime());
  const refuse = (untilMs: number) => {
    throw new RateLimitedError(Math.max(1, Math.ceil((untilMs - now.getTime()) / 1000)));
  };
  if (fromIp >= options.maxPerIp) refuse(at(row?.ipOldest) + SIGN_IN_WINDOW_MS);
  if (pair === 0) return;
  if (pair >= MAX_FAILED_SIGN_INS_PER_EMAIL) refuse(at(row?.pairOldest) + SIGN_IN_WINDOW_MS);
  const wait = signInDelayMs(forEmail);
  const readyAt = at(row?.emailLatest) + wait;
  if (wait > 0 && readyAt > now.getTime()) refuse(readyAt);
}

export async function roleOfEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.email, email.toLowerCase()));
  return row?.role ?? null;
}
