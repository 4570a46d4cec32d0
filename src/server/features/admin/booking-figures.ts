import { and, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { AnalyticsRange } from "../../../shared/admin.js";
import { type BookingFigures, FILL_WITHIN_HOURS } from "../../../shared/booking-admin.js";
import { addDaysIso, BUSINESS_TIME_ZONE, todayInCharlotte } from "../../../shared/dates.js";
import type { DbOrTx } from "../../db/client.js";
import { job, jobEvent, jobOffer } from "../../db/schema.js";
import { RELEASED_EVENT } from "../landscapers/index.js";
import { toNumber } from "./query-helpers.js";

const midnight = (isoDate: string) => sql`(${isoDate}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

/*
 * The figures are read from the job's history (job_event), not from the job row: a release clears the job's
 * booked_instantly_at and scheduled_at, a withdrawal or a missed visit clears scheduled_at, and a rebooking
 * stamps them again, so only the events still say every booking that was made and when.
 *
 * A booking is an event into 'scheduled' from 'accepted' (the customer approved a pro's offer) or from
 * 'pending' (a pro's offer on a firm-priced request, booked: `book_offer`; or the lifecycle action `book`: a customer booking a pro at once, or the next pro booked by the
 * platform after a release, each a booking of its own that its pro may release). Visits generated for a
 * recurring series (an event from nothing) and redo visits (from 'completed') are not bookings.
 */
const bookingFrom = ["accepted", "pending"] as const;
const isBooking = and(eq(jobEvent.toStatus, "scheduled"), inArray(jobEvent.fromStatus, [...bookingFrom]));
/** The same statuses for the fill rate's subquery, which names its own alias. */
const bookingFromList = sql.join(
  bookingFrom.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * Issue 35's booking figures over the last `range` days (Charlotte calendar days, today included, as the
 * other analytics figures):
 * - bookings: booking events in the range;
 * - instant bookings: those from 'pending' (the action `book`), not a pro's offer the customer booked (the
 *   action `book_offer`, also from 'pending': its chosen job_offer row closed at the event's own time, both
 *   the transaction's now()); the share is instant ÷ bookings;
 * - median quote → booked: the median over those bookings of the event's time less the job's created_at
 *   (the quote), in seconds;
 * - fill rate: of the requests created in the range at least 24 hours before now (with or without a firm
 *   price; not the generated visits of a series), the share with a booking event within 24 hours of their
 *   creation, whatever became of the booking since;
 * - releases: 'released' events in the range; per 100 instant bookings is releases ÷ instant × 100, a
 *   released booking still counted among the instant bookings by its `book` event.
 */
export async function bookingFigures(options: {
  db: DbOrTx;
  range: AnalyticsRange;
  now?: Date;
}): Promise<BookingFigures> {
  const now = options.now ?? new Date();
  const today = todayInCharlotte(now);
  const start = midnight(addDaysIso(today, -(options.range - 1)));
  const end = midnight(addDaysIso(today, 1));

  // One pass over the range's booking and release events (the job joined for its quote's time).
  const [events] = await options.db
    .select({
      bookings: sql<number>`count(*) filter (where ${isBooking})`,
      instant: sql<number>`count(*) filter (where ${isBooking} and ${jobEvent.fromStatus} = 'pending'
        and not exists (select 1 from ${jobOffer} o where o.job_id = ${jobEvent.jobId} and o.status = 'chosen'
          and o.closed_at = ${jobEvent.createdAt}))`,
      median: sql<number | null>`percentile_cont(0.5) within group
        (order by extract(epoch from ${jobEvent.createdAt} - ${job.createdAt})) filter (where ${isBooking})`,
      releases: sql<number>`count(*) filter (where ${jobEvent.toStatus} = ${RELEASED_EVENT})`,
    })
    .from(jobEvent)
    .innerJoin(job, eq(job.id, jobEvent.jobId))
    .where(
      and(
        gte(jobEvent.createdAt, start),
        lt(jobEvent.createdAt, end),
        or(isBooking, eq(jobEvent.toStatus, RELEASED_EVENT)),
      ),
    );

  // The requests old enough to have had their 24 hours. `job.id` written out: drizzle leaves a single-table
  // select's columns unqualified, and inside the subqueries "id" would name job_event's own.
  const dueBefore = new Date(now.getTime() - FILL_WITHIN_HOURS * 3_600_000);
  const [fill] = await options.db
    .select({
      due: sql<number>`count(*)`,
      filled: sql<number>`count(*) filter (where exists (select 1 from job_event b where b.job_id = job.id
        and b.to_status = 'scheduled' and b.from_status in (${bookingFromList})
        and b.created_at <= job.created_at + make_interval(hours => ${FILL_WITHIN_HOURS}::int)))`,
    })
    .from(job)
    .where(
      and(
        gte(job.createdAt, start),
        lt(job.createdAt, dueBefore),
        // A series' generated visit starts its history scheduled, from nothing: it was never a request.
        sql`not exists (select 1 from job_event g where g.job_id = job.id and g.from_status is null
          and g.to_status = 'scheduled')`,
      ),
    );

  return {
    range: options.range,
    bookings: toNumber(events?.bookings),
    instantBookings: toNumber(events?.instant),
    medianSecondsToBooked: events?.median == null ? null : Math.round(Number(events.median)),
    requestsDue: toNumber(fill?.due),
    filledInTime: toNumber(fill?.filled),
    releases: toNumber(events?.releases),
  };
}
