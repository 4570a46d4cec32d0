import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { jobDecline, jobEvent } from "../../db/schema.js";
import { MISSED_EVENT, RELEASED_EVENT } from "../landscapers/index.js";

/** Who declined or released the request: they are not offered it again. */
export async function declinedBy(db: Db | Tx, jobId: string): Promise<string[]> {
  const rows = await db
    .select({ id: jobDecline.landscaperId })
    .from(jobDecline)
    .where(eq(jobDecline.jobId, jobId));
  return rows.map((r) => r.id);
}

/**
 * The events of a booked visit given back by its pro (released, withdrawn, left after a price decline,
 * missed): after one, the price the customer agreed stands for whoever comes next (015, 021).
 */
const GIVEN_BACK = [RELEASED_EVENT, MISSED_EVENT, "pending", "left_after_price_declined"];

/** Whether the customer already agreed a price on this request: a booked visit of it was given back. */
export async function priceAgreedBefore(db: Db | Tx, jobId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: jobEvent.id })
    .from(jobEvent)
    .where(
      and(
        eq(jobEvent.jobId, jobId),
        eq(jobEvent.fromStatus, "scheduled"),
        inArray(jobEvent.toStatus, GIVEN_BACK),
      ),
    )
    .limit(1);
  return row !== undefined;
}
