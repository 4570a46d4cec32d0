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
import { landscaperNameSql } from "../landscapers/index.js";
import { photosByJob } from "../proof/index.js";
import {
  type Cursor,
  containsText,
  cursorTimestamp,
  inKeysetSlice,
  type KeysetSlice,
  keysetPage,
  searchExpressions,
} from "./query-helpers.js";

export interface JobFilter {
  q: string;
  status: JobStatusFilter;
}

/** The visit is under way: its landscaper set off, arrived or started (adminGroupOf's `underway`). */
const underway = sql<boolean>`(${job.onTheWayAt} is not null or ${job.arrivedAt} is not null or ${job.workStartedAt} is not null)`;

/** Each status filter as a condition, matching adminGroupOf (a booked visit is Scheduled until under way). */
function statusCondition(group: Exclude<JobStatusFilter, "all">): SQL | undefined {
  switch (group) {
    case "scheduled":
      return and(eq(job.status, "scheduled"), sql`not ${underway}`);
    case "in_progress":
      return or(eq(job.status, "accepted"), and(eq(job.status, "scheduled"), underway));
    default:
      return eq(job.status, group satisfies JobStatus);
  }
}

/** Above this many matching landscapers the arm stays a subquery rather than a list of ids. */
const LANDSCAPER_IDS_INLINE = 500;

/**
 * Spec 02 §5: jobs match on client, landscaper, service type and job id. Every arm is answered by an index
 * (the job and landscaper trigram indexes, job_landscaper_idx, the number's unique index), so PostgreSQL
 * can combine them with a BitmapOr instead of reading the whole table.
 *
 * The matching landscapers are looked up first and passed as their ids: as a subquery the planner could
 * not know how many there were, guessed one job in ten for that arm alone, and walked the newest-first
 * index through every job for a rare term (a search matching 0.1% of a million jobs read them all).
 */
async function searchCondition(db: DbOrTx, term: string): Promise<SQL | undefined> {
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
  const landscaperMatch = containsText(searchExpressions.landscaper(landscaper), term);
  const matched = await db
    .select({ id: landscaper.userId })
    .from(landscaper)
    .where(landscaperMatch)
    .limit(LANDSCAPER_IDS_INLINE + 1);
  if (matched.length > LANDSCAPER_IDS_INLINE) {
    arms.push(
      sql`${job.landscaperId} = any(array(select ${landscaper.userId} from ${landscaper} where ${landscaperMatch}))`,
    );
  } else if (matched.length > 0) {
    arms.push(
      inArray(
        job.landscaperId,
        matched.map((m) => m.id),
      ),
    );
  }
  const number = jobNumberOf(term);
  if (number !== null) arms.push(eq(job.number, number));
  return or(...arms);
}

export async function jobFilterCondition(db: DbOrTx, filter: JobFilter): Promise<SQL | undefined> {
  return and(
    filter.status === "all" ? undefined : statusCondition(filter.status),
    await searchCondition(db, filter.q),
  );
}

/** The landscaper as every screen names them: business · person (landscaperDisplayName). */
export const landscaperNameColumn = landscaperNameSql(user.name);

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
  landscaperId: job.landscaperId,
  underway,
  cursorTs: cursorTimestamp(job.createdAt),
};

type SelectOptions = KeysetSlice;

/**
 * Jobs without their landscaper's name, newest first (or oldest first), `limit` rows after `cursor`: one
 * range scan of job_created_id_idx, or the matching rows of a search, and nothing else. Names come from
 * `LandscaperNames`, for the page only. Joined in the same query, the landscaper and user rows were looked
 * up for every matching job before the sort and the limit (a search matching 1,000 of a million jobs made
 * 2,000 lookups to show 25), and each page of a million-row CSV export made 2,000 as well.
 */
export function selectJobRows(db: DbOrTx, options: SelectOptions) {
  return inKeysetSlice(db.select(jobColumns).from(job).$dynamic(), job, options);
}

/**
 * What the jobs CSV writes, and the keyset: at a million rows, reading and mapping the eight columns it does not
 * write (two of them timestamps) was a tenth of the export's time.
 */
const jobExportColumns = {
  id: job.id,
  number: job.number,
  customerName: job.customerName,
  landscaperId: job.landscaperId,
  selectedServices: job.selectedServices,
  preferredDate: job.preferredDate,
  scheduledDate: job.scheduledDate,
  status: job.status,
  rating: job.rating,
  tipCents: job.tipCents,
  finalPriceCents: job.finalPriceCents,
  quotedPriceCents: job.quotedPriceCents,
  // Issue 34: the size the customer gave and the rate card version that priced it (blank without a firm price).
  sizeTier: job.sizeTier,
  rateCardVersion: job.rateCardVersion,
  underway,
  // The visit's recurring series, e.g. "SER-104 (weekly)": a primary-key lookup for the few jobs that have one.
  series: sql<string | null>`(select 'SER-' || s.number || ' (' || s.frequency || ')' from job_series s
    where s.id = ${job.seriesId})`,
  cursorTs: cursorTimestamp(job.createdAt),
};

export function selectJobExportRows(db: DbOrTx, options: SelectOptions) {
  return inKeysetSlice(db.select(jobExportColumns).from(job).$dynamic(), job, options);
}

/**
 * Landscaper names by user id, as `landscaperNameColumn` computes them, read for the ids not seen yet: one
 * small query per page at first, none once every landscaper of an export has been met.
 */
export class LandscaperNames {
  private readonly names = new Map<string, string | null>();
  constructor(private readonly db: DbOrTx) {}

  async load(ids: (string | null)[]): Promise<void> {
    const missing = [...new Set(ids.filter((id): id is string => id !== null && !this.names.has(id)))];
    if (missing.length === 0) return;
    const rows = await this.db
      .select({ id: user.id, name: landscaperNameColumn })
      .from(user)
      .leftJoin(landscaper, eq(landscaper.userId, user.id))
      .where(inArray(user.id, missing));
    for (const id of missing) this.names.set(id, null);
    for (const row of rows) this.names.set(row.id, row.name);
  }

  of(id: string | null): string | null {
    return id === null ? null : (this.names.get(id) ?? null);
  }
}

/** Jobs with their landscaper's name: the business, else the person. */
export async function selectJobs(db: DbOrTx, options: SelectOptions) {
  const rows = await selectJobRows(db, options);
  const names = new LandscaperNames(db);
  await names.load(rows.map((row) => row.landscaperId));
  return rows.map((row) => ({ ...row, landscaperName: names.of(row.landscaperId) }));
}

export type AdminJobRow = Awaited<ReturnType<typeof selectJobs>>[number];

export function jobCursorOf(row: Pick<AdminJobRow, "cursorTs" | "id">): Cursor {
  return { ts: row.cursorTs, id: row.id };
}

type PriceRow = Pick<AdminJobRow, "finalPriceCents" | "quotedPriceCents" | "status" | "underway">;

/** The price agreed for the job: the final price once completed, else the accepted quote. */
function agreedCentsOf(row: PriceRow): number | null {
  return row.finalPriceCents ?? row.quotedPriceCents ?? null;
}

/**
 * The job's Total in the history and the CSV: none for a visit still Scheduled, whose price is agreed but
 * not charged (its card is at most held), so the history does not read a future visit as money taken.
 */
export function totalCentsOf(row: PriceRow): number | null {
  return adminGroupOf(row.status, row.underway) === "scheduled" ? null : agreedCentsOf(row);
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
    statusGroup: adminGroupOf(row.status, row.underway),
    rating: row.rating,
    tipCents: row.tipCents,
    totalCents: totalCentsOf(row),
    agreedCents: agreedCentsOf(row),
    estimateLowCents: row.estimateLowCents,
    estimateHighCents: row.estimateHighCents,
    cancelReason: row.cancelReason,
    hasPhoto: row.photoKey !== null,
    hasLandscaper: row.landscaperName !== null,
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

export async function listJobs({
  db,
  filter,
  cursor,
  dir,
  limit,
}: ListJobsOptions): Promise<Page<AdminJobView>> {
  const where = await jobFilterCondition(db, filter);
  const page = await keysetPage({
    cursor,
    dir,
    limit,
    fetch: (page) => selectJobs(db, { where, ...page }),
    cursorOf: jobCursorOf,
    toItem: toAdminJobView,
  });
  // The page's photos in one query: admins see the proof of work on every job.
  const photos = await photosByJob(
    db,
    page.items.map((item) => item.id),
  );
  return { ...page, items: page.items.map((item) => ({ ...item, photos: photos.get(item.id) ?? [] })) };
}
