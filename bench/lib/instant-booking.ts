import { randomUUID } from "node:crypto";
import type { Env } from "../../src/server/config/env.js";
import { bookRequest } from "../../src/server/features/booking/book.js";
import { paymentProviderFor } from "../../src/server/features/payments/providers/select.js";
import { availabilityLimits, BOOKING_HORIZON_DAYS } from "../../src/shared/booking.js";
import { addDaysIso, todayInCharlotte } from "../../src/shared/dates.js";
import { QUOTE_ZIP } from "./alert-scale.js";
import { seedTestCards } from "./captures.js";
import type { DirectDb } from "./direct-db.js";
import { PROS_REQUEST_ID, REQUEST_SERVICES } from "./instant-seed.js";
import type { LoadFigures } from "./load.js";
import {
  bulkCustomers,
  ceiling,
  customerPrincipal,
  expectOk,
  type Item,
  type Load,
  overHttp,
} from "./one-job-each.js";
import type { EndpointResult } from "./report.js";
import { startServer } from "./server.js";
import { openDirect, type Target } from "./target.js";

/**
 * Issue 35's booking POST under load (`POST /api/quotes/:id/book`), each request booking a different pending
 * firm-priced request (a copy of the available-pros request in QUOTE_ZIP, its customer's own, who has a saved
 * test card) with an instant pro covering that ZIP on a day they still have room: the route's capacity check
 * runs under the pro's row lock, as every booking's does. The days go earliest first from 2 days ahead (after
 * every pro's day of notice), round robin over the pros, so bookings side by side are of different pros and a
 * visit 6 days away or fewer holds the price on the card, as a close visit does. For this step the pros take
 * the most visits a day the form allows (20), so a small seed has days enough.
 *
 * Measured as the slow actions are: seeded with no server running; the ceiling replays the SQL bookRequest
 * sent for a template request with its job, pro and day swapped for each next one's (the payment and intent
 * its hold created swapped for new ones); then `connections` clients each take the next request. Afterwards
 * the database is read: bookings answered 200, requests booked at once, holds placed, and any pro's day with
 * more visits than they take (there must be none).
 */

/** Requests seeded per second of the window (warm-up included), for HTTP and as many for the ceiling. */
const BOOKINGS_PER_SECOND = 200;
/** Bulk customers of this step, apart from the captures' and the slow actions' (bc2…bc60). */
const BOOK_CUSTOMERS = 70;
const CEILING_CUSTOMER = "bc99";
const FIRST_DAY = 2;

interface Booking extends Item {
  landscaperId: string;
  date: string;
}

export interface InstantBookingResult {
  endpoint: EndpointResult;
  /** Instant pros covering QUOTE_ZIP, whom the bookings went to. */
  pros: number;
  seeded: number;
  /** Bookings answered 200 (warm-up included); requests then booked at once; holds placed among them. */
  answered: number;
  booked: number;
  held: number;
  /** Pro days holding more accepted or scheduled visits than the pro takes: the capacity check failing. */
  overfilled: number;
  /** The clients ran out of seeded requests (or the pros of free days) before the window closed. */
  exhausted: boolean;
}

/**
 * `count` (pro, day) slots still free, earliest day first and round robin over the pros within a day; each
 * slot's `turn` numbers its pass over the pros (a day has one pass per visit a pro takes).
 */
async function freeSlots(direct: DirectDb, pros: string[], count: number) {
  const today = todayInCharlotte();
  const days = Array.from({ length: BOOKING_HORIZON_DAYS }, (_, i) => addDaysIso(today, FIRST_DAY + i));
  const taken = await direct.query<{ id: string; day: string; n: number }>(
    `select landscaper_id as id, to_char(scheduled_date, 'YYYY-MM-DD') as day, count(*)::int as n from job
      where landscaper_id = any($1::text[]) and status in ('accepted', 'scheduled')
        and scheduled_date between $2::date and $3::date
      group by 1, 2`,
    [pros, days[0], days.at(-1)],
  );
  const used = new Map(taken.map((t) => [`${t.id} ${t.day}`, t.n]));
  const perDay = availabilityLimits.maxVisitsPerDay;
  const slots: { landscaperId: string; date: string; turn: number }[] = [];
  for (const [day, date] of days.entries())
    for (let round = 0; round < perDay; round++)
      for (const landscaperId of pros) {
        if (slots.length >= count) return slots;
        const key = `${landscaperId} ${date}`;
        if ((used.get(key) ?? 0) >= perDay) continue;
        used.set(key, (used.get(key) ?? 0) + 1);
        slots.push({ landscaperId, date, turn: day * perDay + round });
      }
  return slots;
}

/** Pending firm-priced requests, copies of the available-pros request, one per slot, for `customers` in turn. */
async function seedRequests(
  direct: DirectDb,
  slots: { landscaperId: string; date: string }[],
  customers: string[],
): Promise<Booking[]> {
  const bookings = slots.map(
    ({ landscaperId, date }, i): Booking => ({
      landscaperId,
      date,
      jobId: randomUUID(),
      customerId: customers[i % customers.length]!,
    }),
  );
  await direct.query(
    `insert into job (id, customer_id, customer_name, customer_email, customer_phone, address, zip_code,
       selected_services, service_type, preferred_date, estimate_low_cents, estimate_high_cents, size_tier,
       grass_height, rate_card_version, firm_price_cents, first_visit_surcharge_cents, price_lines,
       price_held_until, created_at, updated_at)
     select b.id, u.id, u.name, u.email, t.customer_phone, t.address, t.zip_code, t.selected_services,
            t.service_type, b.day, t.estimate_low_cents, t.estimate_high_cents, t.size_tier, t.grass_height,
            t.rate_card_version, t.firm_price_cents, t.first_visit_surcharge_cents, t.price_lines,
            t.price_held_until, now() - interval '10 minutes', now() - interval '10 minutes'
       from unnest($1::uuid[], $2::text[], $3::date[]) as b(id, customer_id, day)
       join "user" u on u.id = b.customer_id
       cross join job t where t.id = $4`,
    [
      bookings.map((b) => b.jobId),
      bookings.map((b) => b.customerId),
      bookings.map((b) => b.date),
      PROS_REQUEST_ID,
    ],
  );
  await direct.query(
    `insert into job_event (job_id, actor_id, from_status, to_status, created_at)
     select id, customer_id, null, 'pending', created_at from job where id = any($1::uuid[])`,
    [bookings.map((b) => b.jobId)],
  );
  return bookings;
}

/**
 * The whole step, with no server running when it starts: seeds the requests, measures the ceiling, starts
 * the server and measures over HTTP, stops it and checks what the bookings did.
 */
export async function instantBookingStep(
  target: Target,
  env: Env,
  load: Load,
  bareRps: number,
  log: (message: string) => void,
): Promise<InstantBookingResult> {
  const wanted = Math.ceil((load.warmupSeconds + load.seconds) * BOOKINGS_PER_SECOND);
  const customerIds = bulkCustomers(BOOK_CUSTOMERS, Math.min(load.connections, 10));
  let direct = await openDirect(target);
  let pros: string[];
  let bookings: Booking[];
  let customers: { id: string; email: string; name: string }[];
  let forCeiling: Booking[];
  let ceilingFigures: LoadFigures;
  try {
    pros = (
      await direct.query<{ id: string }>(
        `select l.user_id as id from landscaper l
           join landscaper_availability a on a.landscaper_id = l.user_id
           join "user" u on u.id = l.user_id
          where l.status = 'approved' and l.paused_at is null and not coalesce(u.banned, false)
            and $1 = any(l.covered_zip_codes) and a.instant_services @> $2::text[]
          order by l.user_id`,
        [QUOTE_ZIP, [...REQUEST_SERVICES]],
      )
    ).map((r) => r.id);
    if (pros.length === 0)
      throw new Error(`No instant pro covers ${QUOTE_ZIP}: the seed gave none availability.`);
    await direct.query(
      "update landscaper_availability set visits_per_day = $2 where landscaper_id = any($1::text[])",
      [pros, availabilityLimits.maxVisitsPerDay],
    );
    customers = await direct.query(`select id, email, name from "user" where id = any($1::text[])`, [
      [...customerIds, CEILING_CUSTOMER],
    ]);
    await seedTestCards(direct, [...customerIds, CEILING_CUSTOMER]);
    // Alternate passes over the pros to the clients and the ceiling: both book the same spread of days, and
    // each's next requests are of different pros (so side-by-side bookings rarely wait on one pro's lock).
    const slots = await freeSlots(direct, pros, 2 * wanted);
    bookings = await seedRequests(
      direct,
      slots.filter((slot) => slot.turn % 2 === 0),
      customerIds,
    );
    forCeiling = await seedRequests(
      direct,
      slots.filter((slot) => slot.turn % 2 === 1),
      [CEILING_CUSTOMER],
    );
    await direct.exec("analyze job");
    log(
      `  seeded ${bookings.length} requests to book (and ${forCeiling.length} for the ceiling) with ${pros.length} instant pros in ${QUOTE_ZIP}`,
    );
    const principal = customerPrincipal(customers.find((c) => c.id === CEILING_CUSTOMER)!);
    ceilingFigures = await ceiling(
      direct,
      forCeiling,
      load,
      "book a pro",
      (db, item) =>
        bookRequest({
          db,
          env,
          provider: paymentProviderFor(env, db),
          principal,
          jobId: item.jobId,
          landscaperId: item.landscaperId,
          date: item.date,
        }),
      async (template) =>
        (
          await direct.query<{ id: string; intent: string | null }>(
            "select id, provider_payment_id as intent from payment where job_id = $1",
            [template.jobId],
          )
        ).flatMap((p) => [p.id, ...(p.intent ? [p.intent] : [])]),
      {
        swapsOf: (template, item) => [
          [template.landscaperId, item.landscaperId],
          [template.date, item.date],
        ],
      },
    );
    log(`  direct book a pro: ${ceilingFigures.rps} req/s, p95 ${ceilingFigures.p95} ms`);
  } finally {
    await direct.close();
  }

  const server = await startServer(target);
  let http: { http: LoadFigures; answered: number };
  try {
    http = await overHttp(server.baseURL, bookings, customers, load, "book a pro", async (item, session) => {
      const response = await fetch(`${server.baseURL}/api/quotes/${item.jobId}/book`, {
        method: "POST",
        headers: { cookie: session.cookie, "content-type": "application/json" },
        body: JSON.stringify({ landscaperId: item.landscaperId, date: item.date }),
      });
      await expectOk(response, "book");
    });
    log(`  book a pro: ${http.http.rps} req/s, p95 ${http.http.p95} ms`);
  } finally {
    await server.stop();
  }

  direct = await openDirect(target);
  let check: { booked: number; held: number; overfilled: number };
  try {
    const [row] = await direct.query<{ booked: number; held: number; overfilled: number }>(
      `select
         (select count(*)::int from job where id = any($1::uuid[]) and status = 'scheduled'
            and booked_instantly_at is not null) as booked,
         (select count(*)::int from payment where job_id = any($1::uuid[]) and status = 'held') as held,
         (select count(*)::int from (
            select j.landscaper_id, j.scheduled_date from job j
              join landscaper_availability a on a.landscaper_id = j.landscaper_id
             where j.landscaper_id = any($2::text[]) and j.status in ('accepted', 'scheduled')
               and j.scheduled_date >= $3::date
             group by j.landscaper_id, j.scheduled_date, a.visits_per_day
            having count(*) > a.visits_per_day) d) as overfilled`,
      [bookings.map((b) => b.jobId), pros, addDaysIso(todayInCharlotte(), FIRST_DAY)],
    );
    check = row ?? { booked: 0, held: 0, overfilled: 0 };
  } finally {
    await direct.close();
  }
  return {
    endpoint: {
      key: "instant-book",
      label: "Book a pro at once (POST, capacity check under the pro's lock, hold when ≤ 6 days)",
      http: http.http,
      direct: ceilingFigures,
      ratioToDirect:
        ceilingFigures.rps > 0 ? Math.round((http.http.rps / ceilingFigures.rps) * 100) / 100 : 0,
      ratioToBare: Math.round((http.http.rps / bareRps) * 1000) / 1000,
    },
    pros: pros.length,
    seeded: bookings.length,
    answered: http.answered,
    ...check,
    exhausted: http.answered >= bookings.length,
  };
}
