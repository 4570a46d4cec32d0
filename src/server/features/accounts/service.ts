import { and, count, eq, gt } from "drizzle-orm";
import { messages } from "../../../shared/accounts.js";
import type { Db } from "../../db/client.js";
import { loginAudit, user } from "../../db/schema.js";
import { tooManyRequests } from "../../lib/errors.js";

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

async function countSince(db: Db, where: Parameters<typeof and>) {
  const [row] = await db
    .select({ n: count() })
    .from(loginAudit)
    .where(and(...where));
  return row?.n ?? 0;
}

/** Refuses a sign-in while an email or an address has too many recent failures (kept in the database, shared by instances). */
export async function assertSignInAllowed(options: {
  db: Db;
  email: string;
  ip: string;
  maxPerIp: number;
  now?: Date;
}) {
  const since = new Date((options.now ?? new Date()).getTime() - SIGN_IN_WINDOW_MS);
  const failed = [
    eq(loginAudit.action, "login_attempt"),
    eq(loginAudit.success, false),
    gt(loginAudit.createdAt, since),
  ];
  const [byEmail, byIp] = await Promise.all([
    countSince(options.db, [...failed, eq(loginAudit.email, options.email.toLowerCase())]),
    countSince(options.db, [...failed, eq(loginAudit.ip, options.ip)]),
  ]);
  if (byEmail >= MAX_FAILED_SIGN_INS_PER_EMAIL || byIp >= options.maxPerIp) {
    throw tooManyRequests(messages.tooManySignIns);
  }
}

export async function roleOfEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.email, email.toLowerCase()));
  return row?.role ?? null;
}
