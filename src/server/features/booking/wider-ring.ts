import { sql } from "drizzle-orm";
import { defaultAvailability } from "../../../shared/booking.js";
import { todayInCharlotte } from "../../../shared/dates.js";
import { travelRadiusOptions } from "../../../shared/landscapers.js";
import {
  REANNOUNCE_MAX_PROS,
  WIDEST_REANNOUNCE_MILES,
  widerRadiusMiles,
} from "../../../shared/nothing-waits.js";
import { rowsOf, type Tx } from "../../db/client.js";
import { job, jobDecline, landscaper, landscaperAvailability, user, zipCode } from "../../db/schema.js";
import type { JobRow } from "../jobs/index.js";
import { greatCircleMiles } from "../landscapers/index.js";
import { slotTakingStatuses } from "./capacity.js";

const TAKES_A_SLOT = sql.raw(`(${slotTakingStatuses.map((status) => `'${status}'`).join(", ")})`);

/** Each travel radius the form offers, and the miles it reaches one step wider, as a SQL `case`. */
const widerMiles = sql.raw(
  `(case ${travelRadiusOptions.map((r) => `when l.travel_radius <= ${r} then ${widerRadiusMiles(r)}`).join(" ")} else ${WIDEST_REANNOUNCE_MILES} end)`,
);

export interface FartherPro {
  landscaperId: string;
  miles: number;
  hasRoom: boolean;
}

/**
 * The pros a request's re-announcement reaches (issue 38): approved, not paused, not banned, not covering the
 * property's ZIP already (they were told when it arrived), not having declined it, and whose travel radius one
 * step wider (5 → 10 → 15 → 25+ (40 miles) → 50) reaches it from one of their listed ZIPs, centroid to
 * centroid. Those with room on the request's day (a working weekday with fewer accepted or scheduled visits
 * than they take, as instant booking counts a free day) come first, then the nearest; at most
 * REANNOUNCE_MAX_PROS. Only ZIPs within the widest step are looked at, so the cost is the ring's, not the city's.
 */
export async function fartherPros(tx: Tx, request: JobRow, now: Date): Promise<FartherPro[]> {
  const day = [request.preferredDate, todayInCharlotte(now)].sort().at(-1)!;
  const near = (alias: string) => ({
    latitude: sql.raw(`${alias}.latitude`),
    longitude: sql.raw(`${alias}.longitude`),
  });
  const result = await tx.execute(sql`
    with ring as materialized (
      select z.zip, ${greatCircleMiles(near("p"), near("z"))} as miles
      from ${zipCode} z, ${zipCode} p
      where p.zip = ${request.zipCode}
        and ${greatCircleMiles(near("p"), near("z"))} <= ${WIDEST_REANNOUNCE_MILES}
    ),
    reached as (
      select l.user_id as id, min(ring.miles) as miles, max(${widerMiles}) as wider
      from ${landscaper} l
      join ring on ring.zip = any(l.service_zip_codes)
      where l.status = 'approved' and l.paused_at is null
        and l.service_zip_codes && (select array_agg(zip) from ring)
        and not (l.covered_zip_codes @> array[${request.zipCode}]::text[])
        and not exists (select 1 from ${user} u where u.id = l.user_id and u.banned)
        and not exists (select 1 from ${jobDecline} d where d.job_id = ${request.id} and d.landscaper_id = l.user_id)
      group by l.user_id
    )
    select r.id, r.miles::float8 as miles,
      (extract(dow from ${day}::date)::int = any(coalesce(a.weekdays, ${sql.param(defaultAvailability.weekdays)}::int[]))
        and (select count(*) from ${job} j where j.landscaper_id = r.id and j.scheduled_date = ${day}::date
          and j.status in ${TAKES_A_SLOT}) < coalesce(a.visits_per_day, ${defaultAvailability.visitsPerDay})) as has_room
    from reached r
    left join ${landscaperAvailability} a on a.landscaper_id = r.id
    where r.miles <= r.wider
    order by has_room desc, r.miles, r.id
    limit ${REANNOUNCE_MAX_PROS}
  `);
  return rowsOf<{ id: string; miles: number; has_room: boolean }>(result).map((r) => ({
    landscaperId: r.id,
    miles: Number(r.miles),
    hasRoom: r.has_room,
  }));
}
