import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { todayInCharlotte } from "../../../shared/dates.js";
import { changeableFreely, dayRequestAnswerBy, type SeriesSummary } from "../../../shared/recurring.js";
import type { DbOrTx } from "../../db/client.js";
import { job, jobSeries } from "../../db/schema.js";
import { newWeekdayStart } from "./rule.js";

/** How many upcoming visits a series summary lists. */
const UPCOMING = 8;

/** The series of these jobs with their upcoming visits, by series id, in two queries. */
export async function seriesSummaries(db: DbOrTx, seriesIds: string[]): Promise<Map<string, SeriesSummary>> {
  const summaries = new Map<string, SeriesSummary>();
  const ids = [...new Set(seriesIds)];
  if (ids.length === 0) return summaries;
  const now = new Date();
  const today = todayInCharlotte(now);
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
      .where(and(inArray(job.seriesId, ids), eq(job.status, "scheduled"), gte(job.scheduledDate, today)))
      .orderBy(asc(job.scheduledDate)),
  ]);
  // The visits that would stay if the day changed now (less than 48 hours away), by series.
  const kept = new Map<string, string[]>();
  for (const visit of visits)
    if (!changeableFreely(visit.date!, now))
      kept.set(visit.seriesId!, [...(kept.get(visit.seriesId!) ?? []), visit.date!]);
  for (const row of rows) {
    const pausedUntil = row.pausedUntil && row.pausedUntil > today ? row.pausedUntil : null;
    const asked = row.requestedWeekday !== null && row.weekdayRequestedAt !== null;
    summaries.set(row.id, {
      id: row.id,
      number: row.number,
      frequency: row.frequency as SeriesSummary["frequency"],
      status: row.status as SeriesSummary["status"],
      weekday: row.weekday,
      pricePerVisitCents: row.pricePerVisitCents,
      requestedWeekday: row.requestedWeekday,
      weekdayAnswerBy: asked ? dayRequestAnswerBy(row.weekdayRequestedAt!).toISOString() : null,
      requestedStartDate: asked
        ? newWeekdayStart({
            today,
            weekday: row.requestedWeekday!,
            kept: kept.get(row.id) ?? [],
            pausedUntil,
          })
        : null,
      pausedUntil,
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
