import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import type { LandscaperAssignment, NeedsProJob } from "../../../shared/nothing-waits.js";
import type { Db } from "../../db/client.js";
import { job, jobAssignment, landscaper } from "../../db/schema.js";
import { recordedFirmPrice } from "../pricing/index.js";

/** At most this many requests on the screen, the longest-waiting first (a queue this long is a bigger problem). */
const SHOWN = 100;

/**
 * Admin → Needs a pro (issue 38): requests the 24-hour step flagged that are still open and nobody's, the
 * longest-waiting first, each with the pro asked to confirm (if any), the last pro who declined, and when our
 * team last wrote to the customer.
 */
export async function needsProList(db: Db): Promise<NeedsProJob[]> {
  const rows = await db
    .select()
    .from(job)
    .where(and(eq(job.status, "pending"), isNull(job.landscaperId), isNotNull(job.needsProAt)))
    .orderBy(asc(job.needsProAt))
    .limit(SHOWN);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const assignments = await db
    .select({
      jobId: jobAssignment.jobId,
      status: jobAssignment.status,
      date: jobAssignment.scheduledDate,
      createdAt: jobAssignment.createdAt,
      name: landscaper.businessName,
      fullName: landscaper.fullName,
    })
    .from(jobAssignment)
    .innerJoin(landscaper, eq(landscaper.userId, jobAssignment.landscaperId))
    .where(and(eq(jobAssignment.status, "open"), inArray(jobAssignment.jobId, ids)));
  const declined = await db
    .select({
      jobId: jobAssignment.jobId,
      name: landscaper.businessName,
      fullName: landscaper.fullName,
    })
    .from(jobAssignment)
    .innerJoin(landscaper, eq(landscaper.userId, jobAssignment.landscaperId))
    .where(and(eq(jobAssignment.status, "declined"), inArray(jobAssignment.jobId, ids)))
    .orderBy(asc(jobAssignment.answeredAt));
  const openOf = new Map(assignments.map((a) => [a.jobId, a]));
  const declinedOf = new Map(
    declined.map((d) => [d.jobId, landscaperDisplayName({ businessName: d.name, fullName: d.fullName })]),
  );
  return rows.map((row) => {
    const firm = recordedFirmPrice(row);
    const open = openOf.get(row.id);
    return {
      id: row.id,
      number: row.number,
      customerName: row.customerName,
      zipCode: row.zipCode,
      services: row.selectedServices,
      preferredDate: row.preferredDate,
      waitingSince: (row.waitingSince ?? row.createdAt).toISOString(),
      needsProAt: row.needsProAt!.toISOString(),
      priceCents: firm?.firstVisitCents ?? null,
      customerToldAt: row.customerToldAt?.toISOString() ?? null,
      assignment: open
        ? {
            landscaperName: landscaperDisplayName({ businessName: open.name, fullName: open.fullName }),
            date: open.date,
            createdAt: open.createdAt.toISOString(),
          }
        : null,
      lastDeclinedBy: declinedOf.get(row.id) ?? null,
    };
  });
}

/** A pro's assignments from our team waiting for their answer, on requests still open. */
export async function landscaperAssignments(db: Db, landscaperId: string): Promise<LandscaperAssignment[]> {
  const rows = await db
    .select({ assignment: jobAssignment, job })
    .from(jobAssignment)
    .innerJoin(job, eq(job.id, jobAssignment.jobId))
    .where(
      and(
        eq(jobAssignment.landscaperId, landscaperId),
        eq(jobAssignment.status, "open"),
        eq(job.status, "pending"),
      ),
    )
    .orderBy(asc(jobAssignment.createdAt));
  return rows.map(({ assignment, job: row }) => ({
    id: assignment.id,
    jobId: row.id,
    number: row.number,
    zipCode: row.zipCode,
    services: row.selectedServices,
    date: assignment.scheduledDate,
    priceCents: recordedFirmPrice(row)?.firstVisitCents ?? 0,
    createdAt: assignment.createdAt.toISOString(),
  }));
}
