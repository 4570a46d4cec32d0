import { existsSync } from "node:fs";
import type { Engine } from "../../src/server/db/client.js";
import { type Cluster, startCluster } from "../../tests/cluster/support/cluster.js";
import { stopOnExit } from "./cleanup.js";
import { type DirectDb, openDirectPostgres } from "./direct-db.js";
import { type HttpTarget, type LoadFigures, measureHttp } from "./load.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./server.js";

/**
 * The deployment of README "Several instances behind a load balancer" on this machine: the two-instance
 * set-up of tests/cluster (`startCluster`: the app instances, s3rver for files, nginx in round robin) pointed
 * at the bench's database, so the same routes are measured with one instance and with two. On a machine
 * whose cores are already busy with one instance, autocannon and PostgreSQL, a second instance shares the
 * same cores: the figures say what it buys there, not what it would buy on more cores.
 */

export interface RouteTarget {
  key: string;
  label: string;
  http: (baseURL: string) => HttpTarget;
  /** It adds rows (the quote POST): they are removed after each measurement, so every one sees the same data. */
  writes: boolean;
}

export interface TwoInstanceRoute {
  key: string;
  label: string;
  /** One instance asked directly, the same instance through nginx, two instances through nginx. */
  oneDirect: LoadFigures;
  oneBehindNginx: LoadFigures;
  twoBehindNginx: LoadFigures;
}

/** The figures; or why the step did not run (no PostgreSQL, no nginx); or the error it stopped on. */
export type TwoInstanceResult = { routes: TwoInstanceRoute[] } | { skipped: string } | { failed: string };

/** Unmeasured load on a set-up just started, before its measurements (each also has its own warm-up). */
const SETTLE_SECONDS = 5;

/** The binaries tests/cluster/support/cluster.ts looks for (it starts nginx itself). */
const nginxCandidates = () => [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"];

/** Why the step cannot run here, or null. */
export function twoInstanceSkipReason(engine: Engine): string | null {
  if (engine !== "postgres")
    return "needs the PostgreSQL engine (two processes share one database; PGlite lives inside one process)";
  if (!nginxCandidates().some((file) => file && existsSync(file)))
    return "nginx is missing (`node scripts/ensure-nginx.mjs` installs Debian's nginx-light)";
  return null;
}

/** Where the quote POST's rows start: jobs numbered above, notifications and outbox rows from then on. */
export interface WriteMark {
  maxNumber: number;
  since: string;
}

export async function writeMark(direct: DirectDb): Promise<WriteMark> {
  const [{ max } = { max: 0 }] = await direct.query<{ max: number }>(
    "select coalesce(max(number), 0)::int as max from job",
  );
  return { maxNumber: max, since: new Date().toISOString() };
}

/** Deletes what was written since the mark (a job's alerts and events go with it). */
export async function forgetWrites(direct: DirectDb, mark: WriteMark): Promise<void> {
  await direct.query("delete from job where number > $1", [mark.maxNumber]);
  await direct.query("delete from notification where created_at >= $1", [mark.since]);
  await direct.query("delete from outbox where created_at >= $1", [mark.since]);
}

/**
 * startCluster against the bench's database: its instances take the bench server's settings (no demo data,
 * the bench admin, the outbox worker off, the payment pass at its default interval, raised abuse limits)
 * through its `env` override, DATABASE_URL included. startCluster also creates an empty database of its own
 * on the same server, which nothing uses here; it drops it again when stopped.
 */
async function withCluster<T>(
  databaseUrl: string,
  count: number,
  load: { connections: number; warmupSeconds: number },
  work: (cluster: Cluster) => Promise<T>,
): Promise<T> {
  const server = new URL(databaseUrl);
  server.pathname = "/postgres";
  const previous = process.env.CLUSTER_DATABASE_URL;
  process.env.CLUSTER_DATABASE_URL = server.toString();
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      count,
      quiet: true,
      env: {
        DATABASE_URL: databaseUrl,
        SEED_DEMO: "false",
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        OUTBOX_WORKER: "false",
        PAYMENTS_POLL_MS: "60000",
        SIGNIN_FAILURES_PER_IP: "1000000",
        RESET_REQUESTS_PER_IP: "1000000",
      },
    });
  } finally {
    if (previous === undefined) Reflect.deleteProperty(process.env, "CLUSTER_DATABASE_URL");
    else process.env.CLUSTER_DATABASE_URL = previous;
  }
  const stop = stopOnExit(() => cluster.stop());
  try {
    // Freshly started instances answered the first seconds of load at half speed or less (the bare route
    // 7,000-9,000 req/s, then 12,000-17,000 in the same set-up): the bare route is run through nginx,
    // unmeasured, before anything is measured, for one instance as for two.
    await measureHttp(
      { url: `${cluster.url}/api/health/live` },
      { connections: load.connections, seconds: SETTLE_SECONDS, warmupSeconds: 0 },
    );
    return await work(cluster);
  } finally {
    await stop();
  }
}

/**
 * Each route with one instance (asked directly, then through nginx), then with two instances through nginx;
 * PostgreSQL only. Every measurement stops its instances and nginx before the next set-up starts.
 */
export async function measureTwoInstances(options: {
  databaseUrl: string;
  routes: RouteTarget[];
  load: { connections: number; seconds: number; warmupSeconds: number };
  log: (message: string) => void;
}): Promise<TwoInstanceResult> {
  const { routes, load, log } = options;
  const direct = await openDirectPostgres(options.databaseUrl, 2);
  try {
    const measure = async (route: RouteTarget, baseURL: string) => {
      const mark = route.writes ? await writeMark(direct) : null;
      try {
        return await measureHttp(route.http(baseURL), load);
      } finally {
        if (mark) await forgetWrites(direct, mark);
      }
    };
    const one = new Map<string, { direct: LoadFigures; nginx: LoadFigures }>();
    await withCluster(options.databaseUrl, 1, load, async (cluster) => {
      for (const route of routes) {
        const figures = {
          direct: await measure(route, cluster.instances[0]!.url),
          nginx: await measure(route, cluster.url),
        };
        one.set(route.key, figures);
        log(
          `  one instance, ${route.key}: ${figures.direct.rps} req/s directly, ${figures.nginx.rps} through nginx`,
        );
      }
    });
    const result: TwoInstanceRoute[] = [];
    await withCluster(options.databaseUrl, 2, load, async (cluster) => {
      for (const route of routes) {
        const two = await measure(route, cluster.url);
        log(`  two instances, ${route.key}: ${two.rps} req/s through nginx, p95 ${two.p95} ms`);
        const figures = one.get(route.key)!;
        result.push({
          key: route.key,
          label: route.label,
          oneDirect: figures.direct,
          oneBehindNginx: figures.nginx,
          twoBehindNginx: two,
        });
      }
    });
    return { routes: result };
  } finally {
    await direct.close();
  }
}
