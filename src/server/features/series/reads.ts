import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { todayInCharlotte } from "../../../shared/dates.js";
import type { SeriesSummary } from "../../../shared/recurring.js";
import type { DbOrTx } from "../../db/client.js";
import { job, jobSeries } from "../../db/schema.js";

/** How many upcoming visits a series summary lists. */
const UPCOMING = 8;

/** The series of these jobs with their upcoming visits, by series id, in two queries. */
export async function seriesSummaries(db: DbOrTx, seriesIds: string[]): Promise<Map<string, SeriesSummary>> {
  const summaries = new Map<string, SeriesSummary>();
  const ids = [...new Set(seriesIds)];
  if (ids.length === 0) return summaries;
  const [rows, visits] = await Promise.all([
    db.select().from(jobSeries).where(inArray(jobSeries.id, ids)),
    db
      .select({
        seriesId: job.seriesId,
        jobId: job.id,
        number: job.number,
        date: job.scheduledDate,
        movedAt: job.movedAt,
      })
      .from(job)
      .where(
        and(
          inArray(job.seriesId, ids),
          eq(job.status, "scheduled"),
          gte(job.scheduledDate, todayInCharlotte()),
        ),
      )
      .orderBy(asc(job.scheduledDate)),
  ]);
  for (const row of rows) {
    summaries.set(row.id, {
      id: row.id,
      number: row.number,
      frequency: row.frequency as SeriesSummary["frequency"],
      status: row.status as SeriesSummary["status"],
      weekday: row.weekday,
      pricePerVisitCents: row.pricePerVisitCents,
      requestedWeekday: row.requestedWeekday,
      pausedUntil: row.pausedUntil && row.pausedUntil > todayInCharlotte() ? row.pausedUntil : null,
      upcoming: [],
    });
  }
  for (const visit of visits) {
    const summary = summaries.get(visit.seriesId!);
    if (summary && summary.upcoming.length < UPCOMING)
      summary.upcoming.push({
        jobId: visit.jobId,
        number: visit.number,
        date: visit.date!,
        moved: visit.movedAt !== null,
      });
  }
  return summaries;
}
