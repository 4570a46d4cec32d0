import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { count, eq, inArray, like, sql } from "drizzle-orm";
import { services } from "../../shared/services.js";
import type { Env } from "../config/env.js";
import { coveredZipCodes, ensureZipData } from "../features/landscapers/coverage.js";
import type { Db, Tx } from "./client.js";
import * as s from "./schema.js";

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/** Reference data every installation needs (not demo data): the service price table. */
export async function ensureReferenceData(db: Db) {
  await ensureZipData(db);
  await db
    .insert(s.servicePrice)
    .values(
      services.map((service, index) => ({
        serviceId: service.id,
        name: service.name,
        description: service.description,
        lowCents: service.lowCents,
        highCents: service.highCents,
        sortOrder: index,
      })),
    )
    .onConflictDoNothing();
}

/**
 * The first admin: ADMIN_EMAIL/ADMIN_PASSWORD when set, else admin@greenscape.local with a generated
 * password printed once, when the account is created. An existing account is promoted, never overwritten.
 */
export async function ensureAdmin(db: Db, env: Env, log: Log) {
  const email = (env.ADMIN_EMAIL ?? "admin@greenscape.local").toLowerCase();
  const [existing] = await db
    .select({ id: s.user.id, role: s.user.role, emailVerified: s.user.emailVerified })
    .from(s.user)
    .where(eq(s.user.email, email));
  if (existing) {
    if (existing.role === "admin") return;
    // Anyone could have signed up with this address before it was configured: only its confirmed owner is promoted.
    if (!existing.emailVerified) {
      log.warn(
        `ADMIN_EMAIL ${email} belongs to an account whose address is not confirmed; it was not made an admin. Confirm the address (or remove that account) and restart.`,
      );
      return;
    }
    await db.update(s.user).set({ role: "admin" }).where(eq(s.user.id, existing.id));
    return;
  }
  const password = env.ADMIN_PASSWORD ?? randomBytes(9).toString("base64url");
  await insertUsers(db, [{ email, name: "Platform Admin", role: "admin" }], await hashPassword(password));
  log.info(
    env.ADMIN_PASSWORD
      ? `Admin account created: ${email} (password from ADMIN_PASSWORD)`
      : `Admin account created. Sign in at /login/admin with ${email} / ${password} (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
  );
}

interface NewUser {
  id?: string;
  email: string;
  name: string;
  role: "customer" | "landscaper" | "admin";
  createdAt?: Date;
  phoneNumber?: string;
}

async function insertUsers(db: Db | Tx, users: NewUser[], passwordHash: string): Promise<string[]> {
  const rows = users.map((u) => ({
    id: u.id ?? randomUUID(),
    email: u.email,
    name: u.name,
    role: u.role,
    emailVerified: true,
    phoneNumber: u.phoneNumber ?? "",
    createdAt: u.createdAt ?? new Date(),
    updatedAt: u.createdAt ?? new Date(),
  }));
  if (rows.length === 0) return [];
  await db.insert(s.user).values(rows);
  await db.insert(s.account).values(
    rows.map((r) => ({
      id: randomUUID(),
      accountId: r.id,
      providerId: "credential",
      userId: r.id,
      password: passwordHash,
      createdAt: r.createdAt,
      updatedAt: r.createdAt,
    })),
  );
  return rows.map((r) => r.id);
}

/** A small deterministic generator, so every fresh install shows the same demo. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

export const DEMO_DOMAIN = "demo.greenscape.local";
export const DEMO_PASSWORD = "demo-password";

const neighbourhoods = [
  { zip: "28203", area: "Dilworth", streets: ["East Blvd", "Kenilworth Ave", "Park Ave"] },
  { zip: "28207", area: "Myers Park", streets: ["Queens Rd", "Hermitage Rd", "Providence Rd"] },
  {
    zip: "28277",
    area: "Ballantyne",
    streets: ["Ballantyne Commons Pkwy", "Johnston Rd", "Bryant Farms Rd"],
  },
  { zip: "28209", area: "Montford", streets: ["Park Rd", "Woodlawn Rd", "Montford Dr"] },
  { zip: "28205", area: "Plaza Midwood", streets: ["Central Ave", "The Plaza", "Commonwealth Ave"] },
  { zip: "28211", area: "Cotswold", streets: ["Randolph Rd", "Sharon Amity Rd", "Wendover Rd"] },
  { zip: "28105", area: "Matthews", streets: ["Trade St", "John St", "Weddington Rd"] },
  { zip: "28078", area: "Huntersville", streets: ["Gilead Rd", "Sam Furr Rd", "Huntersville-Concord Rd"] },
  { zip: "28226", area: "Carmel", streets: ["Carmel Rd", "McMullen Creek Pkwy", "Rea Rd"] },
  { zip: "28210", area: "SouthPark", streets: ["Fairview Rd", "Colony Rd", "Runnymede Ln"] },
] as const;

/** Also the names of the benchmark's bulk accounts (bench/lib/seed.ts). */
export const firstNames = [
  "Olivia",
  "Marcus",
  "Priya",
  "James",
  "Sofia",
  "Darnell",
  "Emily",
  "Luis",
  "Hannah",
  "Andre",
  "Grace",
  "Kevin",
  "Maya",
  "Tyler",
];
export const lastNames = [
  "Bennett",
  "Carter",
  "Nguyen",
  "Patel",
  "Robinson",
  "Hughes",
  "Alvarez",
  "Brooks",
  "Foster",
  "Ramirez",
  "Coleman",
  "Price",
  "Jenkins",
  "Ward",
];

const landscaperSeeds = [
  {
    name: "Carlos Mendoza",
    business: "Queen City Lawn Care",
    status: "approved",
    zips: ["28203", "28207", "28209", "28210"],
    radius: 10,
  },
  {
    name: "Tasha Williams",
    business: "Green Thumb Charlotte",
    status: "approved",
    zips: ["28277", "28226", "28105"],
    radius: 15,
  },
  { name: "Ben Whitaker", business: null, status: "approved", zips: ["28205", "28211", "28204"], radius: 10 },
  {
    name: "Rosa Delgado",
    business: "Lake Norman Landscapes",
    status: "approved",
    zips: ["28078", "28031", "28036"],
    radius: 25,
  },
  {
    name: "Jamal Harris",
    business: "Harris Outdoor Services",
    status: "approved",
    zips: ["28210", "28211", "28226", "28207"],
    radius: 5,
  },
  {
    name: "Evan Brooks",
    business: "Brooks Yard Works",
    status: "pending",
    zips: ["28269", "28262"],
    radius: 10,
  },
  { name: "Lily Chen", business: null, status: "pending", zips: ["28203", "28205"], radius: 15 },
  {
    name: "Victor Osei",
    business: "Osei Garden Design",
    status: "pending",
    zips: ["28173", "28277"],
    radius: 25,
  },
  { name: "Dale Simmons", business: "Simmons Mowing", status: "denied", zips: ["28213"], radius: 10 },
] as const;

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

const DAY = 24 * 60 * 60 * 1000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Realistic Charlotte-area demo data for every screen: customers, approved/pending/denied landscapers,
 * ~70 jobs in every status over the last 90 days with their events, ratings, tips and notifications.
 * One transaction: a failure halfway leaves nothing behind.
 */
export async function seedDemoData(db: Db, log: Log, now = new Date()) {
  const rnd = random(20250101);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [adminRow] = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.role, "admin")).limit(1);

  await db.transaction(async (tx) => {
    // Customers
    const customers = firstNames.slice(0, 12).map((first, i) => {
      const last = lastNames[i]!;
      const hood = neighbourhoods[i % neighbourhoods.length]!;
      return {
        id: randomUUID(),
        email: `${first.toLowerCase()}.${last.toLowerCase()}@${DEMO_DOMAIN}`,
        name: `${first} ${last}`,
        role: "customer" as const,
        createdAt: new Date(now.getTime() - rnd.int(60, 120) * DAY),
        phone: `(704) 555-${String(1000 + i * 37).slice(-4)}`,
        street: `${rnd.int(100, 4999)} ${rnd.pick(hood.streets)}`,
        hood,
        propertyType: i % 5 === 4 ? ("commercial" as const) : ("residential" as const),
      };
    });
    await insertUsers(tx, customers, passwordHash);
    await tx.insert(s.customer).values(
      customers.map((c) => ({
        userId: c.id,
        fullName: c.name,
        streetAddress: c.street,
        city: c.hood.zip === "28105" ? "Matthews" : c.hood.zip === "28078" ? "Huntersville" : "Charlotte",
        state: "NC",
        zipCode: c.hood.zip,
        phoneNumber: c.phone,
        propertyType: c.propertyType,
        createdAt: c.createdAt,
      })),
    );

    // Landscapers
    const landscapers = landscaperSeeds.map((l, i) => {
      const [first, last] = l.name.toLowerCase().split(" ");
      return {
        ...l,
        id: randomUUID(),
        email: `${first}.${last}@${DEMO_DOMAIN}`,
        createdAt: new Date(
          now.getTime() - (l.status === "pending" ? rnd.int(1, 6) : rnd.int(70, 110)) * DAY,
        ),
        phone: `(980) 555-${String(2100 + i * 53).slice(-4)}`,
      };
    });
    await insertUsers(
      tx,
      landscapers.map((l) => ({
        id: l.id,
        email: l.email,
        name: l.name,
        role: "landscaper" as const,
        createdAt: l.createdAt,
      })),
      passwordHash,
    );
    const covered = new Map<string, string[]>();
    for (const l of landscapers) covered.set(l.id, await coveredZipCodes(tx, [...l.zips], l.radius));
    await tx.insert(s.landscaper).values(
      landscapers.map((l) => ({
        coveredZipCodes: covered.get(l.id) ?? [],
        userId: l.id,
        fullName: l.name,
        businessName: l.business,
        phoneNumber: l.phone,
        streetAddress: `${rnd.int(100, 9999)} ${rnd.pick(["Tryon St", "Independence Blvd", "Albemarle Rd", "Monroe Rd"])}`,
        city: "Charlotte",
        state: "NC",
        zipCode: l.zips[0],
        serviceZipCodes: [...l.zips],
        travelRadius: l.radius,
        status: l.status,
        backgroundCheckConsentAt: l.createdAt,
        termsConsentAt: l.createdAt,
        documentsSubmittedAt: new Date(l.createdAt.getTime() + DAY / 2),
        reviewedAt: l.status === "pending" ? null : new Date(l.createdAt.getTime() + 2 * DAY),
        reviewedBy: l.status === "pending" ? null : (adminRow?.id ?? null),
        adminNotes: l.status === "denied" ? "Insurance certificate had expired." : null,
        createdAt: l.createdAt,
      })),
    );
    const approved = landscapers.filter((l) => l.status === "approved");

    // Jobs across every status over the last 90 days
    const jobs: (typeof s.job.$inferInsert)[] = [];
    const events: (typeof s.jobEvent.$inferInsert)[] = [];
    const notifications: (typeof s.notification.$inferInsert)[] = [];
    const showcaseStatuses: (typeof s.jobStatus.enumValues)[number][] = [
      "accepted",
      "scheduled",
      "completed",
      "cancelled",
      "pending",
      "pending",
    ];
    const showcaseIds: string[] = [];
    for (let i = 0; i < 72; i++) {
      // The first jobs give Olivia (customer) and Carlos (the approved landscaper covering her Dilworth
      // ZIP) one job in every state, so both dashboards show every action on a fresh start.
      const showcase = showcaseStatuses[i];
      const anonymous = !showcase && i % 9 === 0;
      const pickedCustomer = customers[rnd.int(0, customers.length - 1)]!;
      const customer = showcase ? customers[0]! : pickedCustomer;
      const randomCreatedAt = new Date(
        now.getTime() - rnd.int(0, 89) * DAY - rnd.int(0, 20) * 60 * 60 * 1000,
      );
      const createdAt = showcase ? new Date(now.getTime() - (5 + i) * DAY) : randomCreatedAt;
      const ageDays = (now.getTime() - createdAt.getTime()) / DAY;
      const chosen = [...services].sort(() => rnd.next() - 0.5).slice(0, rnd.int(1, 3));
      const low = chosen.reduce((sum, svc) => sum + svc.lowCents, 0);
      const high = chosen.reduce((sum, svc) => sum + svc.highCents, 0);
      const roll = rnd.next();
      let status: (typeof s.jobStatus.enumValues)[number];
      if (ageDays < 7) status = roll < 0.55 ? "pending" : roll < 0.8 ? "accepted" : "scheduled";
      else if (ageDays < 20)
        status =
          roll < 0.2
            ? "pending"
            : roll < 0.35
              ? "accepted"
              : roll < 0.6
                ? "scheduled"
                : roll < 0.9
                  ? "completed"
                  : "cancelled";
      else status = roll < 0.08 ? "pending" : roll < 0.85 ? "completed" : "cancelled";
      if (anonymous) status = "pending";
      if (showcase) status = showcase;

      const hood = anonymous ? rnd.pick(neighbourhoods) : customer.hood;
      const name = anonymous ? `${rnd.pick(firstNames)} ${rnd.pick(lastNames)}` : customer.name;
      const email = anonymous ? `visitor${i}@${DEMO_DOMAIN}` : customer.email;
      const randomPreferred = new Date(createdAt.getTime() + rnd.int(3, 14) * DAY);
      const upcoming = status === "pending" || status === "accepted" || status === "scheduled";
      const preferred = showcase && upcoming ? new Date(now.getTime() + (3 + i) * DAY) : randomPreferred;
      const landscaperRow =
        status === "pending" || (status === "cancelled" && !showcase && rnd.chance(0.5))
          ? null
          : (approved.find((l) => l.zips.includes(hood.zip as never)) ?? rnd.pick(approved));
      const quoted = landscaperRow ? Math.round((low + rnd.next() * (high - low)) / 500) * 500 : null;
      const id = randomUUID();
      if (showcase) showcaseIds.push(id);
      const acceptedAt = landscaperRow
        ? new Date(createdAt.getTime() + rnd.int(2, 30) * 60 * 60 * 1000)
        : null;
      const scheduledAt =
        acceptedAt && status !== "accepted"
          ? new Date(acceptedAt.getTime() + rnd.int(2, 24) * 60 * 60 * 1000)
          : null;
      const completedAt =
        status === "completed" ? new Date(Math.min(preferred.getTime(), now.getTime() - DAY)) : null;
      const rated = status === "completed" && rnd.chance(0.8);
      const tip =
        status === "completed" && rnd.chance(0.6)
          ? Math.round(((quoted ?? low) * rnd.int(5, 20)) / 100 / 100) * 100
          : 0;
      const cancelledAt = status === "cancelled" ? new Date(createdAt.getTime() + rnd.int(1, 4) * DAY) : null;
      jobs.push({
        id,
        customerId: anonymous ? null : customer.id,
        customerName: name,
        customerEmail: email,
        customerPhone: anonymous ? "(704) 555-0199" : customer.phone,
        address:
          `${anonymous ? rnd.int(100, 4999) : customer.street} ${anonymous ? rnd.pick(hood.streets) : ""}`.trim() +
          `, Charlotte, NC ${hood.zip}`,
        zipCode: hood.zip,
        selectedServices: chosen.map((c) => c.id),
        serviceType: chosen.map((c) => c.id).join(", "),
        preferredDate: isoDate(preferred),
        additionalNotes: rnd.chance(0.4)
          ? rnd.pick([
              "Gate code is 4512.",
              "Please avoid the vegetable garden.",
              "Dog in the backyard, friendly.",
              "Front beds only this time.",
            ])
          : null,
        status,
        landscaperId: landscaperRow?.id ?? null,
        estimateLowCents: low,
        estimateHighCents: high,
        quotedPriceCents: quoted,
        scheduledDate: landscaperRow ? isoDate(preferred) : null,
        finalPriceCents: status === "completed" ? quoted : null,
        tipCents: tip,
        rating: rated ? rnd.pick([3, 4, 4, 5, 5, 5]) : null,
        ratingComment:
          rated && rnd.chance(0.5)
            ? rnd.pick([
                "Great work, very tidy.",
                "On time and friendly.",
                "Lawn looks fantastic!",
                "Good job overall.",
              ])
            : null,
        cancelReason:
          status === "cancelled"
            ? rnd.pick(["Found another provider.", "Plans changed.", "Weather delays."])
            : null,
        acceptedAt,
        scheduledAt,
        completedAt,
        cancelledAt,
        ratedAt: rated && completedAt ? new Date(completedAt.getTime() + DAY) : null,
        createdAt,
        updatedAt: completedAt ?? cancelledAt ?? scheduledAt ?? acceptedAt ?? createdAt,
      });
      events.push({
        jobId: id,
        actorId: anonymous ? null : customer.id,
        fromStatus: null,
        toStatus: "pending",
        createdAt,
      });
      if (acceptedAt && landscaperRow) {
        events.push({
          jobId: id,
          actorId: landscaperRow.id,
          fromStatus: "pending",
          toStatus: "accepted",
          createdAt: acceptedAt,
        });
      }
      if (scheduledAt && status !== "cancelled") {
        events.push({
          jobId: id,
          actorId: customer.id,
          fromStatus: "accepted",
          toStatus: "scheduled",
          createdAt: scheduledAt,
        });
      }
      if (completedAt && landscaperRow) {
        events.push({
          jobId: id,
          actorId: landscaperRow.id,
          fromStatus: "scheduled",
          toStatus: "completed",
          createdAt: completedAt,
        });
      }
      if (cancelledAt) {
        events.push({
          jobId: id,
          actorId: customer.id,
          fromStatus: landscaperRow ? "accepted" : "pending",
          toStatus: "cancelled",
          createdAt: cancelledAt,
        });
      }
      if (landscaperRow && ageDays < 14) {
        notifications.push({
          userId: landscaperRow.id,
          type: status === "completed" ? "payment" : "job",
          message:
            status === "completed"
              ? `A job in ${hood.area} was completed${tip ? " and the customer left a tip" : ""}.`
              : `You accepted a job in ${hood.area} (${hood.zip}).`,
          link: "/landscaper-dashboard",
          read: rnd.chance(0.4),
          createdAt: acceptedAt ?? createdAt,
        });
      }
    }
    jobs.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
    await tx.insert(s.job).values(jobs);
    await tx.insert(s.jobEvent).values(events);
    // ...and one pending job Carlos declined, which his queue shows as declined.
    const carlos = approved.find((l) => (l.zips as readonly string[]).includes("28203"));
    const declinedJob = jobs.find((j) => j.id === showcaseIds[showcaseStatuses.length - 1]);
    if (carlos && declinedJob?.id) {
      await tx.insert(s.jobDecline).values({ jobId: declinedJob.id, landscaperId: carlos.id });
      await tx.insert(s.jobEvent).values({
        jobId: declinedJob.id,
        actorId: carlos.id,
        fromStatus: "pending",
        toStatus: "declined",
        note: "Declined by a landscaper; still open for others.",
      });
    }

    if (adminRow) {
      for (const l of landscapers.filter((x) => x.status === "pending")) {
        notifications.push({
          userId: adminRow.id,
          type: "application",
          message: `New landscaper application from ${l.name}${l.business ? ` (${l.business})` : ""}.`,
          link: "/admin/landscaper-approvals",
          read: false,
          createdAt: l.createdAt,
        });
      }
      notifications.push({
        userId: adminRow.id,
        type: "system",
        message: "Demo data loaded: 12 customers, 9 landscapers and 72 jobs.",
        link: "/admin",
        read: true,
        createdAt: now,
      });
    }
    for (const l of approved) {
      notifications.push({
        userId: l.id,
        type: "application",
        message: "Your application was approved. Welcome aboard!",
        link: "/landscaper-dashboard",
        read: true,
        createdAt: new Date(l.createdAt.getTime() + 2 * DAY),
      });
    }
    await tx.insert(s.notification).values(notifications);
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
