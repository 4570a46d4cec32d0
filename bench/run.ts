/**
 * npm run bench: seeds synthetic Charlotte-area data at each scale, then measures the real server under
 * autocannon beside two ceilings (the same SQL straight through the driver, and a bare route of the same
 * server), the CSV export's speed and memory, Lighthouse on three public pages (the median of three runs),
 * quotes with 1,000 and 10,000 landscapers alerted, payment captures through the approve-work route with the
 * ledger checked after, issue 33's slow actions (Approve & book, a problem reported with a photo, each request
 * on a job of its own), and (PostgreSQL, nginx) a few routes with one and two instances behind nginx. See
 * README "Performance".
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadEnv } from "../src/server/config/env.js";
import type { Engine } from "../src/server/db/client.js";
import { type AlertScaleResult, QUOTE_ZIP, setCoveringLandscapers } from "./lib/alert-scale.js";
import { captureStep } from "./lib/captures.js";
import type { DirectDb } from "./lib/direct-db.js";
import { seedDisputes } from "./lib/disputes.js";
import { measureExport, measureExportDirect } from "./lib/export.js";
import { instantBookingStep } from "./lib/instant-booking.js";
import { lighthousePages, runLighthouse } from "./lib/lighthouse.js";
import { measureDirect, measureHttp } from "./lib/load.js";
import { type BenchOptions, parseOptions } from "./lib/options.js";
import { prepareProfiles } from "./lib/profiles.js";
import {
  captureLine,
  changeTable,
  checkTargets,
  type EndpointResult,
  instantLine,
  lighthouseTable,
  machine,
  ratio,
  type ScaleResult,
  scaleTable,
  targetsTable,
  twoInstanceTable,
} from "./lib/report.js";
import { type Scenario, scenarios, signedInUsers, signUpBenchUsers } from "./lib/scenarios.js";
import { seedBulk } from "./lib/seed.js";
import { repoRoot, startServer } from "./lib/server.js";
import { slowActionsStep } from "./lib/slow-actions.js";
import { openDirect, postgresVersion, prepareTarget } from "./lib/target.js";
import {
  forgetWrites,
  measureTwoInstances,
  type RouteTarget,
  type TwoInstanceResult,
  twoInstanceSkipReason,
  writeMark,
} from "./lib/two-instances.js";

const resultsDir = path.join(repoRoot, "bench/results");
const ALERT_SCALES = [1000, 10_000];
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/**
 * The bench runs the compiled server, which serves the built SPA (the Lighthouse pages are prerendered into
 * it): build both when either is missing.
 */
function ensureBuild() {
  const outputs = ["build/client/index.html", "build/server/main.js"];
  const missing = outputs.filter((file) => !existsSync(path.join(repoRoot, file)));
  if (missing.length === 0) return;
  log(`${missing.join(" and ")} missing: npm run build`);
  execFileSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
}

/** EXPLAIN ANALYZE of each statement a read endpoint sends, kept in the results as evidence. */
async function explain(direct: DirectDb, scenario: Scenario): Promise<string[]> {
  const { queries } = await direct.capture(scenario.service);
  const plans: string[] = [];
  for (const q of queries) {
    const rows = await direct.query<{ "QUERY PLAN": string }>(
      `explain (analyze, buffers) ${q.sql}`,
      q.params,
    );
    plans.push(`${q.sql}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
  }
  return plans;
}

async function runScale(
  engine: Engine,
  jobs: number,
  options: BenchOptions,
  withLighthouse: boolean,
): Promise<ScaleResult> {
  const target = await prepareTarget(engine, options);
  const load = {
    connections: options.connections,
    seconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
  };
  try {
    // 1. Migrations, reference data and the admin by the app itself; a few accounts through the real API.
    log(`${engine} · ${jobs} jobs: first start (migrations), sign-ups`);
    const sessions = await signUpBenchUsers(target, "bench");

    // 2. Bulk data, then the direct-SQL ceilings while no server holds the database (PGlite is one process).
    const direct = await openDirect(target);
    const env = loadEnv({
      ...process.env,
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? "",
      NODE_ENV: "production",
    });
    const ceilings = new Map<string, EndpointResult["direct"]>();
    const plans = new Map<string, string[]>();
    const notes = new Map<string, string>();
    let exportDirect: Awaited<ReturnType<typeof measureExportDirect>>;
    let seed: ScaleResult["seed"];
    let profileSlug: string | null = null;
    const list = scenarios(sessions, env);
    try {
      log("seeding");
      seed = await seedBulk(direct, jobs, signedInUsers(sessions), (m) => log(`  ${m}`));
      log(
        `seeded in ${seed.seconds} s: ${seed.jobs} jobs, ${seed.customers} customers, ${seed.landscapers} landscapers, ${seed.jobEvents} events, ${seed.notifications} notifications`,
      );
      profileSlug = await prepareProfiles(direct);
      log(`  profiles: addresses for the landscapers; the one Lighthouse reads is ${profileSlug ?? "none"}`);
      const disputes = await seedDisputes(direct);
      log(`problem reports for the Resolutions list: ${disputes.open} open, ${disputes.resolved} resolved`);
      const mark = await writeMark(direct);
      for (const scenario of list) {
        if (scenario.prepare) {
          notes.set(scenario.key, await scenario.prepare(direct.db));
          log(`  ${notes.get(scenario.key)}`);
        }
        if (!scenario.transactional) plans.set(scenario.key, await explain(direct, scenario));
        const { queries } = await direct.capture(scenario.service);
        ceilings.set(
          scenario.key,
          await measureDirect(() => direct.replay(queries, scenario.transactional), load),
        );
        log(`  direct ${scenario.key}: ${ceilings.get(scenario.key)!.rps} req/s`);
      }
      exportDirect = await measureExportDirect(direct.db);
      log(`  direct export: ${exportDirect.rowsPerSecond} rows/s`);
      // The ceiling's quotes go, so the server sees the seeded data only.
      await forgetWrites(direct, mark);
      for (const table of ["job", "job_event", "notification", "outbox"])
        await direct.exec(`vacuum analyze ${table}`);
    } finally {
      await direct.close();
    }

    // 3. The server under load: the bare route, each endpoint, the export, quotes last (they add rows).
    log("second start: HTTP measurements");
    let server = await startServer(target);
    try {
      const bare = await measureHttp({ url: `${server.baseURL}/api/health/live` }, load);
      log(`  bare: ${bare.rps} req/s`);
      const endpoints: EndpointResult[] = [];
      const ordered = [...list.filter((s) => !s.transactional), ...list.filter((s) => s.transactional)];
      let exportHttp: ScaleResult["export"]["http"] | undefined;
      for (const scenario of ordered) {
        if (scenario.transactional && !exportHttp) {
          exportHttp = await measureExport(server.baseURL, sessions.admin.cookie, server.pid);
          log(`  export: ${exportHttp.rowsPerSecond} rows/s, +${exportHttp.memoryGrowthMb} MB`);
        }
        const http = await measureHttp(scenario.http(server.baseURL), load);
        const ceiling = ceilings.get(scenario.key)!;
        if (http.errors > 0) log(`  ${scenario.key}: ${http.errors} non-2xx answers or errors`);
        endpoints.push({
          key: scenario.key,
          label: scenario.label,
          http,
          direct: ceiling,
          ratioToDirect: ratio(http.rps, ceiling.rps),
          ratioToBare: Math.round((http.rps / bare.rps) * 1000) / 1000,
          ...(plans.has(scenario.key) ? { plans: plans.get(scenario.key)! } : {}),
          ...(notes.has(scenario.key) ? { note: notes.get(scenario.key)! } : {}),
        });
        log(`  ${scenario.key}: ${http.rps} req/s, p95 ${http.p95} ms`);
      }
      // The public profile pages (issue 36) beside the prerendered ones: a full profile and the list.
      const pages = [...lighthousePages, "/professionals", ...(profileSlug ? [`/pros/${profileSlug}`] : [])];
      const lighthouse = withLighthouse ? await runLighthouse(server.baseURL, pages) : undefined;

      // 4. Quotes again with 1,000 and 10,000 landscapers covering the quote's ZIP: an alert is one row
      // whatever their number (decision record 013), which these rows show.
      const alertScale: AlertScaleResult[] = [];
      const quote = list.find((s) => s.key === "quote-submission")!;
      for (const wanted of ALERT_SCALES) {
        await server.stop();
        const adjust = await openDirect(target);
        let landscapers: number;
        try {
          landscapers = await setCoveringLandscapers(adjust, wanted);
        } finally {
          await adjust.close();
        }
        server = await startServer(target);
        const http = await measureHttp(quote.http(server.baseURL), load);
        alertScale.push({ landscapers, http });
        log(`  quote with ${landscapers} landscapers in ${QUOTE_ZIP}: ${http.rps} req/s, p95 ${http.p95} ms`);
      }

      // 5. Payment captures: held jobs approved through the route by distinct requests, the ledger checked.
      await server.stop();
      log("payment captures (approve-work)");
      const captures = await captureStep(target, load);
      log(`  ${captures.http.rps} captures/s, p95 ${captures.http.p95} ms; ${captureLine(captures)}`);

      // 6. Issue 33 item 15's slowest actions, each request on a job of its own: Approve & book, and report a
      // problem with a photo (upload and report). Their rows join the endpoints' table.
      log("slow actions (approve & book, report a problem with a photo)");
      const slow = await slowActionsStep(target, env, load, bare.rps, log);
      endpoints.push(...slow.endpoints);
      log(
        `  checked: ${slow.approved} approvals answered 200, ${slow.booked} offers booked with a hold; ${slow.reportsSent} reports answered 200, ${slow.reported} jobs reported with a photo`,
      );

      // 6b. Issue 35's booking POST, each request a different request booked with an instant pro on a free day.
      log("instant bookings (book a pro at once)");
      const { endpoint: booking, ...instant } = await instantBookingStep(target, env, load, bare.rps, log);
      endpoints.push(booking);
      const instantBooking = { candidates: seed.instantInQuoteZip, ...instant };
      log(`  checked: ${instantLine(instantBooking)}`);

      // 7. The two-instance set-up of tests/cluster against this database (PostgreSQL and nginx only).
      const twoInstances = await twoInstanceStep(target.databaseUrl, engine, list, load);
      return {
        engine,
        jobs,
        finishedAt: new Date().toISOString(),
        machine: machine(
          engine === "postgres" ? await postgresVersion(target.databaseUrl!) : "PGlite 0.5 (embedded)",
        ),
        settings: {
          connections: options.connections,
          durationSeconds: options.durationSeconds,
          warmupSeconds: options.warmupSeconds,
          quick: options.quick,
        },
        seed,
        bare,
        endpoints,
        export: {
          http: exportHttp!,
          direct: exportDirect,
          ratioToDirect: ratio(exportHttp!.rowsPerSecond, exportDirect.rowsPerSecond),
        },
        ...(lighthouse ? { lighthouse } : {}),
        alertScale,
        captures,
        slowActions: {
          approved: slow.approved,
          booked: slow.booked,
          reportsSent: slow.reportsSent,
          reported: slow.reported,
        },
        instantBooking,
        twoInstances,
      };
    } finally {
      await server.stop();
    }
  } finally {
    if (!options.keep) await target.cleanup();
    else log(`kept: ${target.databaseUrl ?? target.dataDir}`);
  }
}

/** The bare route, the queue, the bell and the quote POST with one and with two instances behind nginx. */
async function twoInstanceStep(
  databaseUrl: string | undefined,
  engine: Engine,
  list: Scenario[],
  load: { connections: number; seconds: number; warmupSeconds: number },
): Promise<TwoInstanceResult> {
  const skipped = twoInstanceSkipReason(engine);
  if (skipped || !databaseUrl) {
    log(`two instances: skipped, ${skipped}`);
    return { skipped: skipped ?? "no database address" };
  }
  log("two instances behind nginx (tests/cluster set-up)");
  const byKey = (key: string): RouteTarget => {
    const scenario = list.find((s) => s.key === key)!;
    return { key, label: scenario.label, http: scenario.http, writes: scenario.transactional };
  };
  const routes: RouteTarget[] = [
    {
      key: "bare",
      label: "Bare route GET /api/health/live",
      http: (baseURL) => ({ url: `${baseURL}/api/health/live` }),
      writes: false,
    },
    byKey("landscaper-queue"),
    byKey("notification-bell"),
    byKey("quote-submission"),
  ];
  try {
    return await measureTwoInstances({ databaseUrl, routes, load, log });
  } catch (error) {
    // Its processes are stopped by then; the scale's other figures are still written.
    const message = error instanceof Error ? error.message : String(error);
    log(`two instances: failed, ${message}`);
    return { failed: message };
  }
}

function earlierResults(engine: Engine): ScaleResult[] {
  if (!existsSync(resultsDir)) return [];
  return readdirSync(resultsDir)
    .filter((f) => f.startsWith(`${engine}-`) && f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(path.join(resultsDir, f), "utf8")) as ScaleResult)
    .sort((a, b) => a.jobs - b.jobs);
}

async function main() {
  const options = parseOptions(process.argv.slice(2), process.env);
  ensureBuild();
  mkdirSync(resultsDir, { recursive: true });
  let lighthouseDone = !options.lighthouse;
  const summary: string[] = [];
  for (const engine of options.engines) {
    const results: ScaleResult[] = [];
    for (const jobs of options.scales) {
      const result = await runScale(engine, jobs, options, !lighthouseDone);
      lighthouseDone = true;
      results.push(result);
      const file = path.join(resultsDir, `${engine}-${jobs}.json`);
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      log(`wrote ${path.relative(repoRoot, file)}`);
      console.log(`\n${scaleTable(result)}\n`);
      const two = twoInstanceTable(result);
      if (two) console.log(`${two}\n`);
      if (result.lighthouse) console.log(`${lighthouseTable(result.lighthouse)}\n`);
    }
    // Smallest to largest: this run's scales, else the smallest earlier result of the same engine.
    const largest = results.at(-1)!;
    const smallest =
      results.length > 1 ? results[0] : earlierResults(engine).find((r) => r.jobs < largest.jobs);
    if (smallest) summary.push(changeTable(smallest, largest));
    summary.push(targetsTable(largest, checkTargets(largest, smallest)));
  }
  const m = machine("");
  console.log(`Machine: ${m.nproc} cores (${m.cpu}), ${m.memoryGb} GB, Node ${m.node}\n`);
  console.log(summary.join("\n\n"));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
