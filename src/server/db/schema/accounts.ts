import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, timestamps, uuidId } from "./columns.js";

/* ---------- Accounts (Better Auth core + admin plugin) ---------- */

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").notNull().default("customer"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    // Notification preferences live on the user row, as the spec's users record has them.
    pushOptIn: boolean("push_opt_in").notNull().default(true),
    smsOptIn: boolean("sms_opt_in").notNull().default(false),
    emailOptIn: boolean("email_opt_in").notNull().default(true),
    phoneNumber: text("phone_number").notNull().default(""),
    // Per kind of alert, on top of the channels: new messages (push, and the unread email) and arrival updates.
    messageAlerts: boolean("message_alerts").notNull().default(true),
    arrivalAlerts: boolean("arrival_alerts").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("user_role_idx").on(t.role),
    // ADMIN_EMAILS / MASTER_EMAILS are matched case-insensitively (the admin dashboard counts them).
    index("user_email_lower_idx").on(sql`lower(${t.email})`),
    index("user_search_trgm_idx").using("gin", sql`(lower(${t.name} || ' ' || ${t.email})) gin_trgm_ops`),
  ],
);

/** A user's row in another table: required, and removed with the account. */
export const ownedBy = (column: string) =>
  text(column)
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: ownedBy("user_id"),
    impersonatedBy: text("impersonated_by"),
    ...timestamps,
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: ownedBy("user_id"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Better Auth's database rate-limit storage: counters shared by every app instance. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Our rate-limit counters (lib/rate-limit) when REDIS_URL is not set: one fixed window per key. */
export const rateLimitCounter = pgTable("rate_limit_counter", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Single-use links: a stateless token (Better Auth's email-verification JWT) is claimed here by its hash
 * the first time it is used, so a second use finds the claim and is refused.
 */
export const usedToken = pgTable("used_token", {
  tokenHash: text("token_hash").primaryKey(),
  purpose: text("purpose").notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
});

export const loginAudit = pgTable(
  "login_audit",
  {
    id: uuidId(),
    action: text("action").notNull(),
    email: text("email").notNull(),
    role: text("role"),
    success: boolean("success").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_audit_email_idx").on(t.email, t.createdAt),
    index("login_audit_ip_idx").on(t.ip, t.createdAt),
  ],
);

/** Settings the app generates once and every instance must share (secrets, VAPID keys). */
export const appSetting = pgTable("app_setting", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: createdAt(),
});

/* ---------- Customers and landscapers ---------- */
