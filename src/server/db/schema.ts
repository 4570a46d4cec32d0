import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

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
    ...timestamps,
  },
  (t) => [
    index("user_role_idx").on(t.role),
    // ADMIN_EMAILS / MASTER_EMAILS are matched case-insensitively (the admin dashboard counts them).
    index("user_email_lower_idx").on(sql`lower(${t.email})`),
    index("user_search_trgm_idx").using("gin", sql`(lower(${t.name} || ' ' || ${t.email})) gin_trgm_ops`),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
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
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
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
    id: uuid("id").primaryKey().defaultRandom(),
    action: text("action").notNull(),
    email: text("email").notNull(),
    role: text("role"),
    success: boolean("success").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/* ---------- Customers and landscapers ---------- */

export const propertyType = pgEnum("property_type", ["residential", "commercial"]);
export const applicationStatus = pgEnum("application_status", ["pending", "approved", "denied"]);
export const documentType = pgEnum("document_type", ["id_proof", "insurance", "certifications"]);

export const customer = pgTable("customer", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull(),
  streetAddress: text("street_address").notNull(),
  city: text("city").notNull(),
  state: text("state").notNull(),
  zipCode: text("zip_code").notNull(),
  phoneNumber: text("phone_number").notNull(),
  propertyType: propertyType("property_type").notNull().default("residential"),
  ...timestamps,
});

export const landscaper = pgTable(
  "landscaper",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    businessName: text("business_name"),
    phoneNumber: text("phone_number").notNull(),
    streetAddress: text("street_address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    serviceZipCodes: text("service_zip_codes").array().notNull().default(sql`'{}'::text[]`),
    travelRadius: integer("travel_radius").notNull().default(10),
    // Every ZIP whose centroid lies within the travel radius of a listed ZIP, computed when the profile is
    // saved, so the job queue and new-job alerts are one indexed `zip = any(covered)` lookup.
    coveredZipCodes: text("covered_zip_codes").array().notNull().default(sql`'{}'::text[]`),
    status: applicationStatus("status").notNull().default("pending"),
    backgroundCheckConsentAt: timestamp("background_check_consent_at", { withTimezone: true }),
    termsConsentAt: timestamp("terms_consent_at", { withTimezone: true }),
    documentsSubmittedAt: timestamp("documents_submitted_at", { withTimezone: true }),
    adminNotes: text("admin_notes"),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    // When admins were last told about this application: a re-submission within a day tells no one again.
    applicationNotifiedAt: timestamp("application_notified_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("landscaper_status_idx").on(t.status, t.createdAt),
    index("landscaper_zips_idx").using("gin", t.serviceZipCodes),
    index("landscaper_covered_zips_idx").using("gin", t.coveredZipCodes),
    index("landscaper_search_trgm_idx").using(
      "gin",
      sql`(lower(${t.fullName} || ' ' || coalesce(${t.businessName}, ''))) gin_trgm_ops`,
    ),
  ],
);

export const landscaperDocument = pgTable(
  "landscaper_document",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    documentType: documentType("document_type").notNull(),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("landscaper_document_user_type_idx").on(t.userId, t.documentType)],
);

/**
 * An approved landscaper's request to change their service area. The area on the landscaper row stays in
 * force until an admin approves; at most one request is pending per landscaper.
 */
export const areaChange = pgTable(
  "area_change",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    landscaperId: text("landscaper_id")
      .notNull()
      .references(() => landscaper.userId, { onDelete: "cascade" }),
    serviceZipCodes: text("service_zip_codes").array().notNull(),
    travelRadius: integer("travel_radius").notNull(),
    status: applicationStatus("status").notNull().default("pending"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("area_change_one_pending_idx").on(t.landscaperId).where(sql`${t.status} = 'pending'`),
    index("area_change_status_idx").on(t.status, t.createdAt),
  ],
);

/** Offline ZIP centroids used for service-area radius matching. */
export const zipCode = pgTable("zip_code", {
  zip: text("zip").primaryKey(),
  city: text("city").notNull(),
  state: text("state").notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
});

/* ---------- Services, jobs and their lifecycle ---------- */

export const servicePrice = pgTable("service_price", {
  serviceId: text("service_id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  lowCents: integer("low_cents").notNull(),
  highCents: integer("high_cents").notNull(),
  sortOrder: smallint("sort_order").notNull(),
  ...timestamps,
});

export const jobStatus = pgEnum("job_status", ["pending", "accepted", "scheduled", "completed", "cancelled"]);

export const job = pgTable(
  "job",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A short, human number for screens, emails and support calls (shown as JOB-1042).
    number: integer("number").generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    customerId: text("customer_id").references(() => user.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    address: text("address").notNull(),
    zipCode: text("zip_code").notNull(),
    selectedServices: text("selected_services").array().notNull(),
    serviceType: text("service_type").notNull(),
    preferredDate: date("preferred_date", { mode: "string" }).notNull(),
    additionalNotes: text("additional_notes"),
    photoKey: text("photo_key"),
    photoContentType: text("photo_content_type"),
    status: jobStatus("status").notNull().default("pending"),
    landscaperId: text("landscaper_id").references(() => user.id, { onDelete: "set null" }),
    estimateLowCents: integer("estimate_low_cents").notNull(),
    estimateHighCents: integer("estimate_high_cents").notNull(),
    quotedPriceCents: integer("quoted_price_cents"),
    scheduledDate: date("scheduled_date", { mode: "string" }),
    finalPriceCents: integer("final_price_cents"),
    tipCents: integer("tip_cents").notNull().default(0),
    rating: smallint("rating"),
    ratingComment: text("rating_comment"),
    cancelReason: text("cancel_reason"),
    idempotencyKey: text("idempotency_key").unique(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("job_customer_idx").on(t.customerId, t.createdAt),
    index("job_customer_email_idx").on(t.customerEmail),
    index("job_landscaper_idx").on(t.landscaperId, t.status),
    index("job_status_created_idx").on(t.status, t.createdAt),
    // (created_at, id) is both the order and the keyset of the admin job list and the CSV export: the index
    // answers the row comparison and the tie-break on id itself, with no sort step for jobs of one instant.
    index("job_created_id_idx").on(t.createdAt, t.id),
    index("job_zip_pending_idx").on(t.zipCode).where(sql`${t.status} = 'pending'`),
    index("job_search_trgm_idx").using(
      "gin",
      sql`(lower(${t.customerName} || ' ' || ${t.serviceType} || ' ' || ${t.customerEmail})) gin_trgm_ops`,
    ),
  ],
);

/**
 * The admin dashboard's job figures, kept by statement triggers on job (migration 0006) in the same
 * transaction as every change: exact, and read from a few rows instead of counting every job. A change
 * adds its difference to the slot of its database connection, so concurrent transactions rarely wait on
 * one another; the figures are the sum over the slots.
 */
export const jobTotals = pgTable("job_totals", {
  slot: smallint("slot").primaryKey(),
  jobs: bigint("jobs", { mode: "number" }).notNull().default(0),
  completed: bigint("completed", { mode: "number" }).notNull().default(0),
  revenueCents: bigint("revenue_cents", { mode: "number" }).notNull().default(0),
  tipsCents: bigint("tips_cents", { mode: "number" }).notNull().default(0),
});

/** Users per role, kept by statement triggers on "user" (migration 0008) like job_totals. */
export const userTotals = pgTable("user_totals", {
  role: text("role").primaryKey(),
  users: bigint("users", { mode: "number" }).notNull().default(0),
});

export const jobDecline = pgTable(
  "job_decline",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => job.id, { onDelete: "cascade" }),
    landscaperId: text("landscaper_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.landscaperId] })],
);

export const jobEvent = pgTable(
  "job_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => job.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    fromStatus: jobStatus("from_status"),
    toStatus: text("to_status").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_event_job_idx").on(t.jobId, t.createdAt)],
);

/* ---------- Notifications ---------- */

export const notificationType = pgEnum("notification_type", ["job", "payment", "application", "system"]);

export const notification = pgTable(
  "notification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: notificationType("type").notNull(),
    message: text("message").notNull(),
    link: text("link"),
    read: boolean("read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notification_user_created_idx").on(t.userId, t.createdAt),
    index("notification_user_unread_idx").on(t.userId).where(sql`${t.read} = false`),
  ],
);

export const pushSubscription = pgTable(
  "push_subscription",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_subscription_user_idx").on(t.userId)],
);

export const smsMessage = pgTable("sms_message", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  to: text("to").notNull(),
  body: text("body").notNull(),
  provider: text("provider").notNull(),
  providerMessageId: text("provider_message_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/* ---------- Email outbox ---------- */

export const outboxStatus = pgEnum("outbox_status", ["pending", "sent", "failed"]);

/**
 * Every message the app sends (email, web push, SMS), queued in the transaction of the change that caused it
 * and delivered by the outbox worker (lib/outbox). Each channel is its own lane: a slow push service never
 * holds up an email. A message that failed all its attempts stays here, `failed`, for admins to retry.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // email (rendered message), push (payload to every subscription of user_id) or sms (text to `to`).
    channel: text("channel").notNull().default("email"),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    payload: jsonb("payload"),
    template: text("template").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("outbox_due_idx").on(t.channel, t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("outbox_failed_idx").on(t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
);
