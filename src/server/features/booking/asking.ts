import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { job, landscaper, user } from "../../db/schema.js";

/** Fewer offers than this in the window: no "usually" is said, one or two offers are not a habit. */
const MIN_OFFERS_FOR_USUAL = 5;
const USUAL_WINDOW_DAYS = 60;

/**
 * When nobody can be booked at once, what the customer is told about the queue (issue 35): how many approved,
 * unpaused pros serve the ZIP (each sees the request in their queue and bell), and the median time from a
 * request to its first offer over the last 60 days, when there were enough offers to say so.
 */
export async function askingFigures(
  db: DbOrTx,
  zipCode: string,
): Promise<{ nearbyPros: number; usualOfferHours: number | null }> {
  const result = await db.execute(sql`
    select
      (select count(*) from ${landscaper} join ${user} on ${user.id} = ${landscaper.userId}
        where ${landscaper.status} = 'approved' and ${landscaper.pausedAt} is null
          and coalesce(${user.banned}, false) = false
          and ${zipCode} = any(${landscaper.coveredZipCodes})) as nearby,
      (select count(*) from ${job}
        where ${job.acceptedAt} is not null
          and ${job.createdAt} > now() - make_interval(days => ${USUAL_WINDOW_DAYS}::int)) as offers,
      (select percentile_cont(0.5) within group (
          order by extract(epoch from (${job.acceptedAt} - ${job.createdAt})) / 3600)
        from ${job}
        where ${job.acceptedAt} is not null
          and ${job.createdAt} > now() - make_interval(days => ${USUAL_WINDOW_DAYS}::int)) as median_hours
  `);
  const [row] = rowsOf<{ nearby: unknown; offers: unknown; median_hours: unknown }>(result);
  const offers = Number(row?.offers ?? 0);
  const median =
    row?.median_hours === null || row?.median_hours === undefined ? null : Number(row.median_hours);
  return {
    nearbyPros: Number(row?.nearby ?? 0),
    // Whole hours, at least one: "within 1 hour" rather than "within 0 hours".
    usualOfferHours:
      offers >= MIN_OFFERS_FOR_USUAL && median !== null ? Math.max(1, Math.ceil(median)) : null,
  };
}
