import { randomUUID } from "node:crypto";
import { todayInCharlotte } from "../../shared/dates.js";
import type { Role } from "../../shared/roles.js";
import type { Db } from "../db/client.js";
import { job, jobSeries, payment } from "../db/schema.js";
import type { Principal } from "../features/accounts/index.js";
import type { SignedUp } from "./accounts-helpers.js";
import { requestOf } from "./admin-fixtures.js";

/** Shared by the review tests (issue 36): visits written straight to the database at the times a test needs. */

/** The principal a route would hand a service, for tests that call services with an injected clock. */
export function principalOf(who: SignedUp, role: Role, isAdmin = false): Principal {
  return {
    userId: who.id,
    sessionId: "test",
    email: who.email,
    name: "Test User",
    role,
    emailVerified: true,
    isAdmin,
    isMaster: false,
    grants: new Set<Role>(isAdmin ? [role, "admin"] : [role]),
    impersonatedBy: null,
  };
}

/** An active weekly series of `customer` with `landscaperId`, for visits to belong to. */
export async function insertSeries(db: Db, customer: SignedUp, landscaperId: string): Promise<string> {
  const [row] = await db
    .insert(jobSeries)
    .values({
      ...requestOf(customer),
      landscaperId,
      frequency: "weekly",
      weekday: 2,
      pricePerVisitCents: 4500,
      status: "active",
      startDate: "2027-01-05",
    })
    .returning({ id: jobSeries.id });
  return row!.id;
}

/**
 * A visit of `customer` completed by `landscaperId` at `completedAt`, its price charged (a captured 'job'
 * payment, as the work's approval leaves it) unless `charged` is false.
 */
export async function completedVisit(
  db: Db,
  options: {
    customer: SignedUp;
    landscaperId: string;
    completedAt: Date;
    seriesId?: string;
    charged?: boolean;
    customerName?: string;
  },
): Promise<string> {
  const day = todayInCharlotte(options.completedAt);
  const [row] = await db
    .insert(job)
    .values({
      ...requestOf(options.customer, options.customerName ? { customerName: options.customerName } : {}),
      preferredDate: day,
      scheduledDate: day,
      estimateLowCents: 4000,
      estimateHighCents: 6000,
      status: "completed",
      landscaperId: options.landscaperId,
      seriesId: options.seriesId ?? null,
      seriesDate: options.seriesId ? day : null,
      quotedPriceCents: 4500,
      finalPriceCents: 4500,
      acceptedAt: options.completedAt,
      scheduledAt: options.completedAt,
      completedAt: options.completedAt,
      workApprovedAt: options.completedAt,
      createdAt: options.completedAt,
      updatedAt: options.completedAt,
    })
    .returning({ id: job.id });
  const id = row!.id;
  if (options.charged !== false)
    await db.insert(payment).values({
      jobId: id,
      customerId: options.customer.id,
      kind: "job",
      provider: "test",
      status: "captured",
      amountCents: 4500,
      capturedCents: 4500,
      idempotencyKey: `test:${randomUUID()}`,
      capturedAt: options.completedAt,
    });
  return id;
}
