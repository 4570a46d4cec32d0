import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { assertServerBuilt, builtServerArgs } from "../../src/server/test/built-server.js";
import { freePort } from "../../src/server/test/free-port.js";
import { stopOnExit } from "./cleanup.js";

export const repoRoot = path.resolve(import.meta.dirname, "../..");

export interface BenchServer {
  baseURL: string;
  pid: number;
  stop(): Promise<void>;
}

export const ADMIN_EMAIL = "bench.admin@bench.test";
export const ADMIN_PASSWORD = "Kq8-bench-Admin-Loam-71";
/** Strong enough for any password policy the sign-up route applies. */
const USER_PASSWORD = "Gq7!bench-Rv2#Loam-94";

/**
 * The real server (compiled: build/server/main.js, NODE_ENV=production, the built SPA) as a child process on
 * a free loopback port. Abuse limits are raised so the load is measured rather than refused; the outbox worker is
 * off so sending the quotes' emails does not compete with the requests being measured (OUTBOX_WORKER lets
 * a deployment run it on another instance the same way).
 */
export async function startServer(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Node's own flags before the server's (the hot-path bench's --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}): Promise<BenchServer> {
  assertServerBuilt("The bench");
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), ...builtServerArgs], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      SEED_DEMO: "false",
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      OUTBOX_WORKER: "false",
      RATE_LIMIT_ALLOW_LIST: "127.0.0.1",
      SIGNIN_FAILURES_PER_IP: "1000000",
      RESET_REQUESTS_PER_IP: "1000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = stopOnExit(() => stopChild(child));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited early with code ${child.exitCode}.`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer ${baseURL}/api/health in time.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseURL, pid: child.pid!, stop };
}

/** Resident memory of a process in bytes (Linux), from /proc/<pid>/status. */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

async function post(baseURL: string, urlPath: string, body: unknown) {
  const response = await fetch(`${baseURL}${urlPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${urlPath} answered ${response.status}: ${text.slice(0, 300)}`);
  const cookies = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="));
  return {
    json: JSON.parse(text) as { user?: { id?: string; userId?: string } },
    cookie: cookies.join("; "),
  };
}

export interface Session {
  userId: string;
  email: string;
  cookie: string;
}

/** A new account through the real sign-up API (Better Auth behind our route); its session cookie. */
export async function signUp(
  baseURL: string,
  role: "customer" | "landscaper",
  email: string,
): Promise<Session> {
  const { json, cookie } = await post(baseURL, "/api/auth/sign-up/email", {
    name: role === "customer" ? "Bench Customer" : "Bench Landscaper",
    email,
    password: USER_PASSWORD,
    confirmPassword: USER_PASSWORD,
    role,
  });
  const userId = json.user?.userId ?? json.user?.id;
  if (!userId || !cookie) throw new Error(`Sign-up of ${email} gave no user or no cookie.`);
  return { userId, email, cookie };
}

export async function signIn(
  baseURL: string,
  email: string,
  password: string,
  portal?: "admin",
): Promise<Session> {
  const { json, cookie } = await post(baseURL, "/api/auth/sign-in/email", {
    email,
    password,
    ...(portal ? { portal } : {}),
  });
  const userId = json.user?.userId ?? json.user?.id;
  if (!userId || !cookie) throw new Error(`Sign-in of ${email} gave no user or no cookie.`);
  return { userId, email, cookie };
}

/** Stops a server the bench started: SIGTERM, SIGKILL after 15 s; nothing if it has already exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
