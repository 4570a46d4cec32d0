import { sql } from "drizzle-orm";
import {
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ownedBy, user } from "./accounts.js";
import { timestamps, uuidId } from "./columns.js";

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
    // Why an admin approved without the required documents (issue 33): there is no audit table, so the
    // override is kept on the application beside who approved it and when; null for an approval with them.
    documentOverrideReason: text("document_override_reason"),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    // When admins were last told about this application: a re-submission within a day tells no one again.
    applicationNotifiedAt: timestamp("application_notified_at", { withTimezone: true }),
    // Paused from new jobs (issue 17: a visit neither arrived at nor rescheduled 2 days after its date), until
    // an admin lifts it; the reason says which visit.
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    pausedReason: text("paused_reason"),
    // The public profile (issue 36): its address /pros/:slug, what the landscaper says of the business,
    // their photo (processed like every image), and whether they hid it (a hidden profile is not listed
    // and its landscaper is not offered for instant booking).
    slug: text("slug").unique(),
    description: text("description"),
    photoKey: text("photo_key"),
    photoContentType: text("photo_content_type"),
    yearsInBusiness: smallint("years_in_business"),
    profileHiddenAt: timestamp("profile_hidden_at", { withTimezone: true }),
    // The insurance certificate's expiry, read by an admin from the certificate: the "Insured" badge goes
    // the day after; the landscaper and admins are told once, 30 days before (insurance_warned_for).
    insuranceExpiresOn: date("insurance_expires_on", { mode: "string" }),
    insuranceWarnedFor: date("insurance_warned_for", { mode: "string" }),
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
    id: uuidId(),
    userId: ownedBy("user_id"),
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
    id: uuidId(),
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
