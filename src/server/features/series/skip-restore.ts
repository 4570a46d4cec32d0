import { and, eq } from "drizzle-orm";
import { formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import {
  changeableFreely,
  type SeriesFrequency,
  SKIP_REASON,
  seriesLabel,
} from "../../../shared/recurring.js";
import { jobLabel } from "../../../shared/services.js";
import { job, jobSeries } from "../../db/schema.js";
import { conflict, notFound } from "../../lib/errors.js";
import { type ActionOptions, loadJob, tellPerson } from "../jobs/index.js";
import { generateVisits } from "./generation.js";
import { seriesDates } from "./rule.js";

/**
 * The customer takes back the skip of a series visit while it is still more than 48 hours away (the notice
 * the landscaper has for any change to a series): the skipped visit gives up its date and the series makes
 * that date's visit again, with its own hold 48 hours before as every visit. Only a skip: a visit a pause,
 * a new weekday or a declined move cancelled comes back through those.
 */
export async function restoreSkippedVisit(options: ActionOptions) {
  const { db, env, principal } = options;
  const now = new Date();
  return db.transaction(async (tx) => {
    const skipped = await loadJob(tx, options.jobId);
    if (skipped.customerId !== principal.userId || !skipped.seriesId) throw notFound("Job not found.");
    const [series] = await tx
      .select()
      .from(jobSeries)
      .where(eq(jobSeries.id, skipped.seriesId))
      .for("update");
    const date = skipped.seriesDate;
    if (skipped.status !== "cancelled" || skipped.cancelReason !== SKIP_REASON || !date || !series)
      throw conflict("Only a skipped visit of a series can be brought back.");
    if (series.status !== "active" || series.weekday === null)
      throw conflict("This series is not active, so its visits can't be brought back.");
    if (!changeableFreely(date, now))
      throw conflict(
        `The visit on ${formatLongDate(date)} is less than 48 hours away, so it can't be brought back here. Message your landscaper if you'd like them to come after all.`,
      );
    if (series.pausedUntil && series.pausedUntil > date)
      throw conflict(
        `Visits are paused until ${formatLongDate(series.pausedUntil)}; resume the series first.`,
      );
    const rule = {
      frequency: series.frequency as SeriesFrequency,
      weekday: series.weekday,
      startDate: series.startDate,
    };
    if (seriesDates(rule, { from: date, through: date }).length === 0)
      throw conflict("The series has moved to another day since; this visit's day is no longer in it.");
    // The skipped visit keeps its history; its date goes to the visit made again.
    await tx.update(job).set({ seriesDate: null }).where(eq(job.id, skipped.id));
    await generateVisits(tx, series, todayInCharlotte(now));
    const [visit] = await tx
      .select()
      .from(job)
      .where(and(eq(job.seriesId, series.id), eq(job.seriesDate, date)));
    if (!visit) throw conflict("This visit's day is past the series' schedule; it can't be brought back.");
    await tellPerson(tx, env, {
      userId: series.landscaperId,
      party: "landscaper",
      type: "job",
      jobNumber: jobLabel(visit.number),
      message: `${series.customerName} wants the ${seriesLabel(series.number)} visit on ${formatLongDate(date)} after all: it is back on your schedule as ${jobLabel(visit.number)}.`,
      subject: `${seriesLabel(series.number)}: the visit on ${formatLongDate(date)} is back`,
      link: "/landscaper-dashboard?tab=schedule",
    });
    return visit;
  });
}
