import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  DAY_REQUEST_ANSWER_HOURS,
  type DayRequestsAnswer,
  dayRequestAnswerBy,
  seriesLabel,
  weekdayNames,
} from "../../../shared/recurring.js";
import type { Env } from "../../config/env.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { jobSeries } from "../../db/schema.js";
import { tellPerson } from "../jobs/index.js";
import { seriesSummaries } from "./reads.js";

/*
 * A customer's ask for another weekday waits DAY_REQUEST_ANSWER_HOURS for the landscaper (issue 33 review:
 * an ask without an end left the customer waiting for an unknown time). Unanswered, it lapses: the visits
 * stay on the agreed day, as they did while it waited, and both are told. Both screens show the deadline.
 */

/** The asks waiting for this landscaper's answer, oldest first: the top of their queue lists them. */
export async function pendingDayRequests(
  db: DbOrTx,
  landscaperId: string,
  now = new Date(),
): Promise<DayRequestsAnswer> {
  const rows = await db
    .select({ id: jobSeries.id, customerName: jobSeries.customerName })
    .from(jobSeries)
    .where(
      and(
        eq(jobSeries.landscaperId, landscaperId),
        eq(jobSeries.status, "active"),
        isNotNull(jobSeries.requestedWeekday),
      ),
    )
    .orderBy(asc(jobSeries.weekdayRequestedAt));
  const summaries = await seriesSummaries(
    db,
    rows.map((row) => row.id),
  );
  return {
    requests: rows
      .map((row) => ({ series: summaries.get(row.id)!, customerName: row.customerName }))
      // One the pass has not reached yet is already past its answer-by time: not offered.
      .filter(({ series }) => series.weekdayAnswerBy !== null && new Date(series.weekdayAnswerBy) > now),
  };
}

/** Whether an ask made at `askedAt` has lapsed by `now`. */
export const dayRequestLapsed = (askedAt: Date | null, now: Date) =>
  askedAt !== null && dayRequestAnswerBy(askedAt) <= now;

const plural = (weekday: number) => `${weekdayNames[weekday]}s`;

/** At most this many asks per pass; the next pass takes the rest. */
const CLAIM = 20;

/**
 * A step of the scheduled pass: each lapsed ask is claimed alone with SKIP LOCKED, cleared, and both people
 * told, in one transaction. A cleared ask is not found again, so two instances never tell anyone twice.
 */
export async function runDayRequestLapse(options: {
  db: Db;
  env: Env;
  log?: FastifyBaseLogger;
  now?: () => Date;
}): Promise<number> {
  const now = options.now?.() ?? new Date();
  const lapsedBefore = new Date(now.getTime() - DAY_REQUEST_ANSWER_HOURS * 3_600_000);
  let lapsed = 0;
  for (let i = 0; i < CLAIM; i++) {
    const done = await options.db.transaction(async (tx) => {
      const [series] = await tx
        .select()
        .from(jobSeries)
        .where(and(isNotNull(jobSeries.requestedWeekday), lte(jobSeries.weekdayRequestedAt, lapsedBefore)))
        .orderBy(asc(jobSeries.weekdayRequestedAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!series) return false;
      await tx
        .update(jobSeries)
        .set({ requestedWeekday: null, weekdayRequestedAt: null })
        .where(eq(jobSeries.id, series.id));
      const label = seriesLabel(series.number);
      const to = plural(series.requestedWeekday!);
      const from = series.weekday === null ? "the agreed day" : plural(series.weekday);
      await tellPerson(tx, options.env, {
        userId: series.customerId,
        party: "customer",
        type: "job",
        jobNumber: label,
        message: `Your landscaper didn't answer your request to move ${label} to ${to} within ${DAY_REQUEST_ANSWER_HOURS / 24} days, so it has lapsed: your visits stay on ${from}. You can ask again from the series on your dashboard.`,
        subject: `${label} stays on ${from}`,
      });
      await tellPerson(tx, options.env, {
        userId: series.landscaperId,
        party: "landscaper",
        type: "job",
        jobNumber: label,
        message: `${series.customerName}'s request to move ${label} to ${to} lapsed unanswered: the visits stay on ${from}.`,
        subject: `${label} stays on ${from}`,
        link: "/landscaper-dashboard",
      });
      return true;
    });
    if (!done) break;
    lapsed++;
  }
  if (lapsed > 0) options.log?.info({ lapsed }, "day requests lapsed");
  return lapsed;
}
