import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  type AdminJobView,
  type JobStatusFilter,
  jobNumberOf,
  type Page,
  type PageDirection,
} from "../../../shared/admin.js";
import { adminGroupOf, type JobStatus } from "../../../shared/jobs.js";
import { serviceName, services } from "../../../shared/services.js";
import type { DbOrTx } from "../../db/client.js";
import { job, landscaper, user } from "../../db/schema.js";
import {
  type Cursor,
  containsText,
  cursorTimestamp,
  keysetCondition,
  keysetOrder,
  keysetPage,
  type OrderDirection,
  searchExpressions,
} from "./query-helpers.js";

export interface JobFilter {
  q: string;
  status: JobStatusFilter;
}

const statusesOf: Record<Exclude<JobStatusFilter, "all">, JobStatus[]> = {
  pending: ["pending"],
  in_progress: ["accepted", "scheduled"],
  completed: ["completed"],
  cancelled: ["cancelled"],
};

/**
 * Spec 02 §5: jobs match on client, landscaper, service type and job id. Every arm is answered by an index
 * (the job and landscaper trigram indexes, job_landscaper_idx, the number's unique index), so PostgreSQL
 * can combine them with a BitmapOr instead of reading the whole table.
 */
function searchCondition(term: string): SQL | undefined {
  if (!term) return undefined;
  const jobText = searchExpressions.job(job);
  const arms: SQL[] = [containsText(jobText, term)];
  // service_type stores ids ("lawn-mowing"); a search for the name people see ("Lawn Mowing") finds them too.
  const lower = term.toLowerCase();
  for (const service of services) {
    if (service.name.toLowerCase().includes(lower) && !service.id.includes(lower)) {
      arms.push(containsText(jobText, service.id));
    }
  }
  arms.push(
    sql`${job.landscaperId} = any(array(select ${landscaper.userId} from ${landscaper} where ${containsText(
      searchExpressions.landscaper(landscaper),
      term,
    )}))`,
  );
  const number = jobNumberOf(term);
  if (number !== null) arms.push(eq(job.number, number));
  return or(...arms);
}

export function jobFilterCondition(filter: JobFilter): SQL | undefined {
  return and(
    filter.status === "all" ? undefined : inArray(job.status, statusesOf[filter.status]),
    searchCondition(filter.q),
  );
}

/** The landscaper as jobs name them elsewhere: the business, else the person. */
export const landscaperNameColumn = sql<
  string | null
>`coalesce(${landscaper.businessName}, ${landscaper.fullName}, ${user.name})`;

const jobColumns = {
  id: job.id,
  number: job.number,
  customerName: job.customerName,
  customerEmail: job.customerEmail,
  selectedServices: job.selectedServices,
  preferredDate: job.preferredDate,
  scheduledDate: job.scheduledDate,
  status: job.status,
  rating: job.rating,
  ratingComment: job.ratingComment,
  ratedAt: job.ratedAt,
  tipCents: job.tipCents,
  finalPriceCents: job.finalPriceCents,
  quotedPriceCents: job.quotedPriceCents,
  estimateLowCents: job.estimateLowCents,
  estimateHighCents: job.estimateHighCents,
  cancelReason: job.cancelReason,
  photoKey: job.photoKey,
  createdAt: job.createdAt,
  landscaperName: landscaperNameColumn,
  cursorTs: cursorTimestamp(job.createdAt),
};

export type AdminJobRow = Awaited<ReturnType<typeof selectJobs>>[number];

/** Jobs with their landscaper's name, newest first (or oldest first), `limit` rows after `cursor`. */
export function selectJobs(
  db: DbOrTx,
  options: { where: SQL | undefined; cursor: Cursor | null; order: OrderDirection; limit: number },
) {
  return db
    .select(jobColumns)
    .from(job)
    .leftJoin(landscaper, eq(landscaper.userId, job.landscaperId))
    .leftJoin(user, eq(user.id, job.landscaperId))
    .where(and(options.where, keysetCondition(job, options.cursor, options.order)))
    .orderBy(...keysetOrder(job, options.order))
    .limit(options.limit);
}

export function jobCursorOf(row: Pick<AdminJobRow, "cursorTs" | "id">): Cursor {
  return { ts: row.cursorTs, id: row.id };
}

export function totalCentsOf(row: Pick<AdminJobRow, "finalPriceCents" | "quotedPriceCents">): number | null {
  return row.finalPriceCents ?? row.quotedPriceCents ?? null;
}

export function toAdminJobView(row: AdminJobRow): AdminJobView {
  return {
    id: row.id,
    number: row.number,
    clientName: row.customerName,
    clientEmail: row.customerEmail,
    landscaperName: row.landscaperName,
    services: row.selectedServices.map(serviceName),
    jobDate: row.scheduledDate ?? row.preferredDate,
    status: row.status,
    statusGroup: adminGroupOf(row.status),
    rating: row.rating,
    tipCents: row.tipCents,
    totalCents: totalCentsOf(row),
    estimateLowCents: row.estimateLowCents,
    estimateHighCents: row.estimateHighCents,
    cancelReason: row.cancelReason,
    hasPhoto: row.photoKey !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ListJobsOptions {
  db: DbOrTx;
  filter: JobFilter;
  cursor: string | undefined;
  dir: PageDirection;
  limit: number;
}

export function listJobs({ db, filter, cursor, dir, limit }: ListJobsOptions): Promise<Page<AdminJobView>> {
  const where = jobFilterCondition(filter);
  return keysetPage({
    cursor,
    dir,
    limit,
    fetch: (page) => selectJobs(db, { where, ...page }),
    cursorOf: jobCursorOf,
    toItem: toAdminJobView,
  });
}
