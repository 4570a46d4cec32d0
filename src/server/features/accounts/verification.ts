import { and, eq, isNull, like } from "drizzle-orm";
import { verificationMessages } from "../../../shared/accounts.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { job, jobSeries, usedToken, user, verification } from "../../db/schema.js";
import { AppError } from "../../lib/errors.js";
import { tokenHashOf } from "../../lib/secret-token.js";
import { notify } from "../notifications/index.js";

/**
 * Claims a single-use token: the first claim wins, any later one (or a concurrent one) is refused.
 * Better Auth's verification token is a signed JWT with no server-side row, so this is what makes it single use.
 */
export async function claimToken(db: DbOrTx, token: string, purpose: string): Promise<boolean> {
  const tokenHash = tokenHashOf(token);
  const rows = await db
    .insert(usedToken)
    .values({ tokenHash, purpose })
    .onConflictDoNothing()
    .returning({ tokenHash: usedToken.tokenHash });
  return rows.length === 1;
}

export const linkUsed = () => new AppError(400, "link_used", verificationMessages.linkUsed);
export const linkExpired = () => new AppError(400, "link_expired", verificationMessages.linkExpired);
export const linkInvalid = () => new AppError(400, "invalid_token", verificationMessages.linkInvalid);

/**
 * What a confirmed address unlocks: quotes sent before the account existed (or before it was confirmed) with
 * this email become the customer's own, and the customer is told. Only a confirmed address may claim them:
 * anyone can type someone else's email into a sign-up form. A recurring request is claimed whole, by the same
 * rule: its series (whose owner the visits generated later copy, and whom its routes and notices go to) as well
 * as every visit already made.
 */
export async function onEmailVerified(options: { db: Db; userId: string }) {
  const { db, userId } = options;
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: user.email, role: user.role, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId));
    if (!account?.emailVerified || account.role !== "customer") return;
    const linked = await tx
      .update(job)
      .set({ customerId: userId })
      .where(and(eq(job.customerEmail, account.email.toLowerCase()), isNull(job.customerId)))
      .returning({ id: job.id });
    await tx
      .update(jobSeries)
      .set({ customerId: userId })
      .where(and(eq(jobSeries.customerEmail, account.email.toLowerCase()), isNull(jobSeries.customerId)));
    if (linked.length === 0) return;
    await notify(tx, [
      {
        userId,
        type: "job",
        message:
          linked.length === 1
            ? "Your email is confirmed: the request you sent earlier is now in your account."
            : `Your email is confirmed: the ${linked.length} requests you sent earlier are now in your account.`,
        link: "/dashboard/customer-portal",
      },
    ]);
  });
}

/** A used reset link proves the mailbox as well as a confirmation link does. */
export async function markEmailVerified(options: { db: Db; userId: string }) {
  const updated = await options.db
    .update(user)
    .set({ emailVerified: true })
    .where(and(eq(user.id, options.userId), eq(user.emailVerified, false)))
    .returning({ id: user.id });
  if (updated.length) await onEmailVerified(options);
}

/**
 * Every outstanding reset link of an account stops working (after one is used, or the password changes).
 * Better Auth keeps each link as a verification row `reset-password:<token>` whose value is the user id.
 */
export async function revokeResetLinks(options: { db: DbOrTx; userId: string }) {
  await options.db
    .delete(verification)
    .where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, options.userId)));
}
