import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { rowsOf } from "../db/client.js";

/** Records that pass `name` finished (run `runId`): one row per pass, shared by every instance. */
export async function recordPassCompleted(db: DbOrTx, name: string, runId: string): Promise<void> {
  await db.execute(sql`
    insert into scheduled_pass (name, last_completed_at, last_run_id) values (${name}, now(), ${runId})
    on conflict (name) do update set last_completed_at = excluded.last_completed_at,
      last_run_id = excluded.last_run_id`);
}

/**
 * Seconds since each pass last finished, by the database's clock (instances' clocks may differ). A pass that
 * never finished has no entry.
 */
export async function passLags(db: DbOrTx): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select name, extract(epoch from now() - last_completed_at)::float8 as lag from scheduled_pass`);
  return new Map(rowsOf<{ name: string; lag: number | string }>(result).map((r) => [r.name, Number(r.lag)]));
}
