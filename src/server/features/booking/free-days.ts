import { sql } from "drizzle-orm";
import { defaultAvailability } from "../../../shared/booking.js";
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
    /**
     * Our team's assignment (issue 38): the pro confirms it themselves, so instant booking need not be on for
     * the services, and a pro who never saved availability counts with the defaults.
     */
    confirmsThemselves?: boolean;
    now?: Date;
  },
): Promise<InstantCandidate[]> {
  const confirms = options.confirmsThemselves === true;
  const availabilityJoin = confirms ? sql`left join` : sql`join`;
  const instantOn = confirms
    ? sql``
    : sql`and ${landscaperAvailability.instantServices} @> ${sql.param([...options.services])}::text[]`;
  const or = <T>(column: unknown, fallback: T) =>
    confirms ? sql`coalesce(${column}, ${fallback})` : sql`${column}`;
  const only = options.only
    ? sql`and ${landscaper.userId} = any(${sql.param([...options.only])}::text[])`
    : sql``;
  const exclude = options.exclude?.length
    ? sql`and not (${landscaper.userId} = any(${sql.param([...options.exclude])}::text[]))`
    : sql``;
  const from = sql`${options.from}::date`;
  const last = sql`${from} + ${options.horizonDays - 1}::int`;
  // Shaped for a ZIP with a thousand candidates (1M-job bench, docs/performance.md): the ban is checked by
  // primary key for each candidate instead of scanning every user; each pro's full days are one array; and
  // their free days are the first few of the horizon's days that pass (a `limit` per pro, no sort of
  // pros × days). The days come from an integer series, whose size the planner knows: a date series is
  // guessed at 1,000 rows, which made the plan look costly enough to be JIT-compiled on every call.
  const result = await db.execute(sql`
    with candidates as materialized (
      select ${landscaper.userId} as id, ${landscaper.fullName} as full_name,
        ${landscaper.businessName} as business_name, ${landscaper.zipCode} as base_zip,
        ${or(landscaperAvailability.weekdays, sql`${sql.param(defaultAvailability.weekdays)}::int[]`)} as weekdays,
        ${or(landscaperAvailability.visitsPerDay, defaultAvailability.visitsPerDay)} as per_day,
        ${or(landscaperAvailability.priceAdjustPercent, 0)} as price_adjust,
        -- A day is bookable when its visit window opens after the pro's notice: the day (at midnight, local)
        -- is on or after the notice's end less the window's opening hour. Said once per pro, in Charlotte's
        -- local time (no change of clocks happens at the window's opening hour).
        ((${(options.now ?? new Date()).toISOString()}::timestamptz
            + make_interval(hours => ${or(landscaperAvailability.noticeHours, defaultAvailability.noticeHours)})) at time zone ${BUSINESS_TIME_ZONE})
          - make_interval(hours => ${VISIT_WINDOW_START_HOUR}::int) as first_start
      from ${landscaper}
      ${availabilityJoin} ${landscaperAvailability} on ${landscaperAvailability.landscaperId} = ${landscaper.userId}
      where ${landscaper.status} = 'approved'
        and ${landscaper.pausedAt} is null
        -- A landscaper who hid their public profile (issue 36) is not offered for instant booking.
        and ${landscaper.profileHiddenAt} is null
        and not exists (select 1 from ${user} where ${user.id} = ${landscaper.userId} and ${user.banned})
        and ${landscaper.coveredZipCodes} @> array[${options.zipCode}]::text[]
        ${instantOn}
        ${only} ${exclude}
    ),
    full_days as (
      select t.id, array_agg(t.day) as days
      from (
        select ${job.landscaperId} as id, ${job.scheduledDate} as day, count(*) as n
        from ${job}
        where ${job.landscaperId} in (select id from candidates)
          and ${job.status} in ${TAKES_A_SLOT}
          and ${job.scheduledDate} between ${from} and ${last}
        group by 1, 2
      ) t
      join candidates c on c.id = t.id
      where t.n >= c.per_day
      group by t.id
    )
    select c.id, c.full_name, c.business_name, c.base_zip, c.price_adjust,
      array(
        select to_char(free.day, 'YYYY-MM-DD') from (
          select d.day
          from (select ${from} + i as day from generate_series(0, ${options.horizonDays - 1}::int) i) d
          where d.day >= c.first_start
            and extract(dow from d.day)::int = any(c.weekdays)
            and not (d.day = any(coalesce(f.days, '{}'::date[])))
          order by d.day
          limit ${options.maxDays}::int
        ) free
        order by free.day
      ) as free_days
    from candidates c
    left join full_days f on f.id = c.id
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
