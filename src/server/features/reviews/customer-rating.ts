import { eq } from "drizzle-orm";
import { blindUntil, reviewMessages, reviewWindowEnd } from "../../../shared/reviews.js";
import { jobLabel } from "../../../shared/services.js";
import type { Db } from "../../db/client.js";
import { customerRating, job, review } from "../../db/schema.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";
import { notify } from "../notifications/index.js";
import { releaseNow } from "./customer-review.js";

/**
 * The landscaper's private rating of a completed visit's customer, once, within 14 days of completion. Blind
 * for 7 days unless the customer's review of the visit is in: then both are released now. The job's row is
 * locked first, as the customer's rating locks it, so the two arriving together still find each other.
 */
export async function rateCustomer(options: {
  db: Db;
  principal: Principal;
  jobId: string;
  stars: number;
  note: string;
  now?: Date | undefined;
}): Promise<{ released: boolean }> {
  const now = options.now ?? new Date();
  const { db, principal } = options;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(job).where(eq(job.id, options.jobId)).for("update");
    if (!current || current.landscaperId !== principal.userId) throw notFound("Job not found.");
    if (current.status !== "completed" || !current.completedAt)
      throw conflict(reviewMessages.rateCustomerNotYet);
    if (now > reviewWindowEnd(current.completedAt)) throw conflict(reviewMessages.rateCustomerClosed);
    const theirs = await tx.select({ id: review.id }).from(review).where(eq(review.jobId, current.id));
    const released = theirs.length > 0;
    const inserted = await tx
      .insert(customerRating)
      .values({
        jobId: current.id,
        landscaperId: principal.userId,
        customerId: current.customerId,
        stars: options.stars,
        note: options.note,
        submittedAt: now,
        visibleFrom: released ? now : blindUntil(now),
      })
      .onConflictDoNothing()
      .returning({ id: customerRating.id });
    if (inserted.length === 0) throw conflict(reviewMessages.customerAlreadyRated);
    if (released) {
      await releaseNow(tx, current.id, now);
      if (current.customerId)
        await notify(tx, [
          {
            userId: current.customerId,
            type: "job",
            message: `Your review of ${jobLabel(current.number)} is published, and you can see how your landscaper rated you.`,
            link: "/dashboard/customer",
          },
        ]);
    }
    return { released };
  });
}
