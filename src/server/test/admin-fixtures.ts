import { randomUUID } from "node:crypto";
import type { JobStatus } from "../../shared/jobs.js";
import type { ApplicationStatus, DocumentType } from "../../shared/landscapers.js";
import type { ServiceId } from "../../shared/services.js";
import type { Db } from "../db/client.js";
import { customer, job, landscaper, landscaperDocument, user } from "../db/schema.js";

/** Rows written straight to the database, so each test states exactly the figures it expects. */

let counter = 0;
const next = () => {
  counter += 1;
  return `${Date.now().toString(36)}-${counter}`;
};

export async function insertUser(
  db: Db,
  options: {
    name?: string;
    email?: string;
    role?: "customer" | "landscaper" | "admin";
    createdAt?: Date;
  } = {},
): Promise<{ id: string; email: string; name: string }> {
  const id = randomUUID();
  const email = options.email ?? `fixture-${next()}@test.local`;
  const name = options.name ?? "Fixture User";
  await db.insert(user).values({
    id,
    name,
    email,
    role: options.role ?? "customer",
    ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
  });
  return { id, email, name };
}

export async function insertCustomer(
  db: Db,
  options: { name: string; email?: string; phone?: string; createdAt?: Date },
): Promise<{ id: string; email: string; name: string }> {
  const account = await insertUser(db, { ...options, role: "customer" });
  await db.insert(customer).values({
    userId: account.id,
    fullName: options.name,
    streetAddress: "100 N Tryon St",
    city: "Charlotte",
    state: "NC",
    zipCode: "28202",
    phoneNumber: options.phone ?? "704-555-0100",
  });
  return account;
}

export async function insertLandscaper(
  db: Db,
  options: {
    fullName: string;
    businessName?: string | null;
    email?: string;
    status?: ApplicationStatus;
    zips?: string[];
    radius?: number;
    phone?: string;
    createdAt?: Date;
    documentsSubmittedAt?: Date | null;
    documents?: DocumentType[];
  },
): Promise<{ id: string; email: string; name: string }> {
  const account = await insertUser(db, {
    name: options.fullName,
    role: "landscaper",
    ...(options.email ? { email: options.email } : {}),
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  const zips = options.zips ?? ["28203"];
  await db.insert(landscaper).values({
    userId: account.id,
    fullName: options.fullName,
    businessName: options.businessName ?? null,
    phoneNumber: options.phone ?? "704-555-0199",
    streetAddress: "1 Main St",
    city: "Charlotte",
    state: "NC",
    zipCode: zips[0]!,
    serviceZipCodes: zips,
    coveredZipCodes: zips,
    travelRadius: options.radius ?? 10,
    status: options.status ?? "pending",
    documentsSubmittedAt:
      options.documentsSubmittedAt === undefined ? new Date() : options.documentsSubmittedAt,
    ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
  });
  for (const documentType of options.documents ?? []) {
    await db.insert(landscaperDocument).values({
      userId: account.id,
      documentType,
      storageKey: `documents/${account.id}/${documentType}.pdf`,
      originalName: `${documentType}.pdf`,
      contentType: "application/pdf",
      sizeBytes: 1234,
    });
  }
  return account;
}

export interface JobFixture {
  customerName?: string;
  customerEmail?: string;
  customerId?: string | null;
  services?: ServiceId[];
  status?: JobStatus;
  landscaperId?: string | null;
  finalPriceCents?: number | null;
  quotedPriceCents?: number | null;
  tipCents?: number;
  rating?: number | null;
  ratingComment?: string | null;
  createdAt?: Date;
  acceptedAt?: Date | null;
  completedAt?: Date | null;
  preferredDate?: string;
}

export function jobValues(options: JobFixture = {}) {
  const services = options.services ?? ["lawn-mowing"];
  const createdAt = options.createdAt ?? new Date();
  const status = options.status ?? "pending";
  return {
    customerId: options.customerId ?? null,
    customerName: options.customerName ?? "Casey Client",
    customerEmail: options.customerEmail ?? `client-${next()}@test.local`,
    customerPhone: "704-555-0111",
    address: "200 S Tryon St, Charlotte, NC",
    zipCode: "28202",
    selectedServices: services,
    serviceType: services.join(", "),
    preferredDate: options.preferredDate ?? "2026-06-01",
    status,
    landscaperId: options.landscaperId ?? null,
    estimateLowCents: 5000,
    estimateHighCents: 7500,
    quotedPriceCents: options.quotedPriceCents ?? null,
    finalPriceCents: options.finalPriceCents ?? null,
    tipCents: options.tipCents ?? 0,
    rating: options.rating ?? null,
    ratingComment: options.ratingComment ?? null,
    ratedAt: options.rating ? createdAt : null,
    acceptedAt:
      options.acceptedAt === undefined ? (options.landscaperId ? createdAt : null) : options.acceptedAt,
    completedAt:
      options.completedAt === undefined ? (status === "completed" ? createdAt : null) : options.completedAt,
    cancelledAt: status === "cancelled" ? createdAt : null,
    createdAt,
    updatedAt: createdAt,
  } satisfies typeof job.$inferInsert;
}

type RequestColumns = Pick<
  typeof job.$inferInsert,
  | "customerId"
  | "customerName"
  | "customerEmail"
  | "customerPhone"
  | "address"
  | "zipCode"
  | "selectedServices"
  | "serviceType"
>;

/**
 * A signed-up customer's mowing request as a job (or series) row keeps it: Olivia Bennett on Hawthorne Ln in
 * Uptown, unless `over` says otherwise. For tests that write visits straight to the database.
 */
export function requestOf(customer: { id: string; email: string }, over: Partial<RequestColumns> = {}) {
  return {
    customerId: customer.id,
    customerName: "Olivia Bennett",
    customerEmail: customer.email,
    customerPhone: "(704) 555-0199",
    address: "415 Hawthorne Ln, Charlotte, NC",
    zipCode: "28202",
    selectedServices: ["lawn-mowing"],
    serviceType: "Lawn Mowing",
    ...over,
  } satisfies RequestColumns;
}

export async function insertJob(db: Db, options: JobFixture = {}) {
  const [row] = await db.insert(job).values(jobValues(options)).returning();
  return row!;
}

/** Noon in Charlotte on the day `daysAgo` before today there: clear of midnight and DST edges. */
export function charlotteNoon(today: string, daysAgo: number): Date {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysAgo);
  return new Date(`${date.toISOString().slice(0, 10)}T12:00:00-05:00`);
}

/**
 * The admin lists' usual pair of approved landscapers: Carlos Mendoza (Queen City Lawn Care) and Tasha
 * Williams, inserted in that order.
 */
export async function insertApprovedCrew(db: Db) {
  const carlos = await insertLandscaper(db, {
    fullName: "Carlos Mendoza",
    businessName: "Queen City Lawn Care",
    status: "approved",
  });
  const tasha = await insertLandscaper(db, { fullName: "Tasha Williams", status: "approved" });
  return { carlos, tasha };
}
