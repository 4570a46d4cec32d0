import type { DirectDb } from "./direct-db.js";
import type { LoadFigures } from "./load.js";

/** The ZIP of the bench's quote (quoteBody): the landscapers covering it are the ones each quote alerts. */
export const QUOTE_ZIP = "28203";

/** Quote POST measured with this many approved landscapers covering the quote's ZIP. */
export interface AlertScaleResult {
  landscapers: number;
  http: LoadFigures;
}

/**
 * Makes exactly `wanted` approved, unpaused landscapers cover QUOTE_ZIP: the seed's surplus is parked
 * (status pending, remembered in bench_parked) and brought back later; a shortfall is made up with bulk
 * landscapers covering only that ZIP. Answers the count it set.
 */
export async function setCoveringLandscapers(direct: DirectDb, wanted: number): Promise<number> {
  await direct.exec("create table if not exists bench_parked (user_id text primary key)");
  // Everyone parked comes back first; then park or add to reach the count.
  await direct.exec(`
    update landscaper set status = 'approved' where user_id in (select user_id from bench_parked);
    delete from bench_parked;`);
  const covering = `select user_id from landscaper
    where status = 'approved' and paused_at is null and '${QUOTE_ZIP}' = any(covered_zip_codes)`;
  const [{ n } = { n: 0 }] = await direct.query<{ n: number }>(
    `select count(*)::int as n from (${covering}) c`,
  );
  if (n > wanted) {
    await direct.exec(`
      insert into bench_parked (user_id) ${covering} order by user_id offset ${wanted};
      update landscaper set status = 'pending' where user_id in (select user_id from bench_parked);`);
  } else if (n < wanted) {
    const [{ start } = { start: 0 }] = await direct.query<{ start: number }>(
      `select count(*)::int as start from "user" where id like 'bx%'`,
    );
    const from = start + 1;
    const to = start + (wanted - n);
    await direct.exec(`
      insert into "user" (id, name, email, email_verified, role, phone_number, created_at, updated_at)
      select 'bx' || g, 'Extra Landscaper ' || g, 'extra.' || g || '@landscapers.bench.test', true, 'landscaper',
             '(704) 555-' || lpad((g % 10000)::text, 4, '0'), now() - interval '400 days', now() - interval '400 days'
        from generate_series(${from}, ${to}) g;
      insert into landscaper (user_id, full_name, phone_number, street_address, city, state, zip_code,
             service_zip_codes, travel_radius, covered_zip_codes, status, reviewed_at, created_at, updated_at)
      select 'bx' || g, 'Extra Landscaper ' || g, '(704) 555-0100', '1 Main St', 'Charlotte', 'NC', '${QUOTE_ZIP}',
             '{${QUOTE_ZIP}}', 5, '{${QUOTE_ZIP}}', 'approved', now() - interval '399 days',
             now() - interval '400 days', now() - interval '400 days'
        from generate_series(${from}, ${to}) g;
      analyze landscaper;`);
  }
  const [{ n: now } = { n: 0 }] = await direct.query<{ n: number }>(
    `select count(*)::int as n from (${covering}) c`,
  );
  return now;
}
