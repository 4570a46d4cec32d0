import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Db } from "../../db/client.js";

/** One counted hit: how many hits the key has in its current window, and when that window ends. */
export interface Hit {
  count: number;
  resetAt: Date;
}

/**
 * Where rate-limit counters live. Both stores are shared by every app instance (the database, or Redis when
 * REDIS_URL is set), so a limit holds however many instances sit behind the load balancer.
 */
export interface RateLimitStore {
  readonly name: string;
  hit(key: string, windowMs: number): Promise<Hit>;
  close(): Promise<void>;
}

/** Fixed windows in one row per key: one upsert per hit, which restarts the window once it has ended. */
export class PostgresRateLimitStore implements RateLimitStore {
  readonly name = "database";
  private hits = 0;

  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    const interval = `${windowMs} milliseconds`;
    const result = await this.db.execute<{ count: number; reset_at: string | Date }>(sql`
      insert into rate_limit_counter (key, count, reset_at)
      values (${key}, 1, now() + ${interval}::interval)
      on conflict (key) do update set
        count = case when rate_limit_counter.reset_at <= now() then 1 else rate_limit_counter.count + 1 end,
        reset_at = case when rate_limit_counter.reset_at <= now() then now() + ${interval}::interval
                   else rate_limit_counter.reset_at end
      returning count, reset_at`);
    // Ended windows are swept now and then by whichever instance is counting, so the table stays small.
    if (++this.hits % 500 === 0) {
      await this.db.execute(sql`delete from rate_limit_counter where reset_at < now() - interval '1 hour'`);
    }
    const row = rowsOf<{ count: number; reset_at: string | Date }>(result)[0]!;
    return { count: Number(row.count), resetAt: new Date(row.reset_at) };
  }

  async close() {}
}

/** Both drivers' execute() answers: node-postgres gives { rows }, PGlite gives { rows } too, drizzle may unwrap. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

// INCR and the window's expiry in one round trip, atomically: the first hit of a window sets its expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export class RedisRateLimitStore implements RateLimitStore {
  readonly name = "redis";

  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `rl:${key}`, String(windowMs))) as [
      number,
      number,
    ];
    return { count, resetAt: new Date(Date.now() + ttl) };
  }

  async close() {
    this.redis.disconnect();
  }
}
