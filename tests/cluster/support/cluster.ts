import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { assertServerBuilt, builtServerArgs } from "../../../src/server/test/built-server";
import { freePort } from "../../../src/server/test/free-port";
import { type S3Peer, startS3Peer } from "../../../src/server/test/s3-peer";
import { nginxConfig } from "./nginx-config";

const root = path.resolve(import.meta.dirname, "../../..");

export interface Instance {
  name: string;
  /** The instance itself, bypassing the load balancer. */
  url: string;
  dataDir: string;
  isRunning(): boolean;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** nginx: what users reach. */
  url: string;
  instances: Instance[];
  databaseUrl: string;
  s3: S3Peer;
  adminAccount: { email: string; password: string };
  stop(): Promise<void>;
}

async function waitFor(url: string, isAlive: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`${url}: the process exited while starting`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/**
 * One PostgreSQL database, one S3-compatible server (s3rver), `count` app instances (the compiled server run
 * by plain node: the built SPA and the API, every background worker on in each) and nginx in round robin in
 * front of them: a production deployment in miniature on loopback. Used by `npm run cluster` and tests/cluster.
 */
export async function startCluster(
  options: { count?: number; env?: Record<string, string>; quiet?: boolean } = {},
): Promise<Cluster> {
  assertServerBuilt("The two-instance set-up");
  const count = options.count ?? 2;
  const serverUrl =
    process.env.CLUSTER_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/test";
  const name = `cluster_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

  const s3 = await startS3Peer("greenscape-cluster");
  const work = mkdtempSync(path.join(os.tmpdir(), "greenscape-cluster-"));
  const nginxPort = await freePort();
  const url = `http://127.0.0.1:${nginxPort}`;
  const adminAccount = { email: "admin@cluster.test", password: "cluster-admin-password" };

  const children: ChildProcess[] = [];
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;

  async function stop() {
    for (const child of [nginx, ...children]) {
      if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    }
    await Promise.all([nginx, ...children].filter(Boolean).map((child) => exited(child!)));
    await s3.stop();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cleanup.end();
    rmSync(work, { recursive: true, force: true });
  }

  try {
    // Every instance starts at once, as after a deployment: migrations and demo data take turns on a lock.
    const started = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const instanceName = `app-${i + 1}`;
        const port = await freePort();
        const dataDir = path.join(work, instanceName);
        mkdirSync(dataDir);
        const child = spawn(process.execPath, builtServerArgs, {
          cwd: root,
          env: {
            ...process.env,
            NODE_ENV: "production",
            HOST: "127.0.0.1",
            PORT: String(port),
            PUBLIC_URL: url,
            // nginx connects to the instances from 127.0.0.1.
            TRUST_PROXY: "127.0.0.1",
            DATABASE_URL: databaseUrl,
            DATA_DIR: dataDir,
            INSTANCE_NAME: instanceName,
            SEED_DEMO: "true",
            ADMIN_EMAIL: adminAccount.email,
            ADMIN_PASSWORD: adminAccount.password,
            // Tests come from 127.0.0.1 through nginx; the limits have their own tests.
            RATE_LIMIT_ALLOW_LIST: "127.0.0.1",
            SIGNIN_FAILURES_PER_IP: "10000",
            PAYMENTS_POLL_MS: "1000",
            MESSAGE_EMAIL_DELAY_MS: "0",
            LOG_LEVEL: "warn",
            ...s3.env,
            ...options.env,
          },
          stdio: ["ignore", options.quiet ? "ignore" : "inherit", "inherit"],
        });
        children.push(child);
        const instance: Instance = {
          name: instanceName,
          url: `http://127.0.0.1:${port}`,
          dataDir,
          isRunning: () => child.exitCode === null && child.signalCode === null,
          async kill(signal) {
            child.kill(signal);
            await exited(child);
          },
        };
        await waitFor(`${instance.url}/api/health`, instance.isRunning, 120_000);
        return instance;
      }),
    );
    instances.push(...started);

    const nginxDir = path.join(work, "nginx");
    mkdirSync(nginxDir);
    const conf = path.join(nginxDir, "nginx.conf");
    writeFileSync(
      conf,
      nginxConfig({
        listen: `127.0.0.1:${nginxPort}`,
        upstreams: instances.map((instance) => new URL(instance.url).host),
        workDir: nginxDir,
        user: process.getuid?.() === 0 ? "root" : undefined,
      }),
    );
    const binary = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"].find(
      (file) => file && existsSync(file),
    );
    if (!binary) throw new Error("nginx is missing: run `node scripts/ensure-nginx.mjs`.");
    const proxy = spawn(binary, ["-p", nginxDir, "-c", conf, "-g", "daemon off;"], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    nginx = proxy;
    await waitFor(`${url}/api/health/live`, () => proxy.exitCode === null, 15_000);
  } catch (error) {
    await stop();
    throw error;
  }

  return { url, instances, databaseUrl, s3, adminAccount, stop };
}
