import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { ResolutionItem, ResolutionsAnswer } from "../../../shared/proof.js";
import type { Db } from "../../db/client.js";
import { job, jobMessage, landscaper, payment } from "../../db/schema.js";
import { assigned, disputeOf, jobViewColumns } from "../jobs/index.js";
import { landscaperNameSql } from "../landscapers/index.js";
import { photosByJob } from "./index.js";

const RESOLVED_DAYS = 30;

/** The Resolutions page: open problem reports (oldest first: they have waited longest), then recent resolved. */
export async function listResolutions({ db }: { db: Db }): Promise<ResolutionsAnswer> {
  const select = () =>
    db
      .select({ job: jobViewColumns, landscaperName: landscaperNameSql(assigned.name) })
      .from(job)
      .leftJoin(assigned, eq(assigned.id, job.landscaperId))
      .leftJoin(landscaper, eq(landscaper.userId, job.landscaperId));
  const open = await select()
    .where(and(isNotNull(job.disputeReportedAt), isNull(job.disputeResolvedAt)))
    .orderBy(job.disputeReportedAt)
    .limit(200);
  const resolved = await select()
    .where(
      and(
        isNotNull(job.disputeReportedAt),
        sql`${job.disputeResolvedAt} > now() - make_interval(days => ${RESOLVED_DAYS})`,
      ),
    )
    .orderBy(desc(job.disputeResolvedAt))
    .limit(100);
  const ids = [...open, ...resolved].map((r) => r.job.id);
  const photos = await photosByJob(db, ids);
  const counts = new Map<string, number>();
  const money = new Map<string, { status: string; refundable: number }>();
  if (ids.length) {
    const rows = await db
      .select({ jobId: jobMessage.jobId, n: sql<number>`count(*)::int` })
      .from(jobMessage)
      .where(inArray(jobMessage.jobId, ids))
      .groupBy(jobMessage.jobId);
    for (const row of rows) counts.set(row.jobId, row.n);
    const payments = await db
      .select({
        jobId: payment.jobId,
        kind: payment.kind,
        status: payment.status,
        captured: payment.capturedCents,
        refunded: payment.refundedCents,
      })
      .from(payment)
      .where(and(inArray(payment.jobId, ids), sql`${payment.kind} in ('job', 'extra')`))
      .orderBy(payment.createdAt);
    for (const p of payments) {
      const entry = money.get(p.jobId) ?? { status: p.status, refundable: 0 };
      if (p.kind === "job") entry.status = p.status;
      if (p.status === "captured") entry.refundable += p.captured - p.refunded;
      money.set(p.jobId, entry);
    }
  }
  const toItem = (r: (typeof open)[number]): ResolutionItem => ({
    jobId: r.job.id,
    number: r.job.number,
    services: r.job.selectedServices,
    address: r.job.address,
    customerName: r.job.customerName,
    customerEmail: r.job.customerEmail,
    landscaperName: r.landscaperName,
    scheduledDate: r.job.scheduledDate,
    completedAt: r.job.completedAt?.toISOString() ?? null,
    finalPriceCents: r.job.finalPriceCents,
    paymentStatus: money.get(r.job.id)?.status ?? null,
    // A held payment is charged first, then refunded in part: up to the final price.
    refundableCents:
      money.get(r.job.id)?.status === "held"
        ? (r.job.finalPriceCents ?? 0)
        : (money.get(r.job.id)?.refundable ?? 0),
    dispute: disputeOf(r.job)!,
    photos: photos.get(r.job.id) ?? [],
    messageCount: counts.get(r.job.id) ?? 0,
  });
  return { open: open.map(toItem), resolved: resolved.map(toItem) };
}
