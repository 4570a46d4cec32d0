import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { assertServerBuilt, builtServerArgs } from "../../../src/server/test/built-server";
import { freePort } from "../../../src/server/test/free-port";

export interface AppServer {
  baseURL: string;
  dataDir: string;
  pid: number;
  /** Whether the server process is still running (it has neither exited nor been killed). */
  isRunning(): boolean;
  stop(): Promise<void>;
}

/** Each server's data folder by its base URL, so helpers can read the emails a server of this process wrote. */
const dataDirs = new Map<string, string>();
export function dataDirOf(baseURL: string): string | undefined {
  return dataDirs.get(new URL(baseURL).origin);
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early with code ${child.exitCode}.`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer ${url}/api/health within ${timeoutMs} ms.`);
}

/**
 * The real server as production runs it (the compiled server with plain node, the built SPA) with a fresh
 * embedded database in its own temp folder, as a child process on a free loopback port, for browser tests and
 * the load test.
 */
export async function startAppServer(options: {
  label: string;
  env: Record<string, string>;
  /** Extra node flags placed before the entry point, e.g. `--expose-gc` for the load test. */
  nodeArgs?: string[];
  /**
   * Start on the data of a server of the test's own that has stopped (kept with `keepData`): the same
   * database, another process (say, one whose clock runs days ahead).
   */
  dataDir?: string;
  /** Leave the data folder on stop, for the next server to start on. */
  keepData?: boolean;
  /** The working folder (the project's by default): the server finds its files from its own location. */
  cwd?: string;
}): Promise<AppServer> {
  assertServerBuilt("The browser and load tests");
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `greenscape-${options.label}-`));
  const baseURL = `http://127.0.0.1:${port}`;
  const args = [...(options.nodeArgs ?? []), ...builtServerArgs];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? path.resolve(import.meta.dirname, "../../.."),
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      // Every browser test and the load test come from 127.0.0.1; the abuse limits have their own tests.
      RATE_LIMIT_ALLOW_LIST: "127.0.0.1",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForHealth(baseURL, child, 90_000);
  } catch (error) {
    child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  dataDirs.set(baseURL, dataDir);
  return {
    baseURL,
    dataDir,
    pid: child.pid!,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Stops `today` (started with `keepData`) and serves its data from a second process whose clock runs `aheadMs`
 * ahead (support/clock-ahead.mjs): its scheduled pass sees the requests and visits as that much older.
 */
export async function startAheadOf(
  today: AppServer,
  options: { label: string; env: Record<string, string>; aheadMs: number; keepData?: boolean },
): Promise<AppServer> {
  await today.stop();
  return startAppServer({
    label: options.label,
    env: { ...options.env, E2E_CLOCK_AHEAD_MS: String(options.aheadMs) },
    nodeArgs: ["--import", "./tests/e2e/support/clock-ahead.mjs"],
    dataDir: today.dataDir,
    ...(options.keepData ? { keepData: true } : {}),
  });
}
