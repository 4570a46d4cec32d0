import { job, jobEvent } from "../../src/server/db/schema.js";
import { firmPriceColumns, firmPriceOf, rateCardOn } from "../../src/server/features/pricing/rate-cards.js";
import { tokenHashOf } from "../../src/server/lib/secret-token.js";
import { addDaysIso, todayInCharlotte } from "../../src/shared/dates.js";
import { QUOTE_ZIP } from "./alert-scale.js";
import type { DirectDb } from "./direct-db.js";

/*
 * Issue 35's data for the bench: every bulk landscaper's availability, one in INSTANT_SHARE of them bookable at
 * once for mowing and edging every day, and one firm-priced request in QUOTE_ZIP for the "available pros"
 * read. The request has a fixed id and secret, so the scenario can name it before the seed runs and
 * `bench:hot --reuse` finds it in a kept database.
 */

/** One bulk landscaper in this many books at once (the others saved weekdays and nothing instant). */
export const INSTANT_SHARE = 4;
export const INSTANT_SERVICES = ["lawn-mowing", "edging-trimming"];
/** What the seeded requests ask: mowing, which every instant pro offers at once. */
export const REQUEST_SERVICES = ["lawn-mowing"] as const;

export const PROS_REQUEST_ID = "00000000-0000-4035-8000-000000000035";
export const PROS_REQUEST_TOKEN = "bench-available-pros-request-secret";

/**
 * Availability rows for the bulk landscapers (bl<n>): instant every day for n % INSTANT_SHARE = 1, with 4 to 8
 * visits a day, a day's notice and their own price −10 … +10 %; weekdays and nothing instant for the rest.
 * Then the request the available-pros scenario reads: a visitor's one-time mow in QUOTE_ZIP, wanted in
 * 3 days, priced on the card in force. Answers how many approved instant pros cover QUOTE_ZIP.
 */
export async function seedInstantBooking(
  direct: DirectDb,
): Promise<{ instantPros: number; covering: number }> {
  await direct.exec(`
    insert into landscaper_availability (landscaper_id, weekdays, visits_per_day, notice_hours, instant_services,
      price_adjust_percent)
    select user_id,
           case when instant then '{0,1,2,3,4,5,6}'::smallint[] else '{1,2,3,4,5}'::smallint[] end,
           4 + n % 5, 24,
           case when instant then array['${INSTANT_SERVICES.join("','")}']::text[] else '{}'::text[] end,
           case when instant then n % 21 - 10 else 0 end
      from (select user_id, n, n % ${INSTANT_SHARE} = 1 as instant
              from (select user_id, substr(user_id, 3)::int as n from landscaper where user_id like 'bl%') l) a
    on conflict (landscaper_id) do nothing;
    analyze landscaper_availability;`);

  const today = todayInCharlotte();
  const answers = {
    services: REQUEST_SERVICES,
    sizeTier: "m",
    frequency: "one_time" as const,
    grassHeight: "normal",
  };
  const price = firmPriceOf(answers, await rateCardOn(direct.db, today), today)!;
  await direct.db
    .insert(job)
    .values({
      id: PROS_REQUEST_ID,
      customerName: "Bench Booker",
      customerEmail: "bench.booker@guests.bench.test",
      customerPhone: "(704) 555-0135",
      address: `1400 East Blvd, Charlotte, NC ${QUOTE_ZIP}`,
      zipCode: QUOTE_ZIP,
      selectedServices: [...REQUEST_SERVICES],
      serviceType: REQUEST_SERVICES.join(", "),
      preferredDate: addDaysIso(today, 3),
      estimateLowCents: price.perVisitCents,
      estimateHighCents: price.perVisitCents,
      sizeTier: answers.sizeTier,
      grassHeight: answers.grassHeight,
      ...firmPriceColumns(price),
      bookingTokenHash: tokenHashOf(PROS_REQUEST_TOKEN),
    })
    .onConflictDoNothing();
  await direct.db
    .insert(jobEvent)
    .values({ jobId: PROS_REQUEST_ID, actorId: null, fromStatus: null, toStatus: "pending" });

  const [counts] = await direct.query<{ instant: number; covering: number }>(
    `select count(*)::int as instant,
            (count(*) filter (where l.status = 'approved' and $1 = any(l.covered_zip_codes)))::int as covering
       from landscaper_availability a join landscaper l on l.user_id = a.landscaper_id
      where a.instant_services @> $2::text[]`,
    [QUOTE_ZIP, [...REQUEST_SERVICES]],
  );
  return { instantPros: counts?.instant ?? 0, covering: counts?.covering ?? 0 };
}
