import { type SQL, sql } from "drizzle-orm";
import { FILL_WINDOWS_HOURS, REPEAT_DAYS } from "../../../shared/admin-health.js";
import { BUSINESS_TIME_ZONE } from "../../../shared/dates.js";
import { HEALTH_EVENT_PREDICATE } from "../../db/schema.js";
import { MISSED_EVENT, RELEASED_EVENT } from "../landscapers/index.js";

/*
 * The SQL of Admin → Health (issue 38), one fact row per thing counted, each with the instant it is counted
 * at, the job's ZIP and services: the service groups them by week, neighbourhood and service in one pass. Each
 * source follows its sentence in shared/admin-health.ts (healthDefinitions).
 *
 * The events are read from the job's history, as admin/booking-figures.ts reads them (a release, withdrawal or
 * miss clears the job row's booking columns; only the events still say every booking made and when).
 */

/**
 * The history rows the figures read (bookings and generated visits, withdrawals as the reliability record
 * counts them, releases, misses, cancellations, completions, problem reports): the partial index
 * job_event_health_idx's own predicate, word for word, so the planner matches it whatever plan a prepared
 * statement gets.
 */
const HEALTH_EVENTS = sql.raw(HEALTH_EVENT_PREDICATE);

/** A booking: into 'scheduled' from an approved offer ('accepted') or booked at once ('pending'). */
const IS_BOOKING = sql.raw(`(to_status = 'scheduled' and from_status in ('accepted', 'pending'))`);

export interface FactPeriod {
  /** Midnight (Charlotte) of the first day, and of the day after the last, as instants. */
  start: SQL;
  end: SQL;
  now: Date;
}

/** Which sources to read: the dashboard's tiles need only requests and first visits. */
export interface FactParts {
  requests: boolean;
  events: boolean;
  firstVisits: boolean;
  money: boolean;
  repeat: boolean;
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const hoursAgo = (now: Date, hours: number) => sql`(${at(now)} - make_interval(hours => ${hours}::int))`;
const localDate = (instant: SQL) => sql`((${instant}) at time zone ${BUSINESS_TIME_ZONE})::date`;

/** The columns every fact row has; a source leaves the ones it does not use null. */
const FACT_COLUMNS = [
  "kind",
  "at",
  "zip",
  "services",
  "hours",
  "due1",
  "hit1",
  "due2",
  "hit2",
  "due3",
  "hit3",
];
/** Typed nulls, so a union whose first source leaves a column null still sums and sorts it. */
const nulls = (from: number) =>
  sql.raw(
    FACT_COLUMNS.slice(from)
      .map((c) => `null::${c === "hours" ? "numeric" : "boolean"} as ${c}`)
      .join(", "),
  );

/**
 * Requests sent in the period (not a series' generated visit, whose history starts 'scheduled' from nothing),
 * each with its first booking: hours to booked, and whether it was due and booked within 24 and 72 hours.
 */
function requestFacts(period: FactPeriod): SQL {
  const [first, second] = FILL_WINDOWS_HOURS;
  const within = (hours: number) => sql`b.booked_at <= j.created_at + make_interval(hours => ${hours}::int)`;
  return sql`
    select 'request' as kind, j.created_at as at, j.zip_code as zip, j.selected_services as services,
      extract(epoch from b.booked_at - j.created_at) / 3600.0 as hours,
      j.created_at <= ${hoursAgo(period.now, first)} as due1, ${within(first)} as hit1,
      j.created_at <= ${hoursAgo(period.now, second)} as due2, ${within(second)} as hit2,
      ${nulls(9)}
    from job j
    left join booked b on b.job_id = j.id
    where j.created_at >= ${period.start} and j.created_at < ${period.end} and b.generated is not true`;
}

/** The period's bookings and what undid them, completed visits and problem reports, each at its event's time. */
function eventFacts(period: FactPeriod): SQL {
  return sql`
    select case
        when ${IS_BOOKING} then 'booking'
        when ev.to_status = 'pending' then 'pro_cancel'
        when ev.to_status = 'cancelled' and ev.actor_id = ev.landscaper_id then 'pro_cancel'
        when ev.to_status = '${sql.raw(RELEASED_EVENT)}' then 'release'
        when ev.to_status = '${sql.raw(MISSED_EVENT)}' then 'miss'
        when ev.to_status = 'completed' then 'completed'
        when ev.to_status = 'problem_reported' then 'dispute'
      end as kind,
      ev.created_at as at, ev.zip_code as zip, ev.selected_services as services, ${nulls(4)}
    from ev
    where ev.created_at < ${period.end}`;
}

/**
 * Requests' first visits completed in the period (visit 1 still: a redo replaced the times), and whether the
 * arrival (else the work's start, else the completion) fell on the scheduled date.
 */
function firstVisitFacts(period: FactPeriod): SQL {
  const arrival = sql`coalesce(ev.arrived_at, ev.work_started_at, ev.completed_at)`;
  return sql`
    select 'first_visit' as kind, ev.created_at as at, ev.zip_code as zip, ev.selected_services as services,
      null::numeric as hours, null::boolean as due1, ${localDate(arrival)} = ev.scheduled_date as hit1,
      ${nulls(7)}
    from ev
    where ev.to_status = 'completed' and ev.created_at < ${period.end} and ev.visit = 1
      -- Only a series' visit can be a generated one: the others need no look at their history.
      and (ev.series_id is null or not exists (select 1 from job_event g where g.job_id = ev.job_id
        and g.from_status is null and g.to_status = 'scheduled'))`;
}

/**
 * The ledger's charges (work and late-cancellation fees) and refunds posted in the period, as the processor
 * account records them: a charge adds to it, a refund takes from it (ledgerTotals' revenue, tips apart).
 */
function moneyFacts(period: FactPeriod): SQL {
  return sql`
    select 'money' as kind, t.created_at as at, j.zip_code as zip, j.selected_services as services,
      case when t.kind = 'refund' then -e.amount_cents else e.amount_cents end as hours,
      t.kind = 'refund' as due1, ${nulls(6)}
    from ledger_transaction t
    join ledger_entry e on e.transaction_id = t.id and e.account = 'processor'
    left join job j on j.id = t.job_id
    where t.created_at >= ${period.start} and t.created_at < ${period.end}
      and t.kind in ('job_charge', 'cancellation_fee', 'refund')`;
}

/**
 * Customers whose first completed visit was in the period (found from the period's completions, then their
 * earliest completed job), and for 30/60/90 days: old enough, and another visit of theirs (scheduled or
 * completed) dated within that many days after the first visit's completion date.
 */
function repeatFacts(period: FactPeriod): SQL {
  const windows = REPEAT_DAYS.map(
    (days) => sql`f.completed_at <= ${at(period.now)} - make_interval(days => ${days}::int),
      f.next_date <= ${localDate(sql`f.completed_at`)} + ${days}::int`,
  );
  return sql`
    select 'repeat' as kind, f.completed_at as at, f.zip_code as zip, f.selected_services as services,
      null::numeric as hours, ${sql.join(windows, sql`, `)}
    from (
      select f.*, (select min(n.scheduled_date) from job n
          where n.customer_id = f.customer_id and n.status in ('scheduled', 'completed') and n.id <> f.id
            and n.scheduled_date > ${localDate(sql`f.completed_at`)}) as next_date
      from (select distinct ev.customer_id from ev
        where ev.to_status = 'completed' and ev.created_at < ${period.end} and ev.customer_id is not null) c
      cross join lateral (
        select j.id, j.customer_id, j.completed_at, j.zip_code, j.selected_services from job j
        where j.customer_id = c.customer_id and j.status = 'completed'
        order by j.completed_at limit 1) f
      where f.completed_at >= ${period.start} and f.completed_at < ${period.end}
    ) f`;
}

/**
 * The facts of the asked parts as one CTE list: `ev` (the period's history rows from the partial index, and
 * later ones for bookings of the period's requests, each with its job's columns: the job table is joined once,
 * not once per source), `booked` (each job's first booking, and whether it is a
 * generated visit), then `facts`.
 */
export function healthFacts(period: FactPeriod, parts: FactParts): SQL {
  const sources = [
    parts.requests ? requestFacts(period) : null,
    parts.events ? eventFacts(period) : null,
    parts.firstVisits ? firstVisitFacts(period) : null,
    parts.money ? moneyFacts(period) : null,
    parts.repeat ? repeatFacts(period) : null,
  ].filter((source): source is SQL => source !== null);
  return sql`
    ev as materialized (
      select e.job_id, e.actor_id, e.from_status, e.to_status, e.created_at, j.zip_code, j.selected_services,
        j.landscaper_id, j.customer_id, j.visit, j.series_id, j.scheduled_date, j.arrived_at, j.work_started_at,
        j.completed_at
      from job_event e
      join job j on j.id = e.job_id
      where e.created_at >= ${period.start} and ${HEALTH_EVENTS}
    ),
    booked as (
      select job_id, min(created_at) filter (where from_status in ('accepted', 'pending')) as booked_at,
        bool_or(from_status is null) as generated
      from ev where to_status = 'scheduled' group by job_id
    ),
    facts as (${sql.join(sources, sql` union all `)})`;
}

/** The counts each group answers, over rows with the facts' columns, each standing for `n` facts. */
export const FIGURE_COLUMNS = sql.raw(`
  coalesce(sum(n) filter (where kind = 'request'), 0) as requests,
  coalesce(sum(n) filter (where kind = 'request' and due1), 0) as due24,
  coalesce(sum(n) filter (where kind = 'request' and due1 and hit1), 0) as filled24,
  coalesce(sum(n) filter (where kind = 'request' and due2), 0) as due72,
  coalesce(sum(n) filter (where kind = 'request' and due2 and hit2), 0) as filled72,
  coalesce(sum(n) filter (where kind = 'request' and hours is not null), 0) as booked,
  percentile_cont(0.5) within group (order by hours) filter (where kind = 'request') as median_hours,
  percentile_cont(0.9) within group (order by hours) filter (where kind = 'request') as p90_hours,
  coalesce(sum(n) filter (where kind = 'first_visit'), 0) as first_visits,
  coalesce(sum(n) filter (where kind = 'first_visit' and hit1), 0) as first_on_day,
  coalesce(sum(n) filter (where kind = 'booking'), 0) as bookings,
  coalesce(sum(n) filter (where kind = 'pro_cancel'), 0) as pro_cancellations,
  coalesce(sum(n) filter (where kind = 'release'), 0) as releases,
  coalesce(sum(n) filter (where kind = 'miss'), 0) as misses,
  coalesce(sum(n) filter (where kind = 'completed'), 0) as completed,
  coalesce(sum(n) filter (where kind = 'dispute'), 0) as disputes,
  coalesce(sum(hours * n) filter (where kind = 'money' and not due1), 0) as charged,
  coalesce(sum(hours * n) filter (where kind = 'money' and due1), 0) as refunded,
  coalesce(sum(n) filter (where kind = 'repeat' and due1), 0) as repeat_due1,
  coalesce(sum(n) filter (where kind = 'repeat' and due1 and hit1), 0) as repeat_hit1,
  coalesce(sum(n) filter (where kind = 'repeat' and due2), 0) as repeat_due2,
  coalesce(sum(n) filter (where kind = 'repeat' and due2 and hit2), 0) as repeat_hit2,
  coalesce(sum(n) filter (where kind = 'repeat' and due3), 0) as repeat_due3,
  coalesce(sum(n) filter (where kind = 'repeat' and due3 and hit3), 0) as repeat_hit3`);
