import { and, desc, eq, sql } from "drizzle-orm";
import { todayInCharlotte } from "../../../shared/dates.js";
import type { JobView } from "../../../shared/jobs.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { job, landscaper } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";
import { landscaperNameSql } from "../landscapers/index.js";
import { assigned, jobViewColumns, toJobView } from "./views.js";

/** The customer's requests, newest first. */
export async function listCustomerJobs({
  db,
  customerId,
}: {
  db: Db;
  customerId: string;
}): Promise<JobView[]> {
  const rows = await db
    .select({ job: jobViewColumns, landscaperName: landscaperNameSql(assigned.name) })
    .from(job)
    .leftJoin(assigned, eq(assigned.id, job.landscaperId))
    .leftJoin(landscaper, eq(landscaper.userId, job.landscaperId))
    .where(eq(job.customerId, customerId))
    .orderBy(desc(job.createdAt))
    .limit(200);
  return rows.map((r) => toJobView(r.job, { landscaperName: r.landscaperName }));
}

/** The customer's next scheduled visit from today on, if any. */
export async function nextScheduledJob({
  db,
  customerId,
}: {
  db: Db;
  customerId: string;
}): Promise<JobView | null> {
  const [row] = await db
    .select()
    .from(job)
    .where(
      and(
        eq(job.customerId, customerId),
        eq(job.status, "scheduled"),
        sql`${job.scheduledDate} >= ${todayInCharlotte()}`,
      ),
    )
    .orderBy(job.scheduledDate)
    .limit(1);
  return row ? toJobView(row) : null;
}

export async function landscaperProfile(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(landscaper).where(eq(landscaper.userId, userId));
  return row ?? null;
}

/** Who may see a job's photo: its customer, its assigned landscaper, admins. */
export async function photoOf({ db, principal, jobId }: { db: Db; principal: Principal; jobId: string }) {
  const [current] = await db.select().from(job).where(eq(job.id, jobId));
  if (!current) throw notFound("Job not found.");
  const allowed =
    principal.isAdmin || current.customerId === principal.userId || current.landscaperId === principal.userId;
  if (!allowed || !current.photoKey) throw notFound("Photo not found.");
  return { key: current.photoKey, contentType: current.photoContentType ?? "application/octet-stream" };
}
