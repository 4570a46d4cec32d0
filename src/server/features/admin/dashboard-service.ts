import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { DashboardSummary } from "../../../shared/admin.js";
import type { Env } from "../../config/env.js";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { jobTotals, outbox, user, userTotals } from "../../db/schema.js";
import { ledgerTotals } from "../payments/index.js";
import { toNumber } from "./query-helpers.js";

/**
 * The dashboard tiles, from the database every time (spec 02 §9's figures were placeholders). Each user is
 * counted once: an admin (by role or by the settings) counts as an admin whatever else their role says, so
 * customers + landscapers + admins = total users.
 */
export async function dashboardSummary({ db, env }: { db: DbOrTx; env: Env }): Promise<DashboardSummary> {
  // Users per role are kept by the database (migration 0008); the accounts the settings make admins are
  // few and looked up by email. Counting 110 thousand users took 60-120 ms a request.
  const perRole = await db.select({ role: userTotals.role, users: userTotals.users }).from(userTotals);
  const settingsEmails = [...new Set([...env.ADMIN_EMAILS, ...env.MASTER_EMAILS])];
  const promoted = settingsEmails.length
    ? await db
        .select({ role: user.role, users: sql<number>`count(*)` })
        .from(user)
        .where(
          and(
            inArray(sql`lower(${user.email})`, settingsEmails),
            // Unconfirmed, a listed address grants nothing (principal.ts): it is counted by its role.
            eq(user.emailVerified, true),
            ne(user.role, "admin"),
          ),
        )
        .groupBy(user.role)
    : [];
  const countOf = (rows: { role: string; users: number }[], role: string) =>
    toNumber(rows.find((r) => r.role === role)?.users);
  const promotedTotal = promoted.reduce((sum, r) => sum + toNumber(r.users), 0);
  const people = {
    total: perRole.reduce((sum, r) => sum + toNumber(r.users), 0),
    admins: countOf(perRole, "admin") + promotedTotal,
    customers: countOf(perRole, "customer") - countOf(promoted, "customer"),
    landscapers: countOf(perRole, "landscaper") - countOf(promoted, "landscaper"),
  };

  // Kept by the database on every change to job (migration 0006); counting a million jobs took 0.4 s.
  const [jobs] = await db
    .select({
      total: sql<number>`coalesce(sum(${jobTotals.jobs}), 0)`,
      completed: sql<number>`coalesce(sum(${jobTotals.completed}), 0)`,
    })
    .from(jobTotals);
  // Money from the ledger: what was really charged, not what jobs say they cost.
  const money = await ledgerTotals(db);
  const [failed] = await db
    .select({ n: sql<number>`count(*)` })
    .from(outbox)
    .where(eq(outbox.status, "failed"));
  // Series are few next to jobs; the recurring revenue is the ledger's charges less refunds of series visits.
  const [recurring] = await db
    .execute<{ active: number | string; revenue: number | string }>(sql`
    select (select count(*) from job_series where status = 'active') as active,
      (select coalesce(sum(e.amount_cents), 0) from ledger_entry e
        join ledger_transaction t on t.id = e.transaction_id
        join job j on j.id = t.job_id
        where e.account = 'processor' and t.kind in ('job_charge', 'cancellation_fee', 'refund')
          and j.series_id is not null) as revenue`)
    .then((r) => rowsOf<{ active: number | string; revenue: number | string }>(r));
  const recurringRevenue = toNumber(recurring?.revenue);
  return {
    recurring: {
      activeSeries: toNumber(recurring?.active),
      revenueSharePercent:
        money.revenueCents > 0 ? Math.round((recurringRevenue / money.revenueCents) * 1000) / 10 : null,
    },
    failedDeliveries: toNumber(failed?.n),
    users: people,
    jobs: { total: toNumber(jobs?.total), completed: toNumber(jobs?.completed) },
    money: {
      revenueCents: money.revenueCents,
      tipsCents: money.tipsCents,
      platformCents: money.platformCents,
      payoutsCents: money.landscaperEarnedCents,
    },
  };
}
