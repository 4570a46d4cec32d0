import { eq } from "drizzle-orm";
import { releaseMessages } from "../../../shared/booking.js";
import { formatLongDate } from "../../../shared/dates.js";
import { jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { Db, Tx } from "../../db/client.js";
import { jobDecline, landscaper } from "../../db/schema.js";
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
import { recordedFirmPrice } from "../pricing/index.js";
import { bookWith } from "./book.js";
import { instantCandidates } from "./free-days.js";
import { availablePros } from "./matching.js";

/** Who declined or released the request: they are not offered it again. */
async function declinedBy(tx: Tx, jobId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: jobDecline.landscaperId })
    .from(jobDecline)
    .where(eq(jobDecline.jobId, jobId));
  return rows.map((r) => r.id);
}

/**
 * The next-best pro free on the released day, booked at the price the customer agreed (the hold already
 * placed stays, for the same amount), under that pro's row lock. Null when nobody is free that day.
 */
async function rebook(tx: Tx, env: Env, released: JobRow, date: string): Promise<JobRow | null> {
  const firm = recordedFirmPrice(released);
  if (!firm) return null;
  const exclude = await declinedBy(tx, released.id);
  const pros = await availablePros({
    db: tx,
    zipCode: released.zipCode,
    services: released.selectedServices,
    wantedDate: date,
    price: firm,
    exclude,
    fixedPrice: true,
    limit: 50,
  });
  for (const pro of pros.filter((p) => p.firstDays[0] === date)) {
    await tx
      .select({ id: landscaper.userId })
      .from(landscaper)
      .where(eq(landscaper.userId, pro.landscaperId))
      .for("update");
    const [free] = await instantCandidates(tx, {
      zipCode: released.zipCode,
      services: released.selectedServices,
      from: date,
      horizonDays: 1,
      maxDays: 1,
      only: [pro.landscaperId],
    });
    if (free?.freeDays[0] !== date) continue;
    return bookWith(tx, {
      env,
      request: { ...released, firm },
      landscaperId: pro.landscaperId,
      date,
      // The same price: the customer agreed to it, whoever comes.
      price: { perVisitCents: firm.perVisitCents, firstVisitCents: firm.firstVisitCents },
      priceAdjustPercent: 0,
      customer: null,
      actorId: null,
    });
  }
  return null;
}

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
      set: { ...backToQueue, bookedInstantlyAt: null },
      note: options.reason,
    });
    await tx
      .insert(jobDecline)
      .values({ jobId: current.id, landscaperId: principal.userId })
      .onConflictDoNothing();
    const rebooked = await rebook(tx, env, released, date);
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
