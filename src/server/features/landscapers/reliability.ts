import { sql } from "drizzle-orm";
import { BUSINESS_TIME_ZONE, todayInCharlotte } from "../../../shared/dates.js";
import { type Reliability, VISIT_WINDOW_END_HOUR } from "../../../shared/recurring.js";
import { noReliability } from "../../../shared/reliability.js";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { job, jobEvent, review } from "../../db/schema.js";

/**
 * The first visit date with arrival tracking (issue 16 shipped on 2026-11-26: 'On my way', 'Arrived' and
 * 'Work started' exist from then on). A visit dated before it counts towards the on-time rate only if an
 * arrival step was stamped on it anyway; without one it is left out, not counted late: its landscaper had no
 * way to mark the arrival. The late lock-out looks at visits from this date on, for the same reason.
 */
export const ARRIVAL_TRACKING_SINCE = "2026-11-27";

/** What the history records when a pro releases an instant booking (issue 35): a withdrawal on their record. */
export const RELEASED_EVENT = "released";

/** What the history (`job_event.to_status`) records when the late lock-out takes a visit back. */
export const MISSED_EVENT = "missed";

interface FigureRow {
  id: string;
  completed: number | string | null;
  due: number | string | null;
  on_time: number | string | null;
  rating_sum: number | string | null;
  rating_count: number | string | null;
  withdrawn: number | string | null;
  missed: number | string | null;
}

const n = (value: number | string | null | undefined) => Number(value ?? 0);
/** A share of 0–100 to one decimal, or null with nothing to share. */
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/**
 * The reliability figures of many landscapers in one query (two index-driven aggregates, joined), for a
 * page of the admin lists, a customer's offers or the review queue. Every id asked for is in the answer
 * (`noReliability` without history).
 *
 * - On time: of the visits whose arrival was due with this landscaper assigned (completed, or still
 *   scheduled with a date before today), the share arrived at (`arrived_at`, else `work_started_at`) on
 *   the visit's date by VISIT_WINDOW_END_HOUR, Charlotte time. Visits from before arrival tracking
 *   without a stamp are left out (ARRIVAL_TRACKING_SINCE). A visit the late lock-out took away is no longer
 *   theirs: it counts as missed in the completion rate instead.
 * - Completion: completed / (completed + withdrawn by them + missed by them). A withdrawal is their
 *   'withdraw' from accepted or scheduled (the job event they wrote, back to pending); a miss is the
 *   lock-out's 'missed' event, recorded with the landscaper who missed the visit as its actor. Releasing an
 *   instant booking within its 2 hours ('released', issue 35) counts as a withdrawal. Leaving after
 *   the customer declined their price change ('left_after_price_declined', issue 34) and putting a series
 *   back for a weekday they could not do ('day_declined') are not withdrawals: the change was the
 *   customer's, and those events are not counted here.
 * - Rating: the average quality stars of their reviews (one decimal) and how many there are: reviews shown
 *   (released by the double-blind rule, issue 36, so the figure cannot tell a blind review early) and not
 *   removed by our team. A low review counts like any other.
 * - Withdrawn: the withdrawals above on their own, for admins: an offer withdrawn again and again (the
 *   accept-and-withdraw cycle a rate limit also caps) shows here before the completion rate moves much.
 */
export async function reliabilityOf(
  db: DbOrTx,
  landscaperIds: readonly string[],
  options: { now?: Date; trackingSince?: string } = {},
): Promise<Map<string, Reliability>> {
  const ids = [...new Set(landscaperIds)];
  const figures = new Map<string, Reliability>();
  if (ids.length === 0) return figures;
  const now = options.now ?? new Date();
  const today = todayInCharlotte(now);
  const since = options.trackingSince ?? ARRIVAL_TRACKING_SINCE;
  const arrival = sql`coalesce(${job.arrivedAt}, ${job.workStartedAt})`;
  const local = sql`(${arrival} at time zone ${BUSINESS_TIME_ZONE})`;
  const due = sql`(${job.status} = 'completed' or ${job.scheduledDate} < ${today}::date)`;
  const tracked = sql`(coalesce(${job.onTheWayAt}, ${job.arrivedAt}, ${job.workStartedAt}) is not null
    or ${job.scheduledDate} >= ${since}::date)`;
  const onTime = sql`(${local} >= ${job.scheduledDate}::timestamp
    and ${local} <= ${job.scheduledDate} + make_interval(hours => ${VISIT_WINDOW_END_HOUR}::int))`;
  // Literals, not parameters: the planner matches them to the partial index job_event_actor_lost_idx
  // (to_status in ('pending', 'missed')) whatever plan a prepared statement gets.
  const missed = sql.raw(`'${MISSED_EVENT}'`);
  const released = sql.raw(`'${RELEASED_EVENT}'`);
  const result = await db.execute(sql`
    with visits as (
      select ${job.landscaperId} as id,
        count(*) filter (where ${job.status} = 'completed') as completed,
        count(*) filter (where ${due} and ${tracked}) as due,
        count(*) filter (where ${due} and ${tracked} and ${onTime}) as on_time
      from ${job}
      where ${job.landscaperId} = any(${sql.param(ids)}::text[])
        and ${job.status} in ('completed', 'scheduled')
      group by ${job.landscaperId}
    ),
    lost as (
      select ${jobEvent.actorId} as id,
        count(*) filter (where ${jobEvent.toStatus} in ('pending', ${released})) as withdrawn,
        count(*) filter (where ${jobEvent.toStatus} = ${missed}) as missed
      from ${jobEvent}
      where ${jobEvent.actorId} = any(${sql.param(ids)}::text[])
        and ((${jobEvent.toStatus} = 'pending' and ${jobEvent.fromStatus} in ('accepted', 'scheduled'))
          or ${jobEvent.toStatus} in (${missed}, ${released}))
      group by ${jobEvent.actorId}
    ),
    rated as (
      select ${review.landscaperId} as id, sum(${review.quality}) as rating_sum, count(*) as rating_count
      from ${review}
      where ${review.landscaperId} = any(${sql.param(ids)}::text[])
        and ${review.visibleFrom} <= ${now.toISOString()}::timestamptz and ${review.removedAt} is null
      group by ${review.landscaperId}
    )
    select ids.id, v.completed, v.due, v.on_time, r.rating_sum, r.rating_count, l.withdrawn, l.missed
    from unnest(${sql.param(ids)}::text[]) as ids(id)
    left join visits v on v.id = ids.id
    left join lost l on l.id = ids.id
    left join rated r on r.id = ids.id
  `);
  for (const row of rowsOf<FigureRow>(result)) {
    const completed = n(row.completed);
    const ratings = n(row.rating_count);
    const accepted = completed + n(row.withdrawn) + n(row.missed);
    figures.set(row.id, {
      onTimeRate: rate(n(row.on_time), n(row.due)),
      completionRate: rate(completed, accepted),
      averageRating: ratings > 0 ? Math.round((n(row.rating_sum) / ratings) * 10) / 10 : null,
      ratingCount: ratings,
      completedJobs: completed,
      visitsDue: n(row.due),
      visitsOnTime: n(row.on_time),
      acceptedJobs: accepted,
      withdrawnJobs: n(row.withdrawn),
    });
  }
  for (const id of ids) if (!figures.has(id)) figures.set(id, { ...noReliability });
  return figures;
}
