import { and, desc, inArray, isNotNull } from "drizzle-orm";
import type { PriceChangeState, PriceChangeView } from "../../../shared/price-change.js";
import type { DbOrTx } from "../../db/client.js";
import { job, jobPriceChange, jobSeries } from "../../db/schema.js";
import { photosByPriceChange } from "../proof/index.js";
import { askProblem, assignmentOf, latestOf, type PriceChangeRow, setOff } from "./rules.js";

export interface PriceChangeFields {
  /** The latest request on the job of its current assignment, as its customer and landscaper see it. */
  priceChange: PriceChangeView | null;
  /** For the job's landscaper only: whether they may ask one now. */
  canAskPriceChange?: boolean;
}

function toView(row: PriceChangeRow, photos: PriceChangeView["photos"]): PriceChangeView {
  return {
    id: row.id,
    state: row.status as PriceChangeState,
    agreedCents: row.agreedCents,
    askedCents: row.askedCents,
    perVisit: row.seriesId !== null,
    reason: row.reason,
    photos,
    askedAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

const byNewest = <T extends { createdAt: Date }>(rows: T[]) =>
  [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

/**
 * The price change fields of a page of jobs the viewer is a party to (their customer, or their landscaper),
 * in a few queries for the whole page: each job's latest request of its current assignment with its photos,
 * and for the viewer's own jobs as their landscaper whether they may ask one (askProblem, the ask's rule).
 */
export async function priceChangesFor(
  db: DbOrTx,
  options: { viewerId: string; jobIds: string[] },
): Promise<Map<string, PriceChangeFields>> {
  const fields = new Map<string, PriceChangeFields>();
  if (options.jobIds.length === 0) return fields;
  const jobs = await db
    .select({
      id: job.id,
      status: job.status,
      landscaperId: job.landscaperId,
      acceptedAt: job.acceptedAt,
      seriesId: job.seriesId,
      firmPriceCents: job.firmPriceCents,
      visit: job.visit,
      onTheWayAt: job.onTheWayAt,
      arrivedAt: job.arrivedAt,
      workStartedAt: job.workStartedAt,
    })
    .from(job)
    .where(inArray(job.id, options.jobIds));
  const seriesIds = [...new Set(jobs.flatMap((row) => (row.seriesId ? [row.seriesId] : [])))];
  const [changes, series, seriesChanges, firmSeries] = await Promise.all([
    db
      .select()
      .from(jobPriceChange)
      .where(inArray(jobPriceChange.jobId, options.jobIds))
      .orderBy(desc(jobPriceChange.createdAt)),
    seriesIds.length
      ? db
          .select({ id: jobSeries.id, landscaperId: jobSeries.landscaperId, offeredAt: jobSeries.offeredAt })
          .from(jobSeries)
          .where(inArray(jobSeries.id, seriesIds))
      : [],
    seriesIds.length
      ? db
          .select()
          .from(jobPriceChange)
          .where(inArray(jobPriceChange.seriesId, seriesIds))
          .orderBy(desc(jobPriceChange.createdAt))
      : [],
    seriesIds.length
      ? db
          .selectDistinct({ seriesId: job.seriesId })
          .from(job)
          .where(and(inArray(job.seriesId, seriesIds), isNotNull(job.firmPriceCents)))
      : [],
  ]);
  const seriesById = new Map(series.map((row) => [row.id, row]));
  const firm = new Set(firmSeries.map((row) => row.seriesId));
  const own = new Map<string, PriceChangeRow>();
  for (const row of jobs) {
    const latest = latestOf(
      changes.filter((change) => change.jobId === row.id),
      assignmentOf(row, null),
    );
    if (latest) own.set(row.id, latest);
  }
  const photos = await photosByPriceChange(
    db,
    [...own.values()].map((change) => change.id),
  );
  for (const row of jobs) {
    const change = own.get(row.id);
    const view = change ? toView(change, photos.get(change.id) ?? []) : null;
    if (row.landscaperId !== options.viewerId) {
      fields.set(row.id, { priceChange: view });
      continue;
    }
    const ofSeries = row.seriesId ? (seriesById.get(row.seriesId) ?? null) : null;
    const latest = ofSeries
      ? latestOf(
          byNewest(seriesChanges.filter((c) => c.seriesId === ofSeries.id)),
          assignmentOf(row, ofSeries),
        )
      : (change ?? null);
    const problem = askProblem({
      status: row.status,
      firm: row.firmPriceCents !== null || (row.seriesId !== null && firm.has(row.seriesId)),
      visit: row.visit,
      setOff: setOff(row),
      latest: (latest?.status ?? null) as PriceChangeState | null,
    });
    fields.set(row.id, { priceChange: view, canAskPriceChange: problem === null });
  }
  return fields;
}
