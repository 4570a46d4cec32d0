import { sql } from "drizzle-orm";
import { BUSINESS_TIME_ZONE } from "../../../shared/dates.js";
import { VISIT_WINDOW_START_HOUR } from "../../../shared/recurring.js";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { job, landscaper, landscaperAvailability, user } from "../../db/schema.js";
import { slotTakingStatuses } from "./capacity.js";

/** The statuses whose visit takes one of a landscaper's visits on its day (capacity.ts: the schedule's too). */
const TAKES_A_SLOT = sql.raw(`(${slotTakingStatuses.map((status) => `'${status}'`).join(", ")})`);

export interface InstantCandidate {
  landscaperId: string;
  fullName: string;
  businessName: string | null;
  baseZip: string;
  priceAdjustPercent: number;
  /** Their free days from `from` on, within the horizon, in order (at most `maxDays`). */
  freeDays: string[];
}

/**
 * Who can be booked at once for a visit in `zipCode` doing `services`, and the days each can come: approved,
 * not paused by the late lock-out, not banned, covering the ZIP, instant booking on for every service; a day
 * is free when it is a working weekday, its visit window opens after the pro's notice, and fewer of their
 * visits (accepted or scheduled) fall on it than they take a day. One query for every candidate: the
 * availability a pro saves, a pause or a ban counts from the next call on.
 */
export async function instantCandidates(
  db: DbOrTx,
  options: {
    zipCode: string;
    services: readonly string[];
    from: string;
    horizonDays: number;
    maxDays: number;
    /** Only these landscapers (a booking checks its own pro); all when omitted. */
    only?: readonly string[];
    exclude?: readonly string[];
    now?: Date;
  },
): Promise<InstantCandidate[]> {
  const only = options.only
    ? sql`and ${landscaper.userId} = any(${sql.param([...options.only])}::text[])`
    : sql``;
  const exclude = options.exclude?.length
    ? sql`and not (${landscaper.userId} = any(${sql.param([...options.exclude])}::text[]))`
    : sql``;
  const result = await db.execute(sql`
    with candidates as (
      select ${landscaper.userId} as id, ${landscaper.fullName} as full_name,
        ${landscaper.businessName} as business_name, ${landscaper.zipCode} as base_zip,
        ${landscaperAvailability.weekdays} as weekdays, ${landscaperAvailability.visitsPerDay} as per_day,
        ${landscaperAvailability.noticeHours} as notice_hours,
        ${landscaperAvailability.priceAdjustPercent} as price_adjust
      from ${landscaper}
      join ${landscaperAvailability} on ${landscaperAvailability.landscaperId} = ${landscaper.userId}
      join ${user} on ${user.id} = ${landscaper.userId}
      where ${landscaper.status} = 'approved'
        and ${landscaper.pausedAt} is null
        and coalesce(${user.banned}, false) = false
        and ${options.zipCode} = any(${landscaper.coveredZipCodes})
        and ${landscaperAvailability.instantServices} @> ${sql.param([...options.services])}::text[]
        ${only} ${exclude}
    ),
    days as (
      select d::date as day
      from generate_series(${options.from}::date, ${options.from}::date + ${options.horizonDays - 1}::int,
        interval '1 day') d
    ),
    taken as (
      select ${job.landscaperId} as id, ${job.scheduledDate} as day, count(*) as n
      from ${job}
      where ${job.landscaperId} in (select id from candidates)
        and ${job.status} in ${TAKES_A_SLOT}
        and ${job.scheduledDate} between ${options.from}::date
          and ${options.from}::date + ${options.horizonDays - 1}::int
      group by 1, 2
    )
    select c.id, c.full_name, c.business_name, c.base_zip, c.price_adjust,
      (array_agg(to_char(d.day, 'YYYY-MM-DD') order by d.day)
        filter (where extract(dow from d.day)::int = any(c.weekdays)
          and coalesce(t.n, 0) < c.per_day
          and ((d.day + make_interval(hours => ${VISIT_WINDOW_START_HOUR}::int)) at time zone ${BUSINESS_TIME_ZONE})
            >= ${(options.now ?? new Date()).toISOString()}::timestamptz + make_interval(hours => c.notice_hours)))[1:${options.maxDays}::int] as free_days
    from candidates c
    cross join days d
    left join taken t on t.id = c.id and t.day = d.day
    group by c.id, c.full_name, c.business_name, c.base_zip, c.price_adjust
  `);
  return rowsOf<{
    id: string;
    full_name: string;
    business_name: string | null;
    base_zip: string;
    price_adjust: number;
    free_days: string[] | null;
  }>(result).map((r) => ({
    landscaperId: r.id,
    fullName: r.full_name,
    businessName: r.business_name,
    baseZip: r.base_zip,
    priceAdjustPercent: Number(r.price_adjust),
    freeDays: r.free_days ?? [],
  }));
}
