import { randomUUID } from "node:crypto";
import type { Db } from "../../src/server/db/client.js";
import type { Principal } from "../../src/server/features/accounts/principal.js";
import type { CapturedQuery, DirectDb } from "./direct-db.js";
import { type LoadFigures, measureDirect } from "./load.js";
import { BULK_PASSWORD } from "./seed.js";
import { type Session, signIn } from "./server.js";

/*
 * What the steps whose every request changes a job of its own share (issue 33's slow actions, issue 35's
 * instant bookings): the bulk customers who sign in, the ceiling that replays a template's SQL for each next
 * job, and the HTTP clients that each take the next job.
 */

export type Load = { connections: number; seconds: number; warmupSeconds: number };

export interface Item {
  jobId: string;
  customerId: string;
}

/** `count` bulk customers from bc<from> on. */
export const bulkCustomers = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `bc${from + i}`);

/** A signed-in customer as the routes hand it to the services, for the ceilings that call them directly. */
export function customerPrincipal(user: { id: string; email: string; name: string }): Principal {
  return {
    userId: user.id,
    sessionId: "bench",
    email: user.email,
    name: user.name,
    role: "customer",
    emailVerified: true,
    isAdmin: false,
    isMaster: false,
    grants: new Set(["customer"]),
    impersonatedBy: null,
  };
}

/** `value` with each `from` replaced by its `to`, inside strings and arrays of them. */
function swapped(value: unknown, swaps: [string, string][]): unknown {
  if (typeof value === "string") return swaps.reduce((text, [from, to]) => text.replaceAll(from, to), value);
  if (Array.isArray(value)) return value.map((v) => swapped(v, swaps));
  return value;
}

/**
 * The ceiling: the service run once on `items[0]` with its SQL captured, then replayed for each next item by
 * `connections` workers, the template's job id swapped for the item's (and whatever else `swapsOf` names:
 * a booking's pro and day), ids the template's run created for new ones. `extra` runs beside each replay
 * (the photo's image pipeline).
 */
export async function ceiling<T extends Item>(
  direct: DirectDb,
  items: T[],
  load: Load,
  what: string,
  run: (db: Db, item: T) => Promise<unknown>,
  created: (template: T) => Promise<string[]>,
  options: { extra?: () => Promise<unknown>; swapsOf?: (template: T, item: T) => [string, string][] } = {},
): Promise<LoadFigures> {
  const [template, ...rest] = items;
  const postgres = direct.engine === "postgres";
  const { queries } = await direct.capture((db) => run(db, template!), { withTransactions: postgres });
  const made = await created(template!);
  let next = 0;
  return measureDirect(
    async () => {
      const item = rest[next++];
      if (!item) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error(`no seeded job left for the ${what} ceiling`);
      }
      const swaps: [string, string][] = [
        [template!.jobId, item.jobId],
        ...(options.swapsOf?.(template!, item) ?? []),
        ...made.map((id): [string, string] => [
          id,
          id.startsWith("pi_") ? `pi_bench_${randomUUID()}` : randomUUID(),
        ]),
      ];
      const replay: CapturedQuery[] = queries.map((q) => ({
        sql: q.sql,
        params: swapped(q.params, swaps) as unknown[],
      }));
      await Promise.all([direct.replay(replay, !postgres), options.extra?.()]);
    },
    load,
    `${what} (direct)`,
  );
}

/** `connections` clients over HTTP, each taking the next item and signed in as its customer. */
export async function overHttp<T extends Item>(
  baseURL: string,
  items: T[],
  customers: { id: string; email: string }[],
  load: Load,
  what: string,
  once: (item: T, session: Session) => Promise<void>,
): Promise<{ http: LoadFigures; answered: number }> {
  const sessions = new Map<string, Session>();
  for (const c of customers) sessions.set(c.id, await signIn(baseURL, c.email, BULK_PASSWORD));
  let next = 0;
  let answered = 0;
  const http = await measureDirect(
    async () => {
      const item = items[next++];
      if (!item) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error(`no seeded job left to ${what}`);
      }
      await once(item, sessions.get(item.customerId)!);
      answered++;
    },
    load,
    what,
  );
  return { http, answered };
}

export async function expectOk(response: Response, what: string) {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 200)}`);
}
