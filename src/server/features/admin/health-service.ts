import { sql } from "drizzle-orm";
import {
  FILL_WINDOWS_HOURS,
  type HealthAnswer,
  type HealthFigures,
  type HealthSummary,
  healthPeriod,
  REPEAT_DAYS,
} from "../../../shared/admin-health.js";
import { addDaysIso, BUSINESS_TIME_ZONE, todayInCharlotte } from "../../../shared/dates.js";
import { neighbourhoodByZip } from "../../../shared/neighbourhoods.js";
import { serviceIds, serviceName } from "../../../shared/services.js";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { type FactParts, FIGURE_COLUMNS, healthFacts } from "./health-facts.js";
import { supplyGaps } from "./health-supply.js";
import { toNumber } from "./query-helpers.js";

const midnight = (isoDate: string) => sql`(${isoDate}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

type FigureRow = Record<string, unknown> & { dim: string; key: string | null };

const hoursOf = (value: unknown) => (value == null ? null : Math.round(Number(value) * 10) / 10);

function figuresOf(row: FigureRow | undefined): HealthFigures {
  const n = (column: string) => toNumber(row?.[column]);
  return {
    requests: n("requests"),
    fill: FILL_WINDOWS_HOURS.map((hours) => ({ hours, due: n(`due${hours}`), filled: n(`filled${hours}`) })),
    booked: n("booked"),
    medianHoursToBooked: hoursOf(row?.median_hours),
    p90HoursToBooked: hoursOf(row?.p90_hours),
    firstVisits: n("first_visits"),
    firstVisitsOnDay: n("first_on_day"),
    bookings: n("bookings"),
    proCancellations: n("pro_cancellations"),
    releases: n("releases"),
    misses: n("misses"),
    completedVisits: n("completed"),
    disputes: n("disputes"),
    chargedCents: n("charged"),
    refundedCents: n("refunded"),
    repeat: REPEAT_DAYS.map((days, index) => ({
      days,
      customers: n(`repeat_due${index + 1}`),
      repeated: n(`repeat_hit${index + 1}`),
    })),
  };
}

/**
 * The figures grouped in one statement: the whole period, each week (seven days from `from`), each
 * neighbourhood (ZIPs sharing a name together), each ZIP (for the supply gaps), and each service a request
 * asked for (a request of two services counts under both).
 */
async function groupedFigures(options: {
  db: DbOrTx;
  from: string;
  to: string;
  now: Date;
  parts: FactParts;
}): Promise<FigureRow[]> {
  const facts = healthFacts(
    { start: midnight(options.from), end: midnight(addDaysIso(options.to, 1)), now: options.now },
    options.parts,
  );
  const zips = Object.keys(neighbourhoodByZip);
  const names = zips.map((zip) => neighbourhoodByZip[zip]!);
  const localDate = sql`(f.at at time zone ${BUSINESS_TIME_ZONE})::date`;
  // Every fact but a request is only counted, so those of one week, ZIP, service list and answer are counted
  // together first (`n` each); a request's own hours stay a row, for the percentiles (cells).
  const columns = sql.raw("kind, wk, area, zip, services, hours, due1, hit1, due2, hit2, due3, hit3");
  const result = await options.db.execute(sql`
    with ${facts},
    dims as (
      select f.*, (${localDate} - ${options.from}::date) / 7 as wk, coalesce(a.name, 'ZIP ' || f.zip) as area
      from facts f
      left join unnest(${sql.param(zips)}::text[], ${sql.param(names)}::text[]) as a(zip, name) on a.zip = f.zip
      where f.kind is not null
    ),
    cells as (
      select ${columns}, 1 as n from dims where kind = 'request'
      union all
      select ${columns}, count(*) as n from dims where kind <> 'request' group by ${columns}
    )
    select case when grouping(wk) = 0 then 'week' when grouping(area) = 0 then 'area'
        when grouping(zip) = 0 then 'zip' else 'all' end as dim,
      coalesce(wk::text, area, zip) as key, ${FIGURE_COLUMNS}
    from cells group by grouping sets ((), (wk), (area), (zip))
    union all
    select 'service' as dim, s.service as key, ${FIGURE_COLUMNS}
    from cells cross join unnest(cells.services) as s(service)
    group by s.service
  `);
  return rowsOf<FigureRow>(result);
}

function requestsByZip(rows: readonly FigureRow[]): Map<string, number> {
  return new Map(
    rows.filter((r) => r.dim === "zip" && r.key !== null).map((r) => [r.key!, toNumber(r.requests)]),
  );
}

export interface HealthOptions {
  db: DbOrTx;
  /** The period asked for: weeks ending today, or from/to (Charlotte dates); the last 12 weeks by default. */
  query?: { weeks?: number | undefined; from?: string | undefined; to?: string | undefined };
  now?: Date;
}

/** An answer as counted, before the read says how it is kept fresh (health-store.ts). */
export type CountedHealth = Omit<HealthAnswer, "refreshMinutes" | "refreshedBy">;
export type CountedSummary = Omit<HealthSummary, "refreshMinutes" | "refreshedBy">;

/**
 * Admin → Health (issue 38): the figures of shared/admin-health.ts over a period, overall and by week,
 * neighbourhood and service, and the supply gaps, counted from the database (two statements). The routes
 * answer them as health-store.ts keeps them.
 */
export async function marketplaceHealth(options: HealthOptions): Promise<CountedHealth> {
  const now = options.now ?? new Date();
  const today = todayInCharlotte(now);
  const { from, to } = healthPeriod(options.query ?? {}, today);
  const rows = await groupedFigures({
    db: options.db,
    from,
    to,
    now,
    parts: { requests: true, events: true, firstVisits: true, money: true, repeat: true },
  });
  const find = (dim: string, key: string | null) => rows.find((r) => r.dim === dim && r.key === key);

  const byWeek: HealthAnswer["byWeek"] = [];
  for (let index = 0, start = from; start <= to; index++, start = addDaysIso(start, 7)) {
    const end = [addDaysIso(start, 6), to].sort()[0]!;
    byWeek.push({ start, end, figures: figuresOf(find("week", String(index))) });
  }
  const byNeighbourhood = rows
    .filter((r) => r.dim === "area" && r.key !== null)
    .map((r) => ({ name: r.key!, figures: figuresOf(r) }))
    .sort((a, b) => b.figures.requests - a.figures.requests || a.name.localeCompare(b.name));
  const catalogue: readonly string[] = serviceIds;
  const byService = rows
    .filter((r) => r.dim === "service" && r.key !== null)
    .map((r) => ({ service: r.key!, name: serviceName(r.key!), figures: figuresOf(r) }))
    .sort((a, b) => catalogue.indexOf(a.service) - catalogue.indexOf(b.service));

  return {
    from,
    to,
    computedAt: now.toISOString(),
    overall: figuresOf(find("all", null)),
    byWeek,
    byNeighbourhood,
    byService,
    supplyGaps: await supplyGaps({ db: options.db, requestsByZip: requestsByZip(rows), today }),
  };
}

/**
 * The dashboard's four tiles, from the default period's answer (the same count, so the tiles and the page
 * agree): the fill within 24 hours, the median time to booked, first visits on their day, and how many ZIPs
 * are supply gaps.
 */
export function summaryOf(answer: CountedHealth): CountedSummary {
  const fill24 = answer.overall.fill.find((f) => f.hours === 24)!;
  return {
    from: answer.from,
    to: answer.to,
    computedAt: answer.computedAt,
    fill24: { due: fill24.due, filled: fill24.filled },
    medianHoursToBooked: answer.overall.medianHoursToBooked,
    firstVisits: answer.overall.firstVisits,
    firstVisitsOnDay: answer.overall.firstVisitsOnDay,
    supplyGapZips: answer.supplyGaps.length,
  };
}
