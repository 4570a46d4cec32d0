import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { services } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import { ensureZipData } from "../../features/landscapers/coverage.js";
import type { Db, Tx } from "../client.js";
import * as s from "../schema.js";

export interface Log {
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

export interface NewUser {
  id?: string;
  email: string;
  name: string;
  role: "customer" | "landscaper" | "admin";
  createdAt?: Date;
  phoneNumber?: string;
}

/** Accounts with a confirmed address and a password (one hash for all: the admin's, or the demo password). */
export async function insertUsers(db: Db | Tx, users: NewUser[], passwordHash: string): Promise<string[]> {
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
