import { hashPassword } from "better-auth/crypto";
import {
  and,
  asc,
  count,
  eq,
  exists,
  inArray,
  isNotNull,
  like,
  notLike,
  or,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Env } from "../config/env.js";
import { type LedgerKind, type LedgerLine, post } from "../features/payments/ledger.js";
import type { Storage } from "../lib/storage.js";
import type { Db, Tx } from "./client.js";
import * as s from "./schema.js";
import { ensureAdmin, ensureReferenceData, type Log } from "./seed/bootstrap.js";
import { seedDemoDocuments } from "./seed/demo-documents.js";
import { DEMO_DOMAIN, DEMO_PASSWORD, random } from "./seed/demo-fixtures.js";
import { seedDemoJobs } from "./seed/demo-jobs.js";
import { seedDemoCustomers, seedDemoLandscapers } from "./seed/demo-people.js";
import { seedDemoProfiles } from "./seed/demo-profiles.js";
import { demoPhotoStore } from "./seed/proof/demo-photos.js";

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

/**
 * Removes the demo accounts and everything they own (jobs of demo customers included), and their money: the
 * ledger keeps every entry, so each demo transaction is reversed (the dashboard's figures go back to what they
 * were before the demo), and the test processor forgets the demo's customers, cards and payments. Their cards
 * (payment_customer, payment_method) go with the accounts, their payments with the jobs (foreign keys), and so
 * do the jobs' photos, messages, read marks and message reports; the bell items of people who stay (admins,
 * a real landscaper who took a demo job) that link to a demo job are deleted here. The photo and message
 * image files are deleted from `storage` when it is given (after the commit, so a failed removal keeps
 * them; their emptied folders stay); without it the files stay in the uploads folder, unreachable (files
 * are served only through their rows), until removed by hand.
 */
export async function removeDemoData(db: Db, storage?: Storage) {
  const files = await db.transaction(async (tx) => {
    const demoUsers = tx
      .select({ id: s.user.id })
      .from(s.user)
      .where(like(s.user.email, `%@${DEMO_DOMAIN}`));
    const isDemoJob = or(inArray(s.job.customerId, demoUsers), like(s.job.customerEmail, `%@${DEMO_DOMAIN}`));
    const demoJobs = tx.select({ id: s.job.id }).from(s.job).where(isDemoJob);
    const files = storage ? await demoFiles(tx, demoJobs, demoUsers) : [];
    await reverseDemoLedger(tx, demoJobs, demoUsers);
    await forgetDemoAtTestProcessor(tx, demoUsers);
    await tx.delete(s.notification).where(
      inArray(
        sql`substring(${s.notification.link} from '[?&](?:job|conversation)=([0-9a-f-]{36})')`,
        tx
          .select({ id: sql`${s.job.id}::text` })
          .from(s.job)
          .where(isDemoJob),
      ),
    );
    await tx.delete(s.job).where(inArray(s.job.customerId, demoUsers));
    await tx.delete(s.job).where(like(s.job.customerEmail, `%@${DEMO_DOMAIN}`));
    // Their recurring series (a series keeps its customer's name and address, not only the account).
    await tx
      .delete(s.jobSeries)
      .where(
        or(inArray(s.jobSeries.customerId, demoUsers), like(s.jobSeries.customerEmail, `%@${DEMO_DOMAIN}`)),
      );
    await tx.delete(s.user).where(like(s.user.email, `%@${DEMO_DOMAIN}`));
    return files;
  });
  if (storage) await Promise.all(files.map((key) => storage.delete(key).catch(() => undefined)));
}

/** The storage keys of the demo jobs' photos and message images (full size and thumbnails), documents, portraits. */
async function demoFiles(tx: Tx, demoJobs: SQLWrapper, demoUsers: SQLWrapper): Promise<string[]> {
  const documents = await tx
    .select({ key: s.landscaperDocument.storageKey, thumbKey: sql<null>`null` })
    .from(s.landscaperDocument)
    .where(inArray(s.landscaperDocument.userId, demoUsers));
  const photos = await tx
    .select({ key: s.jobPhoto.key, thumbKey: s.jobPhoto.thumbKey })
    .from(s.jobPhoto)
    .where(inArray(s.jobPhoto.jobId, demoJobs));
  const images = await tx
    .select({ key: s.jobMessage.imageKey, thumbKey: s.jobMessage.imageThumbKey })
    .from(s.jobMessage)
    .where(and(inArray(s.jobMessage.jobId, demoJobs), isNotNull(s.jobMessage.imageKey)));
  const portraits = await tx
    .select({ key: s.landscaper.photoKey, thumbKey: sql<null>`null` })
    .from(s.landscaper)
    .where(and(inArray(s.landscaper.userId, demoUsers), isNotNull(s.landscaper.photoKey)));
  return [...photos, ...images, ...documents, ...portraits]
    .flatMap((f) => [f.key, f.thumbKey])
    .filter((key): key is string => !!key);
}

/**
 * One reversing transaction (`demo-removal:<key>`, every amount negated) for each ledger transaction of a demo
 * job, and of a payout to a demo landscaper: written before the jobs go, while the transactions still name
 * them. A transaction already reversed is not reversed twice.
 */
async function reverseDemoLedger(tx: Tx, demoJobs: SQLWrapper, demoUsers: SQLWrapper) {
  const t = s.ledgerTransaction;
  const e = s.ledgerEntry;
  const other = alias(s.ledgerEntry, "other_entry");
  const namesDemoUser = tx
    .select({ id: other.id })
    .from(other)
    .where(and(eq(other.transactionId, t.id), inArray(other.userId, demoUsers)));
  const rows = await tx
    .select({ key: t.key, kind: t.kind, account: e.account, userId: e.userId, amountCents: e.amountCents })
    .from(t)
    .innerJoin(e, eq(e.transactionId, t.id))
    .where(
      and(
        notLike(t.key, "demo-removal:%"),
        or(inArray(t.jobId, demoJobs), and(eq(t.kind, "payout"), exists(namesDemoUser))),
      ),
    )
    .orderBy(asc(t.createdAt), asc(t.key), asc(e.id));
  const reversals = new Map<string, { kind: LedgerKind; lines: LedgerLine[] }>();
  for (const row of rows) {
    const reversal = reversals.get(row.key) ?? { kind: row.kind as LedgerKind, lines: [] };
    reversal.lines.push({
      account: row.account as LedgerLine["account"],
      userId: row.userId,
      amountCents: -row.amountCents,
    });
    reversals.set(row.key, reversal);
  }
  for (const [key, { kind, lines }] of reversals)
    await post(tx, { key: `demo-removal:${key}`, kind, description: "Demo data removed", lines });
}

/**
 * The test processor's records of the demo accounts (customers, payout accounts) and of what hangs on them
 * (cards, payment intents, transfers), and the idempotency keys that answered with them or saved their cards.
 */
async function forgetDemoAtTestProcessor(tx: Tx, demoUsers: SQLWrapper) {
  const o = s.testProcessorObject;
  const k = s.testProcessorKey;
  const owners = tx
    .select({ id: o.id })
    .from(o)
    .where(inArray(sql`${o.data}->>'user'`, demoUsers));
  const removed = await tx
    .delete(o)
    .where(
      or(
        inArray(o.id, owners),
        inArray(sql`${o.data}->>'customer'`, owners),
        inArray(sql`${o.data}->>'account'`, owners),
      ),
    )
    .returning({ id: o.id });
  const ids = removed.map((r) => r.id);
  await tx
    .delete(k)
    .where(
      or(
        ids.length ? inArray(sql`${k.answer}->'ok'->>'id'`, ids) : undefined,
        and(like(k.key, "card:%"), inArray(sql`split_part(${k.key}, ':', 2)`, demoUsers)),
      ),
    );
}

/**
 * Realistic Charlotte-area demo data for every screen: customers, approved/pending/denied landscapers,
 * ~80 jobs in every status over the last 90 days with their events, ratings, tips and notifications, and
 * the proof of work, arrival, problem reports and conversations of a few of them; recurring series (active,
 * paused, requested, offered) with their visits, and landscapers of varied reliability (one paused by the
 * late lock-out). Photos need `storage`
 * (the app's, where uploads go): without it the demo has none, as there is nowhere to put their files.
 * One transaction: a failure halfway leaves nothing behind (the photo files written are deleted again).
 */
export async function seedDemoData(
  db: Db,
  log: Log,
  options: { now?: Date | undefined; storage?: Storage | undefined } = {},
) {
  const now = options.now ?? new Date();
  const photos = options.storage ? await demoPhotoStore(options.storage) : null;
  const rnd = random(20250101);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [adminRow] = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.role, "admin")).limit(1);
  const adminId = adminRow?.id ?? null;

  let counts: Awaited<ReturnType<typeof seedDemoJobs>>;
  try {
    counts = await db.transaction(async (tx) => {
      const context = { tx, rnd, now, passwordHash };
      const customers = await seedDemoCustomers(context);
      const landscapers = await seedDemoLandscapers(context, adminId, photos !== null);
      await seedDemoDocuments(context, landscapers, photos);
      const jobCounts = await seedDemoJobs(context, { customers, landscapers, adminId }, photos);
      await seedDemoProfiles(context, landscapers, photos);
      return jobCounts;
    });
  } catch (error) {
    if (photos)
      await Promise.all(photos.written.map((key) => photos.storage.delete(key).catch(() => undefined)));
    throw error;
  }
  await db.execute(sql`analyze`);
  log.info(
    `Demo data loaded: 12 customers, 9 landscapers, ${counts.oneOff} jobs (with conversations, ${photos ? "photos, " : ""}an open and a resolved problem report) and ${counts.series} recurring series with ${counts.seriesVisits} visits (Olivia's weekly mowing with Carlos, a paused one, a request and an offer; one landscaper paused for a missed visit). Demo accounts use the password "${DEMO_PASSWORD}", e.g. olivia.bennett@${DEMO_DOMAIN} (customer), carlos.mendoza@${DEMO_DOMAIN} (approved landscaper), evan.brooks@${DEMO_DOMAIN} (pending landscaper).`,
  );
}

/**
 * Start-up data: reference data always; the admin and the demo when asked for and not there yet. `storage`
 * is the app's (src/server/app.ts), for the demo's photos.
 */
export async function prepareData(db: Db, env: Env, log: Log, options: { storage?: Storage } = {}) {
  await ensureReferenceData(db);
  if (env.SEED_DEMO || env.ADMIN_EMAIL) await ensureAdmin(db, env, log);
  if (env.SEED_DEMO) {
    // Seeded once per database: deleting demo rows by hand does not bring them back at the next start.
    const [flag] = await db.select().from(s.appSetting).where(eq(s.appSetting.key, DEMO_FLAG));
    if (!flag && !(await hasDemoData(db))) {
      await seedDemoData(db, log, { storage: options.storage });
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
