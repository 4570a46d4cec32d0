import { hashPassword } from "better-auth/crypto";
import {
  account as accountTable,
  landscaper as landscaperTable,
  user as userTable,
} from "../../src/server/db/schema.js";
import { firstNames, lastNames } from "../../src/server/db/seed.js";
import { coveredZipCodes } from "../../src/server/features/landscapers/coverage.js";
import { services } from "../../src/shared/services.js";
import type { DirectDb } from "./direct-db.js";
import { seedInstantBooking } from "./instant-seed.js";

/** Charlotte and its suburbs on both sides of the state line: where the synthetic customers live. */
export const charlotteZips = [
  "28202",
  "28203",
  "28204",
  "28205",
  "28206",
  "28207",
  "28208",
  "28209",
  "28210",
  "28211",
  "28212",
  "28213",
  "28214",
  "28215",
  "28216",
  "28217",
  "28226",
  "28227",
  "28262",
  "28269",
  "28270",
  "28273",
  "28277",
  "28278",
  "28078",
  "28105",
  "28031",
  "28036",
  "28173",
  "28134",
  "28079",
  "28104",
  "28027",
  "28075",
  "28120",
  "28012",
  "29707",
  "29708",
  "29715",
  "29732",
];

/** The substring the admin search looks for: one customer in a thousand carries it, so ~0.1% of jobs. */
export const SEARCH_TERM = "zellweger";
export const BULK_PASSWORD = "bench-password-1";
const SPAN_DAYS = 730;

const streets = [
  "East Blvd",
  "Queens Rd",
  "Park Rd",
  "Central Ave",
  "Randolph Rd",
  "Trade St",
  "Gilead Rd",
  "Carmel Rd",
  "Fairview Rd",
  "Providence Rd",
];

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
const sqlArray = (values: readonly string[]) => `array[${values.map(sqlText).join(",")}]::text[]`;

export interface SignedInUsers {
  customerId: string;
  customerEmail: string;
  landscaperId: string;
}

export interface SeedFigures {
  jobs: number;
  customers: number;
  landscapers: number;
  notifications: number;
  jobEvents: number;
  /** Issue 35: landscapers bookable at once, and those of them approved and covering the quote's ZIP. */
  instantPros: number;
  instantInQuoteZip: number;
  seconds: number;
}

/** Indexes the bulk load drops and rebuilds (constraint indexes stay: they guard the data). */
async function dropIndexes(direct: DirectDb, tables: string[]) {
  const rows = await direct.query<{ name: string; def: string }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
      where t.relnamespace = 'public'::regnamespace and t.relname = any($1::text[])
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [tables],
  );
  for (const row of rows) await direct.exec(`drop index "${row.name}"`);
  return rows.map((r) => r.def);
}

/**
 * Synthetic Charlotte-area data at `jobs` scale: jobs/10 customers and jobs/100 landscapers (1M jobs: 100k
 * customers, 10k landscapers), statuses by age as the demo seed has them, two years of dates, the events
 * and notifications those jobs imply. Everything is INSERT … SELECT generate_series (landscapers, whose
 * coverage is computed in TypeScript, go in multi-row inserts); secondary indexes are dropped first and
 * rebuilt after, as a bulk load does. The signed-in users (made through the API) take over the first
 * customer's and the first landscaper's place.
 */
export async function seedBulk(
  direct: DirectDb,
  jobs: number,
  signedIn: SignedInUsers,
  log: (m: string) => void,
): Promise<SeedFigures> {
  const started = performance.now();
  const customers = Math.max(100, Math.round(jobs / 10));
  const landscapers = Math.max(20, Math.round(jobs / 100));
  const known = new Set(
    (
      await direct.query<{ zip: string }>("select zip from zip_code where zip = any($1::text[])", [
        charlotteZips,
      ])
    ).map((r) => r.zip),
  );
  const zips = charlotteZips.filter((z) => known.has(z));
  const hash = await hashPassword(BULK_PASSWORD);

  await direct.exec("set synchronous_commit = off; set maintenance_work_mem = '256MB'; select setseed(0.42)");
  const tables = [
    "user",
    "account",
    "customer",
    "landscaper",
    "job",
    "job_event",
    "notification",
    "job_alert",
  ];
  const indexDefs = await dropIndexes(direct, tables);

  // Customers: user + credential account + profile.
  const first = sqlArray(firstNames);
  const last = sqlArray(lastNames);
  const zipArray = sqlArray(zips);
  await direct.exec(`
    insert into "user" (id, name, email, email_verified, role, phone_number, created_at, updated_at)
    select 'bc' || g,
           (${first})[1 + g % ${firstNames.length}] || ' ' ||
             case when g % 1000 = 0 then 'Zellweger' else (${last})[1 + (g / ${firstNames.length}) % ${lastNames.length}] end,
           lower((${first})[1 + g % ${firstNames.length}] || '.' ||
             case when g % 1000 = 0 then 'zellweger' else (${last})[1 + (g / ${firstNames.length}) % ${lastNames.length}] end ||
             '.' || g || '@customers.bench.test'),
           true, 'customer', '(704) 555-' || lpad((g % 10000)::text, 4, '0'),
           now() - (30 + (g * 7) % 900) * interval '1 day', now() - (30 + (g * 7) % 900) * interval '1 day'
      from generate_series(1, ${customers}) g;
    insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select 'bac' || g, 'bc' || g, 'credential', 'bc' || g, ${sqlText(hash)}, now(), now()
      from generate_series(1, ${customers}) g;
    insert into customer (user_id, full_name, street_address, city, state, zip_code, phone_number, property_type)
    select u.id, u.name, (100 + (g * 37) % 4900) || ' ' || (${sqlArray(streets)})[1 + g % ${streets.length}],
           'Charlotte', 'NC', (${zipArray})[1 + g % ${zips.length}], u.phone_number,
           (case when g % 5 = 4 then 'commercial' else 'residential' end)::property_type
      from generate_series(1, ${customers}) g join "user" u on u.id = 'bc' || g;
  `);
  log(`customers: ${customers}`);

  // Landscapers: one coverage per (ZIP, radius) from the app's own function, unions for several ZIPs.
  const radii = [5, 10, 15, 25];
  const coverage = new Map<string, string[]>();
  for (const zip of zips)
    for (const r of radii) coverage.set(`${zip}:${r}`, await coveredZipCodes(direct.db, [zip], r));
  const landscaperRows: (typeof landscaperTable.$inferInsert)[] = [];
  const userRows: (typeof userTable.$inferInsert)[] = [];
  const accountRows: (typeof accountTable.$inferInsert)[] = [];
  const coveringByZip = new Map<string, string[]>(zips.map((z) => [z, []]));
  for (let i = 1; i <= landscapers; i++) {
    const id = `bl${i}`;
    const status = i === 1 || i % 20 < 16 ? "approved" : i % 20 < 19 ? "pending" : "denied";
    const own = [0, 1, 2, 3].slice(0, 1 + (i % 4)).map((k) => zips[(i * 7 + k * 3) % zips.length]!);
    const radius = i === 1 ? 15 : radii[i % radii.length]!;
    const covered = [...new Set(own.flatMap((z) => coverage.get(`${z}:${radius}`) ?? [z]))].sort();
    const name = `${firstNames[(i * 3) % firstNames.length]} ${lastNames[(i * 5) % lastNames.length]}`;
    const created = new Date(Date.now() - (60 + (i % 700)) * 86_400_000);
    userRows.push({
      id,
      name,
      email: `landscaper.${i}@landscapers.bench.test`,
      emailVerified: true,
      role: "landscaper",
      createdAt: created,
      updatedAt: created,
    });
    accountRows.push({ id: `bal${i}`, accountId: id, providerId: "credential", userId: id, password: hash });
    landscaperRows.push({
      userId: id,
      fullName: name,
      businessName: i % 3 === 0 ? null : `${lastNames[i % lastNames.length]} Lawn & Garden ${i}`,
      phoneNumber: `(980) 555-${String(i % 10000).padStart(4, "0")}`,
      streetAddress: `${100 + (i % 900)} Tryon St`,
      city: "Charlotte",
      state: "NC",
      zipCode: own[0]!,
      serviceZipCodes: own,
      travelRadius: radius,
      coveredZipCodes: covered,
      status,
      backgroundCheckConsentAt: created,
      termsConsentAt: created,
      documentsSubmittedAt: created,
      reviewedAt: status === "pending" ? null : created,
      createdAt: created,
      updatedAt: created,
    });
    if (status === "approved") for (const z of covered) coveringByZip.get(z)?.push(id);
  }
  for (let i = 0; i < landscapers; i += 1000) {
    await direct.db.insert(userTable).values(userRows.slice(i, i + 1000));
    await direct.db.insert(accountTable).values(accountRows.slice(i, i + 1000));
    await direct.db.insert(landscaperTable).values(landscaperRows.slice(i, i + 1000));
  }
  log(`landscapers: ${landscapers}`);

  // Lookup tables for the job generator, dropped at the end.
  await direct.exec(`
    drop table if exists bench_cover; drop table if exists bench_combo;
    create table bench_cover (zip text primary key, ids text[] not null);
    create table bench_combo (idx int primary key, services text[] not null, low int not null, high int not null);
  `);
  for (const [zip, ids] of coveringByZip) {
    await direct.query("insert into bench_cover values ($1, $2::text[])", [zip, ids.length ? ids : ["bl1"]]);
  }
  for (let c = 0; c < 12; c++) {
    const chosen = [
      services[c % services.length]!,
      ...(c >= 7 ? [services[(c * 3) % services.length]!] : []),
    ];
    const unique = [...new Map(chosen.map((s) => [s.id, s])).values()];
    await direct.query("insert into bench_combo values ($1, $2::text[], $3, $4)", [
      c,
      unique.map((s) => s.id),
      unique.reduce((n, s) => n + s.lowCents, 0),
      unique.reduce((n, s) => n + s.highCents, 0),
    ]);
  }

  // Jobs, oldest first so their numbers follow time, with statuses by age like the demo seed. The OFFSET 0
  // fences keep each derived column computed once per row: flattened, every use of status re-ran its CASE.
  await direct.exec(`
    insert into job (customer_id, customer_name, customer_email, customer_phone, address, zip_code, selected_services,
      service_type, preferred_date, additional_notes, status, landscaper_id, estimate_low_cents, estimate_high_cents,
      quoted_price_cents, scheduled_date, final_price_cents, tip_cents, rating, rating_comment, cancel_reason,
      accepted_at, scheduled_at, completed_at, cancelled_at, rated_at, created_at, updated_at)
    select case when anon then null else u.id end,
           case when anon then 'Visitor ' || (${last})[1 + g % ${lastNames.length}] else u.name end,
           case when anon then 'visitor' || g || '@guests.bench.test' else u.email end,
           coalesce(cu.phone_number, '(704) 555-0199'),
           coalesce(cu.street_address, (100 + g % 4900) || ' Park Rd') || ', Charlotte, NC ' || s.zip,
           s.zip, c.services, array_to_string(c.services, ', '), (s.created + (3 + g % 12) * interval '1 day')::date,
           case when g % 5 = 0 then 'Gate code is 4512.' end,
           s.status::job_status, case when assigned then lc.ids[1 + g % cardinality(lc.ids)] end,
           c.low, c.high,
           case when assigned then (round((c.low + (c.high - c.low) * roll2) / 500) * 500)::int end,
           case when assigned then (s.created + (3 + g % 12) * interval '1 day')::date end,
           case when s.status = 'completed' then (round((c.low + (c.high - c.low) * roll2) / 500) * 500)::int end,
           case when s.status = 'completed' and roll < 0.6 then (500 + (g % 8) * 500) else 0 end,
           case when s.status = 'completed' and roll2 < 0.8 then 3 + g % 3 end,
           case when s.status = 'completed' and roll2 < 0.3 then 'Great work, very tidy.' end,
           case when s.status = 'cancelled' then 'Plans changed.' end,
           case when assigned then s.created + (2 + g % 28) * interval '1 hour' end,
           case when s.status in ('scheduled', 'completed') then s.created + (8 + g % 28) * interval '1 hour' end,
           case when s.status = 'completed' then least(s.created + (4 + g % 12) * interval '1 day', now() - interval '1 day') end,
           case when s.status = 'cancelled' then s.created + interval '1 day' end,
           case when s.status = 'completed' and roll2 < 0.8 then least(s.created + (5 + g % 12) * interval '1 day', now()) end,
           s.created, s.created
      from (
        select b.*, b.status in ('accepted', 'scheduled', 'completed') or (b.status = 'cancelled' and b.roll2 < 0.5) as assigned
          from (
            select g, cust, anon, created, roll, roll2, combo, zip,
                   case when age < 7 then case when roll < .55 then 'pending' when roll < .8 then 'accepted' else 'scheduled' end
                        when age < 20 then case when roll < .2 then 'pending' when roll < .35 then 'accepted'
                                                when roll < .6 then 'scheduled' when roll < .9 then 'completed' else 'cancelled' end
                        else case when roll < .08 then 'pending' when roll < .85 then 'completed' else 'cancelled' end end as status
              from (
                select g, cust, g % 20 = 7 as anon,
                       now() - age * interval '1 day' as created, age,
                       ((g::bigint * 2654435761) % 1000) / 1000.0 as roll,
                       ((g::bigint * 40503) % 1000) / 1000.0 as roll2,
                       g % 12 as combo,
                       (${zipArray})[1 + cust % ${zips.length}] as zip
                  from (select g, (1 + (g::bigint * 7919) % ${customers})::int as cust,
                               (${jobs} - g)::float8 / ${jobs} * ${SPAN_DAYS} + (g % 60) / 1440.0 as age
                          from generate_series(1, ${jobs}) g offset 0) raw
                offset 0
              ) rolled
            offset 0
          ) b
        offset 0
      ) s
      join bench_combo c on c.idx = s.combo
      join bench_cover lc on lc.zip = s.zip
      left join "user" u on u.id = 'bc' || s.cust
      left join customer cu on cu.user_id = u.id
     order by g;
  `);
  log(`jobs: ${jobs}`);

  await direct.exec(`
    insert into job_event (job_id, actor_id, from_status, to_status, created_at)
    select id, customer_id, null, 'pending', created_at from job;
    insert into job_event (job_id, actor_id, from_status, to_status, created_at)
    select id, landscaper_id, 'pending', 'accepted', accepted_at from job where accepted_at is not null;
    -- The customer's approval that booked each scheduled or completed job (Admin → Health reads bookings).
    insert into job_event (job_id, actor_id, from_status, to_status, created_at)
    select id, customer_id, 'accepted', 'scheduled', scheduled_at from job where scheduled_at is not null;
    insert into job_event (job_id, actor_id, from_status, to_status, created_at)
    select id, landscaper_id, 'scheduled', 'completed', completed_at from job where status = 'completed';
    insert into job_event (job_id, actor_id, from_status, to_status, created_at)
    select id, customer_id, case when landscaper_id is null then 'pending' else 'accepted' end::job_status, 'cancelled', cancelled_at
      from job where status = 'cancelled';
    insert into notification (user_id, type, message, link, read, created_at)
    select landscaper_id, (case when status = 'completed' then 'payment' else 'job' end)::notification_type,
           'JOB-' || number || case when status = 'completed' then ' completed.' else ' accepted: waiting for the customer.' end,
           '/landscaper-dashboard', coalesce(accepted_at, created_at) < now() - interval '14 days', coalesce(accepted_at, created_at)
      from job where landscaper_id is not null;
    insert into notification (user_id, type, message, link, read, created_at)
    select customer_id, 'job', 'JOB-' || number || ' is complete. Rate your service and leave a tip if you wish.',
           '/dashboard/customer', completed_at < now() - interval '14 days', completed_at
      from job where customer_id is not null and status = 'completed';
  `);
  log("events and notifications");

  // The signed-in users take the first customer's and the first landscaper's place.
  await direct.query(`update job set customer_id = $1, customer_email = $2 where customer_id = 'bc1'`, [
    signedIn.customerId,
    signedIn.customerEmail,
  ]);
  await direct.query(`update notification set user_id = $1 where user_id = 'bc1'`, [signedIn.customerId]);
  await direct.query(
    `insert into customer (user_id, full_name, street_address, city, state, zip_code, phone_number, property_type)
     select $1, full_name, street_address, city, state, zip_code, phone_number, property_type from customer where user_id = 'bc1'
     on conflict (user_id) do nothing`,
    [signedIn.customerId],
  );
  await direct.query(
    `insert into landscaper (user_id, full_name, business_name, phone_number, street_address, city, state, zip_code,
       service_zip_codes, travel_radius, covered_zip_codes, status, background_check_consent_at, terms_consent_at,
       documents_submitted_at, reviewed_at)
     select $1, full_name, business_name, phone_number, street_address, city, state, zip_code, service_zip_codes,
            travel_radius, covered_zip_codes, status, background_check_consent_at, terms_consent_at,
            documents_submitted_at, reviewed_at from landscaper where user_id = 'bl1'
     on conflict (user_id) do update set status = excluded.status, service_zip_codes = excluded.service_zip_codes,
       travel_radius = excluded.travel_radius, covered_zip_codes = excluded.covered_zip_codes`,
    [signedIn.landscaperId],
  );
  await direct.query(`update job set landscaper_id = $1 where landscaper_id = 'bl1'`, [
    signedIn.landscaperId,
  ]);
  await direct.query(`update notification set user_id = $1 where user_id = 'bl1'`, [signedIn.landscaperId]);
  await direct.query(`update landscaper set status = 'denied' where user_id = 'bl1'`);
  // New-job alerts, one per job of the last 90 days as submitQuote raises them (decision record 013); the
  // signed-in landscaper read everything up to a week ago, so the last week's in their ZIPs are unread.
  await direct.exec(
    `insert into job_alert (job_id, zip_code, message, link, created_at)
     select j.id, j.zip_code, 'New job request in ' || j.zip_code || ': ' || j.service_type || '.',
            '/landscaper-dashboard', j.created_at
       from job j where j.created_at > now() - interval '90 days'`,
  );
  await direct.query(
    `insert into job_alert_state (user_id, read_before) values ($1, now() - interval '7 days')`,
    [signedIn.landscaperId],
  );
  await direct.exec("drop table bench_cover; drop table bench_combo;");
  const instant = await seedInstantBooking(direct);
  log(`instant booking: ${instant.instantPros} pros, ${instant.covering} approved in the quote's ZIP`);

  log(`rebuilding ${indexDefs.length} indexes`);
  for (const def of indexDefs) await direct.exec(def);
  await direct.exec("vacuum analyze");
  const [counts] = await direct.query<{ notifications: number; events: number }>(
    "select (select count(*) from notification)::int as notifications, (select count(*) from job_event)::int as events",
  );
  return {
    jobs,
    customers,
    landscapers,
    notifications: Number(counts?.notifications ?? 0),
    jobEvents: Number(counts?.events ?? 0),
    instantPros: instant.instantPros,
    instantInQuoteZip: instant.covering,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
