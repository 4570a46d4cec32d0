import { and, asc, eq, gte, isNotNull, isNull, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { addDaysIso, formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import { LATE_LOCKOUT_DAYS, seriesLabel } from "../../../shared/recurring.js";
import { missedVisitReason } from "../../../shared/reliability.js";
import { jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import { job, jobDecline, jobSeries } from "../../db/schema.js";
import { backToQueue, move } from "../jobs/index.js";
import { ARRIVAL_TRACKING_SINCE, findProfile, pauseLandscaper } from "../landscapers/index.js";
import { notify, notifyAdmins } from "../notifications/index.js";
import {
  type PaymentProvider,
  type PaymentRow,
  performPending,
  queueCancellationMoney,
} from "../payments/index.js";

export interface LateLockoutOptions {
  db: Db;
  env: Env;
  provider: PaymentProvider;
  publicUrl: string;
  log?: FastifyBaseLogger;
  /** The pass's clock (tests move it). */
  now?: () => Date;
  /** Visits dated before this are not judged (no arrival tracking then); tests may move it. */
  trackingSince?: string;
}

export interface LateLockoutReport {
  /** Visits taken back to the queue. */
  missed: number;
  /** Landscapers paused by this pass (one already paused stays paused and is not counted again). */
  paused: number;
}

/** At most this many visits per pass; the next pass takes the rest. */
const CLAIM = 20;

/**
 * The late lock-out, a step of the scheduled pass: a first visit (not a redo, which stays with our team's
 * dispute) still scheduled LATE_LOCKOUT_DAYS or more days after its date (Charlotte), with neither an
 * arrival nor work started, is missed. A visit the landscaper moved (weather) is judged by its new date:
 * `scheduled_date` is the date it moved to, so a move to a day that has not passed 2 days ago keeps it.
 *
 * Each visit is claimed alone with SKIP LOCKED and handled in one transaction: the 'miss' transition (back to
 * pending, unassigned, its date and acceptance cleared, as a withdrawal leaves it), out of the landscaper's
 * queue, its hold released through the cancellation money path, the landscaper paused (paused_at, the visit
 * named in paused_reason), and the customer, the landscaper and admins told. Two passes at once take different
 * visits, and a visit taken back is pending, so a second pass finds nothing to do.
 */
export async function runLateLockout(options: LateLockoutOptions): Promise<LateLockoutReport> {
  const { db, env, provider } = options;
  const now = options.now?.() ?? new Date();
  const lastDay = addDaysIso(todayInCharlotte(now), -LATE_LOCKOUT_DAYS);
  const since = options.trackingSince ?? ARRIVAL_TRACKING_SINCE;
  const report: LateLockoutReport = { missed: 0, paused: 0 };

  for (let i = 0; i < CLAIM; i++) {
    const outcome = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(job)
        .where(
          and(
            eq(job.status, "scheduled"),
            isNotNull(job.landscaperId),
            eq(job.visit, 1),
            lte(job.scheduledDate, lastDay),
            gte(job.scheduledDate, since),
            isNull(job.arrivedAt),
            isNull(job.workStartedAt),
          ),
        )
        .orderBy(asc(job.scheduledDate))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!current?.landscaperId || !current.scheduledDate) return null;
      const landscaperId = current.landscaperId;
      const label = jobLabel(current.number);
      const day = formatLongDate(current.scheduledDate);
      const [series] = current.seriesId
        ? await tx
            .select({ number: jobSeries.number })
            .from(jobSeries)
            .where(eq(jobSeries.id, current.seriesId))
        : [];
      // The admins' queue reads the visit back from this sentence (missedVisitOf): one builder for both.
      const reason = missedVisitReason(current.number, current.scheduledDate);

      const updated = await move(tx, {
        current,
        action: "miss",
        // The landscaper who missed it: the event is theirs, as a withdrawal is (their completion rate reads it).
        actorId: landscaperId,
        set: {
          ...backToQueue,
          onTheWayAt: null,
          etaAt: null,
          movedAt: null,
          movedFrom: null,
          moveReason: null,
          moveDeclinedAt: null,
          // A visit of a series goes back as a visit of its own: a pending visit of a series is the series'
          // request (accepting it offers the series), and the series stays with its landscaper, who keeps
          // their other visits while paused. The note keeps which series it came from.
          seriesId: null,
          seriesDate: null,
        },
        note: `Missed: no arrival by ${formatLongDate(addDaysIso(current.scheduledDate, LATE_LOCKOUT_DAYS))}. Back in the queue${
          series
            ? ` as a one-time visit (the ${current.seriesDate} visit of ${seriesLabel(series.number)})`
            : ""
        }.`,
      });
      await tx.insert(jobDecline).values({ jobId: current.id, landscaperId }).onConflictDoNothing();
      const queued = await queueCancellationMoney(tx, { current, feeCents: 0, provider: provider.name });
      const { newlyPaused } = await pauseLandscaper(tx, { userId: landscaperId, reason, now });
      const profile = await findProfile(tx, landscaperId);
      const name = profile ? landscaperDisplayName(profile) : "A landscaper";

      if (updated.customerId) {
        await notify(tx, [
          {
            userId: updated.customerId,
            type: "job",
            message: `Your landscaper did not come for ${label} on ${day}, so the visit is back in the queue for another landscaper. Nothing was charged.`,
            link: "/dashboard/customer",
          },
        ]);
      }
      await notify(tx, [
        {
          userId: landscaperId,
          type: "system",
          message: newlyPaused
            ? `Your account is paused from new jobs: you did not mark your arrival at ${label} on ${day}, and it went back to the queue. Our team reviews every pause and will contact you. Your other scheduled visits stay yours.`
            : `${label} on ${day} went back to the queue: you did not mark your arrival. Your account stays paused until our team has reviewed it.`,
          link: "/landscaper-dashboard",
        },
      ]);
      await notifyAdmins(tx, env, {
        type: "system",
        message: newlyPaused
          ? `${name} was paused from new jobs: they missed ${label} on ${day} (no arrival marked). Review the pause on the dashboard.`
          : `${name} (already paused) also missed ${label} (${day}); it went back to the queue.`,
        link: "/admin#paused-landscapers",
      });
      return { queued, newlyPaused };
    });
    if (!outcome) break;
    report.missed++;
    if (outcome.newlyPaused) report.paused++;
    if (outcome.queued) await release(options, outcome.queued);
  }
  return report;
}

/** The hold's release, after the commit; if the provider does not answer, the payments pass repeats it. */
async function release(options: LateLockoutOptions, queued: PaymentRow) {
  await performPending(
    { db: options.db, provider: options.provider, publicUrl: options.publicUrl },
    queued.id,
  ).catch((error) => options.log?.warn({ err: error, paymentId: queued.id }, "release failed; will retry"));
}
