import { sql } from "drizzle-orm";
import type { DashboardSummary } from "../../../shared/admin.js";
import { platformCutCents } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { DbOrTx } from "../../db/client.js";
import { jobTotals, user } from "../../db/schema.js";
import { isAdminUser, toNumber } from "./query-helpers.js";

/**
 * The dashboard tiles, from the database every time (spec 02 §9's figures were placeholders). Each user is
 * counted once: an admin (by role or by the settings) counts as an admin whatever else their role says, so
 * customers + landscapers + admins = total users.
 */
export async function dashboardSummary({ db, env }: { db: DbOrTx; env: Env }): Promise<DashboardSummary> {
  const admin = isAdminUser(env);
  const [people] = await db
    .select({
      total: sql<number>`count(*)`,
      admins: sql<number>`count(*) filter (where ${admin})`,
      customers: sql<number>`count(*) filter (where not ${admin} and ${user.role} = 'customer')`,
      landscapers: sql<number>`count(*) filter (where not ${admin} and ${user.role} = 'landscaper')`,
    })
    .from(user);
  // Kept by the database on every change to job (migration 0006); counting a million jobs took 0.4 s.
  const [jobs] = await db
    .select({
      total: sql<number>`coalesce(sum(${jobTotals.jobs}), 0)`,
      completed: sql<number>`coalesce(sum(${jobTotals.completed}), 0)`,
      revenue: sql<number>`coalesce(sum(${jobTotals.revenueCents}), 0)`,
      tips: sql<number>`coalesce(sum(${jobTotals.tipsCents}), 0)`,
    })
    .from(jobTotals);

  const revenueCents = toNumber(jobs?.revenue);
  const tipsCents = toNumber(jobs?.tips);
  const platformCents = platformCutCents(revenueCents);
  return {
    users: {
      total: toNumber(people?.total),
      customers: toNumber(people?.customers),
      landscapers: toNumber(people?.landscapers),
      admins: toNumber(people?.admins),
    },
    jobs: { total: toNumber(jobs?.total), completed: toNumber(jobs?.completed) },
    // The landscapers' 75% is what is left after the platform's rounded 25%, so the two always add up.
    money: { revenueCents, tipsCents, platformCents, payoutsCents: revenueCents - platformCents + tipsCents },
  };
}
