import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { JobStatus } from "../../../shared/jobs.js";
import { type PriceChangeState, priceChangeMessages } from "../../../shared/price-change.js";
import type { DbOrTx } from "../../db/client.js";
import { job, jobPriceChange, jobSeries } from "../../db/schema.js";
import type { JobRow } from "../jobs/index.js";

export type PriceChangeRow = typeof jobPriceChange.$inferSelect;
export type SeriesRow = typeof jobSeries.$inferSelect;

/**
 * What decides whether the landscaper of a job may ask for a price change now, read one job at a time (the
 * ask) or for a page of them (the queue): the one rule is `askProblem`.
 */
export interface AskFacts {
  status: JobStatus;
  /** The job, or for a series visit its series' request, has a firm price. */
  firm: boolean;
  visit: number;
  /** On the way, arrived or working: the visit is under way. */
  setOff: boolean;
  /** Where the latest request of this landscaper's assignment stands (job, or series for a visit of one). */
  latest: PriceChangeState | null;
}

/**
 * Why the landscaper may not ask for a price change now, or null when they may: a job with a firm price,
 * theirs (accepted or scheduled), before they set off, on its first visit, with no request waiting and none
 * answered yet (the customer's answer settles the price for the job; a series: for the series).
 */
export function askProblem(facts: AskFacts): string | null {
  // The service answers this one with the lifecycle's own message (assertAllowed) before asking here.
  if (facts.status !== "accepted" && facts.status !== "scheduled") return priceChangeMessages.jobClosed;
  if (!facts.firm) return priceChangeMessages.notFirm;
  if (facts.visit > 1) return priceChangeMessages.redoVisit;
  if (facts.setOff) return priceChangeMessages.underWay;
  if (facts.latest === "open") return priceChangeMessages.alreadyOpen;
  if (facts.latest === "approved" || facts.latest === "declined") return priceChangeMessages.alreadyAnswered;
  return null;
}

export const setOff = (row: Pick<JobRow, "onTheWayAt" | "arrivedAt" | "workStartedAt">) =>
  row.onTheWayAt !== null || row.arrivedAt !== null || row.workStartedAt !== null;

/** The series' row, when the job is a visit of one. */
export async function seriesOf(db: DbOrTx, current: Pick<JobRow, "seriesId">): Promise<SeriesRow | null> {
  if (!current.seriesId) return null;
  const [row] = await db.select().from(jobSeries).where(eq(jobSeries.id, current.seriesId));
  return row ?? null;
}

/** Whether the job has a firm price, or (a series visit) its series' request had one. */
export async function isFirm(db: DbOrTx, current: Pick<JobRow, "firmPriceCents" | "seriesId">) {
  if (current.firmPriceCents !== null) return true;
  if (!current.seriesId) return false;
  const [row] = await db
    .select({ id: job.id })
    .from(job)
    .where(and(eq(job.seriesId, current.seriesId), isNotNull(job.firmPriceCents)))
    .limit(1);
  return row !== undefined;
}

/** Who has the job (or series) now, and since when: a request belongs to that assignment or to an earlier one. */
export interface Assignment {
  landscaperId: string | null;
  since: Date | null;
}

/** The assignment a request is judged by: the series' since its landscaper offered it, else the job's. */
export function assignmentOf(
  current: Pick<JobRow, "landscaperId" | "acceptedAt">,
  series: Pick<SeriesRow, "landscaperId" | "offeredAt"> | null,
): Assignment {
  return series
    ? { landscaperId: series.landscaperId, since: series.offeredAt }
    : { landscaperId: current.landscaperId, since: current.acceptedAt };
}

/**
 * The latest of `changes` (newest first) asked on this assignment: an earlier landscaper's, or the same one's
 * before they withdrew and took the job again, belongs to another.
 */
export function latestOf<T extends Pick<PriceChangeRow, "landscaperId" | "createdAt">>(
  changes: readonly T[],
  assignment: Assignment,
): T | null {
  if (!assignment.landscaperId) return null;
  return (
    changes.find(
      (change) =>
        change.landscaperId === assignment.landscaperId &&
        (assignment.since === null || change.createdAt >= assignment.since),
    ) ?? null
  );
}

/** The latest request of the job's current assignment (a series visit: of the series). */
export async function latestOfAssignment(
  db: DbOrTx,
  current: Pick<JobRow, "id" | "landscaperId" | "acceptedAt">,
  series: SeriesRow | null,
): Promise<PriceChangeRow | null> {
  const changes = await db
    .select()
    .from(jobPriceChange)
    .where(series ? eq(jobPriceChange.seriesId, series.id) : eq(jobPriceChange.jobId, current.id))
    .orderBy(desc(jobPriceChange.createdAt));
  return latestOf(changes, assignmentOf(current, series));
}

/** The agreed price a request changes: the series' price per visit for a visit of one, else the job's. */
export function agreedPriceOf(current: Pick<JobRow, "quotedPriceCents">, series: SeriesRow | null): number {
  return (series ? series.pricePerVisitCents : current.quotedPriceCents) ?? 0;
}

/**
 * The price a visit takes when its series' price per visit changes from `agreed` to `asked`: the new price,
 * plus what the visit carried above the old one (the first visit's surcharge for tall grass stays).
 */
export function visitPriceAfter(
  visit: Pick<JobRow, "quotedPriceCents">,
  change: Pick<PriceChangeRow, "agreedCents" | "askedCents">,
): number {
  const carried = (visit.quotedPriceCents ?? change.agreedCents) - change.agreedCents;
  return change.askedCents + Math.max(0, carried);
}

/**
 * Whether the customer declined the latest price change of the job's assignment (a series visit: of its
 * series): the landscaper's leaving the job, or the series, then leaves no mark on their record.
 */
export async function declinedOnAssignment(
  db: DbOrTx,
  current: Pick<JobRow, "id" | "landscaperId" | "acceptedAt" | "seriesId">,
): Promise<boolean> {
  const series = await seriesOf(db, current);
  return (await latestOfAssignment(db, current, series))?.status === "declined";
}

/** declinedOnAssignment for a series as a whole (leaving it from the series' own page). */
export async function declinedOnSeries(db: DbOrTx, series: SeriesRow): Promise<boolean> {
  return (
    (await latestOfAssignment(db, { id: "", landscaperId: null, acceptedAt: null }, series))?.status ===
    "declined"
  );
}
