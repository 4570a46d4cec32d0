import { createEmailVerificationToken } from "better-auth/api";
import { and, eq, ne, sql } from "drizzle-orm";
import { accountActionMessages as say } from "../../../shared/account-actions.js";
import { firstNameOf } from "../../../shared/session.js";
import type { Env } from "../../config/env.js";
import type { Db, Tx } from "../../db/client.js";
import { landscaper, session, user } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.js";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";
import {
  isStaffAccount,
  type Principal,
  sendVerificationEmail,
  VERIFICATION_TTL_SECONDS,
} from "../accounts/index.js";

// Admin → Users' account actions (issue 38). Each runs in one transaction with its audit row: a refused or
// failed action changes nothing and records nothing.

export interface AccountActionOptions {
  db: Db;
  env: Env;
  principal: Principal;
  userId: string;
  reason: string;
}

interface Target {
  id: string;
  email: string;
  name: string;
  role: string;
  emailVerified: boolean;
  banned: boolean;
  isLandscaper: boolean;
}

/** The account, locked for the action; the caller's own account is refused for every action but a resend. */
async function lockTarget(tx: Tx, options: AccountActionOptions, allowSelf = false): Promise<Target> {
  if (!allowSelf && options.userId === options.principal.userId) throw forbidden(say.ownAccount);
  const [row] = await tx
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      emailVerified: user.emailVerified,
      banned: user.banned,
    })
    .from(user)
    .where(eq(user.id, options.userId))
    .for("update");
  if (!row) throw notFound("User not found.");
  const [pro] = await tx
    .select({ id: landscaper.userId })
    .from(landscaper)
    .where(eq(landscaper.userId, row.id));
  return { ...row, banned: Boolean(row.banned), isLandscaper: Boolean(pro) };
}

/** Whether the settings (ADMIN_EMAILS, MASTER_EMAILS) make this confirmed address staff, whatever its role. */
function isSettingsStaff(env: Env, target: Target): boolean {
  const email = target.email.toLowerCase();
  return target.emailVerified && (env.ADMIN_EMAILS.includes(email) || env.MASTER_EMAILS.includes(email));
}

const targetOf = (t: Target) => ({ type: "user" as const, id: t.id, label: t.email });

/**
 * The account's email about its suspension or reinstatement, with the reason; its sign-in link is the page of
 * the account's own portal (there is no /login page of its own).
 */
function emailStatus(
  tx: Tx,
  options: AccountActionOptions,
  target: Target,
  change: { status: "suspended" | "reinstated"; visitsReoffered?: number },
) {
  const portal = target.role === "landscaper" ? "/login/landscaper" : "/login/client";
  return enqueueEmail(tx, target.email, {
    template: "account_status",
    name: firstNameOf(target.name),
    reason: options.reason,
    ...change,
    signInUrl: new URL(portal, options.env.PUBLIC_URL).toString(),
  });
}

export interface SuspendResult {
  email: string;
  sessionsEnded: number;
  visitsReoffered: number;
}

/**
 * Suspends an account: it can't sign in (Better Auth refuses a banned user) and every session ends now. The
 * session rows are deleted in this transaction; the triggers of migration 0017 announce each deletion and the
 * user's change at commit, and every instance drops its cached copy (session-cache.ts). Admins are refused:
 * their rights are revoked first, so the last-admin rule cannot be side-stepped by a suspension.
 */
export async function suspendUser(
  options: AccountActionOptions & {
    /** Gives a suspended pro's upcoming visits to others, in the same transaction (the booking feature's re-offer). */
    reofferVisits?: (tx: Tx, landscaperId: string, actorId: string) => Promise<number>;
  },
): Promise<SuspendResult> {
  return options.db.transaction(async (tx) => {
    const target = await lockTarget(tx, options);
    if (target.banned) throw conflict(say.alreadySuspended(target.email));
    if (target.role === "admin" || isSettingsStaff(options.env, target))
      throw conflict(say.suspendAdmin(target.email));
    await tx
      .update(user)
      .set({ banned: true, banReason: options.reason, banExpires: null, updatedAt: new Date() })
      .where(eq(user.id, target.id));
    const ended = await tx.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id });
    const visitsReoffered =
      target.isLandscaper && options.reofferVisits
        ? await options.reofferVisits(tx, target.id, options.principal.userId)
        : 0;
    await emailStatus(tx, options, target, { status: "suspended", visitsReoffered });
    await recordAudit(tx, {
      actor: options.principal,
      action: "user.suspend",
      target: targetOf(target),
      reason: options.reason,
      before: { suspended: false },
      after: { suspended: true, sessionsEnded: ended.length, visitsReoffered },
    });
    return { email: target.email, sessionsEnded: ended.length, visitsReoffered };
  });
}

/** Lifts a suspension: the account may sign in again (its visits stay with whoever has them now). */
export async function reinstateUser(options: AccountActionOptions): Promise<{ email: string }> {
  return options.db.transaction(async (tx) => {
    const target = await lockTarget(tx, options);
    if (!target.banned) throw conflict(say.notSuspended(target.email));
    await tx
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
      .where(eq(user.id, target.id));
    await emailStatus(tx, options, target, { status: "reinstated" });
    await recordAudit(tx, {
      actor: options.principal,
      action: "user.reinstate",
      target: targetOf(target),
      reason: options.reason,
      before: { suspended: true },
      after: { suspended: false },
    });
    return { email: target.email };
  });
}

/**
 * Takes an admin's rights back: never one's own, never an admin made by the settings, never the last admin.
 * Every admin row is locked first (in id order), so two admins revoking each other at once cannot both
 * succeed and leave nobody: the second waits, then counts one admin and is refused. The account goes back to
 * landscaper if it has a landscaper profile, else to customer.
 */
export async function revokeAdmin(options: AccountActionOptions): Promise<{ email: string }> {
  const { env } = options;
  return options.db.transaction(async (tx) => {
    await tx.execute(sql`select id from "user" where role = 'admin' order by id for update`);
    const target = await lockTarget(tx, options);
    if (isSettingsStaff(env, target)) throw conflict(say.settingsAdmin(target.email));
    if (target.role !== "admin") throw conflict(say.notAdmin(target.email));
    const [others] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .where(and(isStaffAccount(env), ne(user.id, target.id), sql`not coalesce(${user.banned}, false)`));
    if (!others || Number(others.n) === 0) throw new AppError(409, "last_admin", say.lastAdmin(target.email));
    const role = target.isLandscaper ? "landscaper" : "customer";
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, target.id));
    await recordAudit(tx, {
      actor: options.principal,
      action: "user.revoke_admin",
      target: targetOf(target),
      reason: options.reason,
      before: { role: "admin" },
      after: { role },
    });
    return { email: target.email };
  });
}

/** A new confirmation link for an account that has not confirmed its address (the old links stay valid). */
export async function resendConfirmation(
  options: AccountActionOptions & { secret: string },
): Promise<{ email: string }> {
  return options.db.transaction(async (tx) => {
    const target = await lockTarget(tx, options, true);
    if (target.emailVerified) throw new AppError(409, "already_verified", say.alreadyConfirmed(target.email));
    const token = await createEmailVerificationToken(
      options.secret,
      target.email.toLowerCase(),
      undefined,
      VERIFICATION_TTL_SECONDS,
    );
    await sendVerificationEmail({ db: tx, env: options.env, user: target, token });
    await recordAudit(tx, {
      actor: options.principal,
      action: "user.resend_confirmation",
      target: targetOf(target),
      reason: options.reason,
    });
    return { email: target.email };
  });
}
