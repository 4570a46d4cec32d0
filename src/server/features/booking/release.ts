import { releaseMessages } from "../../../shared/booking.js";
import { formatLongDate } from "../../../shared/dates.js";
import { jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import { jobDecline } from "../../db/schema.js";
import { conflict, forbidden, notFound } from "../../lib/errors.js";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";
import type { Principal } from "../accounts/index.js";
import {
  backToQueue,
  customerDashboardUrl,
  type JobRow,
  loadJob,
  move,
  releaseWindowEnd,
} from "../jobs/index.js";
import { notify, notifyAdmins } from "../notifications/index.js";
import { rebook } from "./reoffer.js";

/**
 * The pro gives an instant booking back within 2 hours of it, with a reason (a withdrawal on their record,
 * landscapers/reliability.ts). In the same transaction the next-best pro free that day is booked at the same
 * price and the customer is told who comes instead; with nobody free, the request waits for the customer,
 * who is told to choose another day or cancel (the hold is released then): never a silent wait.
 */
export async function releaseBooking(options: {
  db: Db;
  env: Env;
  principal: Principal;
  jobId: string;
  reason: string;
  now?: Date;
}): Promise<{ released: JobRow; rebooked: JobRow | null }> {
  const { db, env, principal } = options;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    if (current.landscaperId !== principal.userId) throw notFound("Job not found.");
    const until = releaseWindowEnd(current);
    if (current.status !== "scheduled" || !until) throw conflict(releaseMessages.notInstant);
    if (now > until) throw conflict(releaseMessages.tooLate);
    if (current.seriesId) throw forbidden(releaseMessages.series);
    const date = current.scheduledDate!;
    const released = await move(tx, {
      current,
      action: "release",
      actorId: principal.userId,
      // The agreed price stays on the request (the next pro works at it); the pro and the day go.
      // It is re-offered here, in this transaction, not by the scheduled pass (reoffer.ts).
      set: { ...backToQueue, bookedInstantlyAt: null, reofferDueAt: null },
      note: options.reason,
    });
    await tx
      .insert(jobDecline)
      .values({ jobId: current.id, landscaperId: principal.userId })
      .onConflictDoNothing();
    const rebooked = await rebook(tx, env, released, { from: date, to: date, now });
    const label = jobLabel(current.number);
    const day = formatLongDate(date);
    const text = rebooked ? releaseMessages.rebooked(label, day) : releaseMessages.unfilled(label, day);
    if (current.customerId) {
      await notify(tx, [
        { userId: current.customerId, type: "job", message: text, link: "/dashboard/customer" },
      ]);
    }
    await enqueueEmail(tx, current.customerEmail, {
      template: "booking_released",
      name: current.customerName,
      jobNumber: label,
      message: text,
      dashboardUrl: customerDashboardUrl(env),
    });
    await notifyAdmins(tx, env, {
      type: "job",
      message: `A pro released instant booking ${label} (${day}): ${options.reason} ${rebooked ? "Rebooked with the next pro." : "Nobody else is free that day; the customer chooses."}`,
      link: "/admin/jobs",
    });
    return { released, rebooked };
  });
}
