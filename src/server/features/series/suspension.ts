import { and, eq, gte, inArray, isNull } from "drizzle-orm";
import { todayInCharlotte } from "../../../shared/dates.js";
import { seriesLabel } from "../../../shared/recurring.js";
import { jobLabel } from "../../../shared/services.js";
import type { Tx } from "../../db/client.js";
import { job, jobDecline, jobSeries } from "../../db/schema.js";
import { backToQueue, move } from "../jobs/index.js";
import { notify } from "../notifications/index.js";
import { type PaymentProvider, queueCancellationMoney } from "../payments/index.js";
import { releaseSeries } from "./actions.js";

/**
 * A suspended pro's upcoming work goes to others (issue 38), in the suspension's transaction: each one-off
 * visit not yet under way is taken back as the team's doing ('reassign', the admin the actor), which marks it
 * for the re-offer pass at the same price (jobs/lifecycle.ts); each of their series goes back to the queue as
 * a leaving pro's series does. Holds are released through the cancellation money path (the payment pass sends
 * it), and each customer is told. Answers how many bookings (one-off visits and series) went back.
 */
export async function reofferSuspendedProVisits(
  tx: Tx,
  options: { landscaperId: string; actorId: string; provider: PaymentProvider["name"]; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const today = todayInCharlotte(now);
  const reason = "Our team suspended this pro's account.";
  const visits = await tx
    .select()
    .from(job)
    .where(
      and(
        eq(job.landscaperId, options.landscaperId),
        inArray(job.status, ["accepted", "scheduled"]),
        isNull(job.seriesId),
        gte(job.scheduledDate, today),
        isNull(job.arrivedAt),
        isNull(job.workStartedAt),
      ),
    )
    .for("update");
  for (const visit of visits) {
    await move(tx, {
      current: visit,
      action: "reassign",
      actorId: options.actorId,
      set: backToQueue,
      note: reason,
    });
    // The suspended pro is not offered it again (when reinstated, they start without it).
    await tx
      .insert(jobDecline)
      .values({ jobId: visit.id, landscaperId: options.landscaperId })
      .onConflictDoNothing();
    await queueCancellationMoney(tx, { current: visit, feeCents: 0, provider: options.provider });
    if (visit.customerId) {
      await notify(tx, [
        {
          userId: visit.customerId,
          type: "job",
          message: `Your pro for ${jobLabel(visit.number)} can no longer come. We are finding another pro for the same day at the same price, and will tell you who.`,
          link: "/dashboard/customer",
        },
      ]);
    }
  }
  const series = await tx
    .select()
    .from(jobSeries)
    .where(
      and(
        eq(jobSeries.landscaperId, options.landscaperId),
        inArray(jobSeries.status, ["offered", "active", "paused"]),
      ),
    )
    .for("update");
  for (const row of series) {
    await releaseSeries(tx, row, {
      actorId: options.actorId,
      reason,
      provider: options.provider,
      now,
      cancelReason: "The series' pro was suspended; the series went back to find another pro",
    });
    if (!row.customerId) continue;
    await notify(tx, [
      {
        userId: row.customerId,
        type: "job",
        message: `Your pro for ${seriesLabel(row.number)} can no longer come. Your series is back with other pros at the same price, and nothing is charged for visits that were cancelled.`,
        link: "/dashboard/customer",
      },
    ]);
  }
  return visits.length + series.length;
}
