/**
 * npm run bench:hot: the two read paths issue 32 named (the notification bell's first page and the landscaper's
 * queue page) on PostgreSQL at a million jobs, each beside its direct-SQL ceiling and the bare route, with a CPU
 * profile of the server over each measured window (where the time goes: the driver, the ORM, the answer's
 * serialiser, our mapping). `--reuse` measures the database a previous run kept instead of seeding again, so a
 * change can be measured before and after on the same rows. See docs/performance.md "Hot paths".
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadEnv } from "../src/server/config/env.js";
import { measureDirect, measureHttp } from "./lib/load.js";
import { parseOptions } from "./lib/options.js";
import { monotonicMicros, type ProfileSummary, summarizeProfile } from "./lib/profile.js";
import { machine, ratio } from "./lib/report.js";
import { type Sessions, scenarios, signedInUsers, signUpBenchUsers } from "./lib/scenarios.js";
import { seedBulk } from "./lib/seed.js";
import { repoRoot, startServer } from "./lib/server.js";
import { openDirect, prepareTarget, type Target } from "./lib/target.js";

// The read paths issue 32 named; `--only=key,key` measures others (the quote POST of issue 34).
const HOT = ["notification-bell", "landscaper-queue"];
const log = (message: string) =>
  console.log(`[bench:hot ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** The kept database's sessions, so a second run signs nobody up again. */
async function savedSessions(url: string): Promise<Sessions | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ value: Sessions }>("select value from bench_hot_sessions");
    return rows[0]?.value ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function seeded(target: Target, jobs: number): Promise<Sessions> {
  log(`seeding ${jobs.toLocaleString("en-US")} jobs into ${target.databaseUrl}`);
  const sessions = await signUpBenchUsers(target, "hot");
  const direct = await openDirect(target);
  try {
    const seed = await seedBulk(direct, jobs, signedInUsers(sessions), (m) => log(`  ${m}`));
    log(`seeded in ${seed.seconds} s`);
    for (const table of ["job", "job_event", "notification", "job_alert"])
      await direct.exec(`vacuum analyze ${table}`);
    await direct.exec("create table bench_hot_sessions (value jsonb not null)");
    await direct.query("insert into bench_hot_sessions (value) values ($1)", [JSON.stringify(sessions)]);
  } finally {
    await direct.close();
  }
  return sessions;
}

async function main() {
  const argv = process.argv.slice(2);
  const reuse = argv.includes("--reuse");
  const label = argv.find((a) => a.startsWith("--label="))?.slice(8) ?? "run";
  const only =
    argv
      .find((a) => a.startsWith("--only="))
      ?.slice(7)
      .split(",") ?? HOT;
  const options = parseOptions(
    argv.filter(
      (a) =>
        a !== "--reuse" && a !== "--keep-profile" && !a.startsWith("--label=") && !a.startsWith("--only="),
    ),
    { BENCH_JOBS: "1000000", BENCH_ENGINE: "postgres", ...process.env },
  );
  const jobs = options.scales.at(-1)!;
  const url = new URL(options.databaseUrl);
  // BENCH_HOT_DATABASE: another database name, so two runs on one server do not drop each other's.
  url.pathname = `/${process.env.BENCH_HOT_DATABASE ?? "greenscape_hot"}`;
  options.databaseUrl = url.toString();
  execFileSync("npm", ["run", "build:server"], { cwd: repoRoot, stdio: "inherit" });

  let sessions = reuse ? await savedSessions(options.databaseUrl) : null;
  const target: Target = sessions
    ? {
        engine: "postgres",
        dataDir: mkdtempSync(path.join(os.tmpdir(), "greenscape-hot-")),
        databaseUrl: options.databaseUrl,
        cleanup: async () => {},
      }
    : await prepareTarget("postgres", options);
  sessions ??= await seeded(target, jobs);
  const env = loadEnv({ ...process.env, DATABASE_URL: options.databaseUrl, NODE_ENV: "production" });
  const list = scenarios(sessions, env).filter((s) => only.includes(s.key));
  const load = {
    connections: options.connections,
    seconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
  };

  // Ceilings: the statements each service sends, replayed straight through the driver.
  const direct = await openDirect(target);
  const ceilings = new Map<string, Awaited<ReturnType<typeof measureDirect>>>();
  const notes = new Map<string, string>();
  try {
    for (const scenario of list) {
      if (scenario.prepare) {
        notes.set(scenario.key, await scenario.prepare(direct.db));
        log(notes.get(scenario.key)!);
      }
      const { queries } = await direct.capture(scenario.service);
      ceilings.set(
        scenario.key,
        await measureDirect(() => direct.replay(queries, scenario.transactional), load),
      );
      log(
        `direct ${scenario.key}: ${ceilings.get(scenario.key)!.rps} req/s, p95 ${ceilings.get(scenario.key)!.p95} ms`,
      );
    }
  } finally {
    await direct.close();
  }

  const profileDir = mkdtempSync(path.join(os.tmpdir(), "greenscape-hot-prof-"));
  const server = await startServer({
    ...target,
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
  });
  const windows: { key: string; from: number; to: number }[] = [];
  const measured: Record<string, Awaited<ReturnType<typeof measureHttp>>> = {};
  try {
    measured.bare = await measureHttp({ url: `${server.baseURL}/api/health/live` }, load);
    log(`bare: ${measured.bare.rps} req/s`);
    for (const scenario of list) {
      await measureHttp(scenario.http(server.baseURL), {
        ...load,
        seconds: load.warmupSeconds,
        warmupSeconds: 0,
      });
      const from = monotonicMicros();
      measured[scenario.key] = await measureHttp(scenario.http(server.baseURL), {
        ...load,
        warmupSeconds: 0,
      });
      windows.push({ key: scenario.key, from, to: monotonicMicros() });
      log(`${scenario.key}: ${measured[scenario.key]!.rps} req/s, p95 ${measured[scenario.key]!.p95} ms`);
    }
  } finally {
    await server.stop();
  }
  const profileFile = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
  const profiles = new Map<string, ProfileSummary>();
  if (profileFile) {
    for (const w of windows)
      profiles.set(w.key, summarizeProfile(path.join(profileDir, profileFile), w.from, w.to));
  } else log("no CPU profile was written (the server did not exit normally)");
  if (argv.includes("--keep-profile")) {
    writeFileSync(path.join(profileDir, "windows.json"), JSON.stringify(windows));
    log(`CPU profile and its windows kept in ${profileDir}`);
  } else rmSync(profileDir, { recursive: true, force: true });

  const bare = measured.bare!;
  const endpoints = list.map((s) => {
    const http = measured[s.key]!;
    const ceiling = ceilings.get(s.key)!;
    return {
      key: s.key,
      label: s.label,
      http,
      direct: ceiling,
      ratioToDirect: ratio(http.rps, ceiling.rps),
      ratioToBare: Math.round((http.rps / bare.rps) * 1000) / 1000,
      profile: profiles.get(s.key) ?? null,
      note: notes.get(s.key) ?? null,
    };
  });
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot }).toString().trim();
  const run = {
    label,
    commit,
    jobs,
    finishedAt: new Date().toISOString(),
    machine: machine(""),
    load,
    bare,
    endpoints,
  };
  const file = path.join(repoRoot, `bench/results/hot-postgres-${jobs}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  let runs: unknown[] = [];
  try {
    runs = JSON.parse(readFileSync(file, "utf8")).runs ?? [];
  } catch {
    // first run
  }
  writeFileSync(file, `${JSON.stringify({ runs: [run, ...runs] }, null, 2)}\n`);

  console.log(
    `\n| Endpoint (${label}, ${commit}) | req/s | p50 ms | p95 ms | direct req/s | direct p95 | × direct | × bare |`,
  );
  console.log("|---|--:|--:|--:|--:|--:|--:|--:|");
  console.log(`| Bare route | ${bare.rps} | ${bare.p50} | ${bare.p95} | – | – | – | 1.00 |`);
  for (const e of endpoints)
    console.log(
      `| ${e.label} | ${e.http.rps} | ${e.http.p50} | ${e.http.p95} | ${e.direct.rps} | ${e.direct.p95} | ${e.ratioToDirect} | ${e.ratioToBare} |`,
    );
  for (const e of endpoints) if (e.note) console.log(`\n${e.note}`);
  for (const e of endpoints) {
    if (!e.profile) continue;
    console.log(`\n${e.label}: busy ${e.profile.busyShare}% of ${e.profile.samples} samples`);
    console.log(`  by part: ${e.profile.byPart.map((p) => `${p.part} ${p.share}%`).join(", ")}`);
    for (const f of e.profile.topFunctions.slice(0, 8)) console.log(`  ${f.share}% ${f.name} (${f.part})`);
  }
  console.log(
    `\nwrote ${path.relative(repoRoot, file)}; the database is kept for --reuse: ${options.databaseUrl}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
