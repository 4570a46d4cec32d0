import { and, asc, eq, isNotNull } from "drizzle-orm";
import { addDaysIso, formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import { MISSED_REOFFER_DAYS, waitMessages } from "../../../shared/nothing-waits.js";
import { jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { Db, Tx } from "../../db/client.js";
import { job, landscaper } from "../../db/schema.js";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";
import { customerDashboardUrl, type JobRow, move } from "../jobs/index.js";
import { findProfile } from "../landscapers/index.js";
import { notify } from "../notifications/index.js";
import { recordedFirmPrice } from "../pricing/index.js";
import { bookWith } from "./book.js";
import { instantCandidates } from "./free-days.js";
import { declinedBy } from "./given-back.js";
import { availablePros } from "./matching.js";

/**
 * The next-best pro free between `from` and `to` (both yyyy-mm-dd; a release asks for its own day only),
 * booked on their first free day there at the price the customer agreed (their own rate ignored; any hold
 * already placed stays, for the same amount), under that pro's row lock. Null when nobody is free then.
 */
export async function rebook(
  tx: Tx,
  env: Env,
  released: JobRow,
  window: { from: string; to: string; now?: Date | undefined },
): Promise<JobRow | null> {
  const firm = recordedFirmPrice(released);
  if (!firm) return null;
  const pros = await availablePros({
    db: tx,
    zipCode: released.zipCode,
    services: released.selectedServices,
    wantedDate: window.from,
    price: firm,
    exclude: await declinedBy(tx, released.id),
    fixedPrice: true,
    limit: 50,
    now: window.now,
  });
  for (const pro of pros) {
    const day = pro.firstDays[0];
    if (!day || day > window.to) continue;
    await tx
      .select({ id: landscaper.userId })
      .from(landscaper)
      .where(eq(landscaper.userId, pro.landscaperId))
      .for("update");
    const [free] = await instantCandidates(tx, {
      zipCode: released.zipCode,
      services: released.selectedServices,
      from: day,
      horizonDays: 1,
      maxDays: 1,
      only: [pro.landscaperId],
      now: window.now,
    });
    if (free?.freeDays[0] !== day) continue;
    return bookWith(tx, {
      env,
      request: { ...released, firm },
      landscaperId: pro.landscaperId,
      date: day,
      // The same price: the customer agreed to it, whoever comes.
      price: { perVisitCents: firm.perVisitCents, firstVisitCents: firm.firstVisitCents },
      priceAdjustPercent: 0,
      customer: null,
      actorId: null,
    });
  }
  return null;
}

/** A step on a request, told to its customer: in the app when they have an account, and by email. */
export async function tellRequester(tx: Tx, env: Env, row: JobRow, message: string) {
  if (row.customerId)
    await notify(tx, [{ userId: row.customerId, type: "job", message, link: "/dashboard/customer" }]);
  await enqueueEmail(tx, row.customerEmail, {
    template: "request_update",
    name: row.customerName,
    jobNumber: jobLabel(row.number),
    message,
    dashboardUrl: customerDashboardUrl(env),
  });
}

/** At most this many visits per pass; the next pass takes the rest. */
const CLAIM = 20;

/**
 * The re-offer (issue 38), a step of the scheduled pass: a booked visit its pro gave back (withdrawn, left after
 * a price decline, missed; lifecycle.ts marks `reoffer_due_at` on the move, a release re-offers itself) is
 * offered at once to the next-best free pro at the same price: its own day while that is ahead, else a pro's
 * first free day within MISSED_REOFFER_DAYS. With nobody free (or no firm price, or a series visit) it stays
 * open in the queue and its 12 h / 24 h ladder runs from the give-back. The customer is told either way.
 * Each visit is claimed alone with SKIP LOCKED, so two passes at once re-offer it once.
 */
export async function runReoffers(options: { db: Db; env: Env; now?: () => Date }) {
  const report = { rebooked: 0, unfilled: 0 };
  for (let i = 0; i < CLAIM; i++) {
    const now = options.now?.() ?? new Date();
    const outcome = await options.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(job)
        .where(and(eq(job.status, "pending"), isNotNull(job.reofferDueAt)))
        .orderBy(asc(job.reofferDueAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!current) return null;
      const today = todayInCharlotte(now);
      const from = [current.preferredDate, today].sort().at(-1)!;
      const to = current.preferredDate < today ? addDaysIso(today, MISSED_REOFFER_DAYS) : from;
      const rebooked = current.seriesId ? null : await rebook(tx, options.env, current, { from, to, now });
      const label = jobLabel(current.number);
      if (rebooked) {
        const profile = await findProfile(tx, rebooked.landscaperId!);
        const name = profile ? landscaperDisplayName(profile) : "Another pro";
        const day = formatLongDate(rebooked.scheduledDate!);
        await tellRequester(
          tx,
          options.env,
          rebooked,
          waitMessages.rebooked(label, name, day, rebooked.quotedPriceCents ?? 0),
        );
        return "rebooked" as const;
      }
      const firm = recordedFirmPrice(current);
      const message = firm
        ? waitMessages.unfilledFirm(label, firm.firstVisitCents)
        : waitMessages.unfilled(label);
      await move(tx, {
        current,
        action: "reoffer",
        actorId: null,
        set: { reofferDueAt: null },
        note: firm
          ? "Nobody else was free for it: open in the queue at the agreed price."
          : "Open in the queue again: a pro names the price.",
      });
      await tellRequester(tx, options.env, current, message);
      return "unfilled" as const;
    });
    if (!outcome) break;
    report[outcome]++;
  }
  return report;
}
