import { hashPassword } from "better-auth/crypto";
import { count, eq, inArray, like, sql } from "drizzle-orm";
import type { Env } from "../config/env.js";
import type { Db } from "./client.js";
import * as s from "./schema.js";
import { ensureAdmin, ensureReferenceData, type Log } from "./seed/bootstrap.js";
import { DEMO_DOMAIN, DEMO_PASSWORD, random } from "./seed/demo-fixtures.js";
import { seedDemoJobs } from "./seed/demo-jobs.js";
import { seedDemoCustomers, seedDemoLandscapers } from "./seed/demo-people.js";

// The entry point of start-up data and the demo; the parts live in ./seed/.
export { ensureAdmin, ensureReferenceData } from "./seed/bootstrap.js";
export { DEMO_DOMAIN, DEMO_PASSWORD, firstNames, lastNames } from "./seed/demo-fixtures.js";

export async function hasDemoData(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(s.user)
    .where(like(s.user.email, `%@${DEMO_DOMAIN}`));
  return (row?.n ?? 0) > 0;
}

/** Removes the demo accounts and everything they own (jobs of demo customers included). */
export async function removeDemoData(db: Db) {
  await db.transaction(async (tx) => {
    const demoUsers = tx
      .select({ id: s.user.id })
      .from(s.user)
      .where(like(s.user.email, `%@${DEMO_DOMAIN}`));
    await tx.delete(s.job).where(inArray(s.job.customerId, demoUsers));
    await tx.delete(s.job).where(like(s.job.customerEmail, `%@${DEMO_DOMAIN}`));
    await tx.delete(s.user).where(like(s.user.email, `%@${DEMO_DOMAIN}`));
  });
}

/**
 * Realistic Charlotte-area demo data for every screen: customers, approved/pending/denied landscapers,
 * ~70 jobs in every status over the last 90 days with their events, ratings, tips and notifications.
 * One transaction: a failure halfway leaves nothing behind.
 */
export async function seedDemoData(db: Db, log: Log, now = new Date()) {
  const rnd = random(20250101);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [adminRow] = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.role, "admin")).limit(1);
  const adminId = adminRow?.id ?? null;

  await db.transaction(async (tx) => {
    const context = { tx, rnd, now, passwordHash };
    const customers = await seedDemoCustomers(context);
    const landscapers = await seedDemoLandscapers(context, adminId);
    await seedDemoJobs(context, { customers, landscapers, adminId });
  });
  await db.execute(sql`analyze`);
  log.info(
    `Demo data loaded: 12 customers, 9 landscapers, 72 jobs. Demo accounts use the password "${DEMO_PASSWORD}", e.g. olivia.bennett@${DEMO_DOMAIN} (customer), carlos.mendoza@${DEMO_DOMAIN} (approved landscaper), evan.brooks@${DEMO_DOMAIN} (pending landscaper).`,
  );
}

/** Start-up data: reference data always; the admin and the demo when asked for and not there yet. */
export async function prepareData(db: Db, env: Env, log: Log) {
  await ensureReferenceData(db);
  if (env.SEED_DEMO || env.ADMIN_EMAIL) await ensureAdmin(db, env, log);
  if (env.SEED_DEMO) {
    // Seeded once per database: deleting demo rows by hand does not bring them back at the next start.
    const [flag] = await db.select().from(s.appSetting).where(eq(s.appSetting.key, DEMO_FLAG));
    if (!flag && !(await hasDemoData(db))) {
      await seedDemoData(db, log);
      await db.insert(s.appSetting).values({ key: DEMO_FLAG, value: true }).onConflictDoNothing();
    }
  }
  // Said at every start, whatever SEED_DEMO says now: demo accounts left in a database are a way in.
  if (await hasDemoData(db)) log.warn(demoDataWarning());
}

/** The boxed warning every start prints while demo accounts (with their published password) exist. */
export function demoDataWarning(): string {
  const lines = [
    "DEMO DATA IS LOADED: demo accounts exist whose password is published",
    `(${DEMO_PASSWORD}). Anyone who can reach this server can sign in as them,`,
    "and the approved demo landscapers see real customers' jobs in their area.",
    "Never expose this database to the internet. Remove the demo data with",
    "  npm run db:seed -- --remove",
    'and start with NODE_ENV=production (SEED_DEMO unset) as README "Deploying" shows.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${"-".repeat(width + 2)}+`;
  return ["", rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule, ""].join("\n");
}

const DEMO_FLAG = "demo_seeded_at_first_start";
