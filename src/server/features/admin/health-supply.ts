import { sql } from "drizzle-orm";
import { SUPPLY_GAP_PROS, SUPPLY_HORIZON_DAYS, type SupplyGap } from "../../../shared/admin-health.js";
import { defaultAvailability } from "../../../shared/booking.js";
import { neighbourhoodByZip } from "../../../shared/neighbourhoods.js";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { toNumber } from "./query-helpers.js";

/**
 * How many pros are available today for each of `zips` (shared/admin-health.ts, healthDefinitions.supply):
 * approved, not paused by the late lock-out, not banned, covering the ZIP, with a working weekday in the next
 * SUPPLY_HORIZON_DAYS days (today included) on which fewer of their jobs are accepted or scheduled than the
 * visits a day they take (their saved availability, else the defaults, as free-days.ts counts a free day).
 * One pass over the pros covering any of the ZIPs (the GIN index on covered_zip_codes) and over their jobs in
 * those days.
 */
export async function availableProsByZip(options: {
  db: DbOrTx;
  zips: readonly string[];
  today: string;
}): Promise<Map<string, number>> {
  const byZip = new Map<string, number>(options.zips.map((zip) => [zip, 0]));
  if (options.zips.length === 0) return byZip;
  const zips = sql`${sql.param([...options.zips])}::text[]`;
  const today = sql`${options.today}::date`;
  const last = sql`${today} + ${SUPPLY_HORIZON_DAYS - 1}::int`;
  const result = await options.db.execute(sql`
    with pros as materialized (
      select l.user_id as id, l.covered_zip_codes as covered,
        coalesce(a.weekdays, ${sql.param(defaultAvailability.weekdays)}::smallint[]) as weekdays,
        coalesce(a.visits_per_day, ${defaultAvailability.visitsPerDay}::int) as per_day
      from landscaper l
      left join landscaper_availability a on a.landscaper_id = l.user_id
      where l.status = 'approved' and l.paused_at is null and l.covered_zip_codes && ${zips}
        and not exists (select 1 from "user" u where u.id = l.user_id and u.banned)
    ),
    -- Each pro's full days in the horizon as one array (free-days.ts's shape): no lookup per pro and day.
    full_days as (
      select t.id, array_agg(t.day) as days
      from (
        select j.landscaper_id as id, j.scheduled_date as day, count(*) as n
        from job j
        where j.status in ('accepted', 'scheduled') and j.scheduled_date between ${today} and ${last}
        group by 1, 2
      ) t
      join pros p on p.id = t.id
      where t.n >= p.per_day
      group by t.id
    ),
    free as (
      select p.id, p.covered from pros p
      left join full_days f on f.id = p.id
      where exists (
        select 1 from generate_series(0, ${SUPPLY_HORIZON_DAYS - 1}::int) i
        where extract(dow from ${today} + i)::int = any(p.weekdays)
          and not ((${today} + i) = any(coalesce(f.days, '{}'::date[]))))
    )
    select zip, count(*) as pros
    from free cross join unnest(free.covered) as zip
    where zip = any(${zips})
    group by zip
  `);
  for (const row of rowsOf<{ zip: string; pros: unknown }>(result)) byZip.set(row.zip, toNumber(row.pros));
  return byZip;
}

/** The requested ZIPs with fewer than SUPPLY_GAP_PROS available pros: fewest pros first, then most requests. */
export async function supplyGaps(options: {
  db: DbOrTx;
  requestsByZip: ReadonlyMap<string, number>;
  today: string;
}): Promise<SupplyGap[]> {
  const zips = [...options.requestsByZip].filter(([, n]) => n > 0).map(([zip]) => zip);
  const pros = await availableProsByZip({ db: options.db, zips, today: options.today });
  return zips
    .map((zipCode) => ({
      zipCode,
      neighbourhood: neighbourhoodByZip[zipCode] ?? null,
      requests: options.requestsByZip.get(zipCode) ?? 0,
      availablePros: pros.get(zipCode) ?? 0,
    }))
    .filter((gap) => gap.availablePros < SUPPLY_GAP_PROS)
    .sort(
      (a, b) =>
        a.availablePros - b.availablePros || b.requests - a.requests || a.zipCode.localeCompare(b.zipCode),
    );
}
