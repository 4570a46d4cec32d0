import { and, eq } from "drizzle-orm";
import type { JobView } from "../../../shared/jobs.js";
import type { Db } from "../../db/client.js";
import { job, landscaper } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import { landscaperNameSql } from "../landscapers/index.js";
import { withProof } from "./reads.js";
import { assigned, jobViewColumns, landscaperView, toJobView } from "./views.js";

/**
 * One job of the landscaper's, as their queue shows it (photos and unread messages included), whatever its
 * status: the schedule opens a visit with it. Another landscaper's job, or an open request, is not found; an
 * offer the customer has not approved yet comes without the customer's details (landscaperView).
 */
export async function landscaperJob({
  db,
  landscaperId,
  jobId,
  approvalHours,
}: {
  db: Db;
  landscaperId: string;
  jobId: string;
  approvalHours: number;
}): Promise<JobView> {
  const [row] = await db
    .select({ job: jobViewColumns, landscaperName: landscaperNameSql(assigned.name) })
    .from(job)
    .leftJoin(assigned, eq(assigned.id, job.landscaperId))
    .leftJoin(landscaper, eq(landscaper.userId, job.landscaperId))
    .where(and(eq(job.id, jobId), eq(job.landscaperId, landscaperId)));
  if (!row) throw notFound("Job not found.");
  const [view] = await withProof(db, { userId: landscaperId, approvalHours }, [
    landscaperView(row.job, toJobView(row.job, { landscaperName: row.landscaperName })),
  ]);
  return view!;
}
