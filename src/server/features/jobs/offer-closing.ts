import { and, eq, sql } from "drizzle-orm";
import { offerMessages } from "../../../shared/booking.js";
import { jobLabel } from "../../../shared/services.js";
import type { Tx } from "../../db/client.js";
import { jobOffer } from "../../db/schema.js";
import { notify } from "../notifications/index.js";
import type { JobRow } from "./views.js";

/**
 * A request left the queue (booked from an offer or at once, or cancelled): its waiting offers close in the
 * same transaction, the booked pro's as chosen, and every other pro is told why, so no one waits on a request
 * that is gone. Apart from lifecycle.ts's `move`, which calls it, so the offers service can use `move`.
 */
export async function closeWaitingOffers(tx: Tx, updated: JobRow): Promise<void> {
  const bookedWith = updated.status === "scheduled" ? updated.landscaperId : null;
  const closed = await tx
    .update(jobOffer)
    .set({
      status: bookedWith
        ? sql`case when ${jobOffer.landscaperId} = ${bookedWith} then 'chosen' else 'closed' end`
        : "closed",
      // The transaction's clock, which the job's event of the same move also takes: the booking figures
      // tell a booked offer from an instant booking by that equal time.
      closedAt: sql`now()`,
    })
    .where(and(eq(jobOffer.jobId, updated.id), eq(jobOffer.status, "waiting")))
    .returning({ landscaperId: jobOffer.landscaperId });
  const label = jobLabel(updated.number);
  const others = closed.filter((row) => row.landscaperId !== bookedWith);
  if (others.length === 0) return;
  await notify(
    tx,
    others.map((row) => ({
      userId: row.landscaperId,
      type: "job" as const,
      message:
        updated.status === "cancelled"
          ? offerMessages.closedCancelled(label)
          : offerMessages.closedBooked(label),
      link: "/landscaper-dashboard",
    })),
  );
}
