/**
 * npm run bench:start: how long the server takes from spawn to its first answered GET /api/health, and its
 * resident memory (VmRSS) right then, for the compiled server against the TypeScript one under tsx (issue 32,
 * docs/decisions/016-compiled-server.md). Each variant starts `--runs` times (5), interleaved round by round in
 * a rotating order so a busy moment of the machine does not land on one variant; the median is reported with
 * every sample. Needs `npm run build` (the server serves the built SPA, as `npm start` does).
 *
 * The environment is `npm start`'s (NODE_ENV=production, the embedded database, demo data). By default every
 * start opens one data folder prepared by an uncounted first start (migrations applied, admin and demo data
 * there): a restart, the usual case. `--fresh` gives every start an empty folder (migrations, admin and the
 * demo's photos made during the start).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { builtServerArgs, builtServerEntry } from "../src/server/test/built-server.js";
import { freePort } from "../src/server/test/free-port.js";
import { stopOnExit } from "./lib/cleanup.js";
import { machine } from "./lib/report.js";
import { repoRoot, stopChild } from "./lib/server.js";

/** How each variant starts the server; every one is `node <args>` in the project folder. */
const variants: Record<string, { args: string[]; what: string }> = {
  tsx: {
    args: ["--import", "tsx", "src/server/main.ts"],
    what: "before: `npm start` up to 516d494 (TypeScript compiled on load by tsx)",
  },
  node: { args: builtServerArgs, what: "after: `npm start` and `npm run serve` (the compiled server)" },
  "node-no-maps": {
    args: [builtServerEntry],
    what: "the compiled server without --enable-source-maps (for comparison)",
  },
};

const usage = `Usage: npm run bench:start -- [--runs=5] [--variants=tsx,node[,node-no-maps]] [--fresh] [--out=FILE]
Writes bench/results/start-time.json (or FILE).`;

interface Sample {
  ms: number;
  rssMb: number;
  peakRssMb: number;
}

function parseArgs(argv: string[]) {
  const options = {
    runs: 5,
    variants: ["tsx", "node"],
    fresh: false,
    out: path.join(repoRoot, "bench/results/start-time.json"),
  };
  for (const arg of argv) {
    const [flag, value] = arg.split("=", 2) as [string, string | undefined];
    if (flag === "--runs" && value && Number(value) >= 1) options.runs = Math.floor(Number(value));
    else if (flag === "--variants" && value) options.variants = value.split(",");
    else if (flag === "--fresh") options.fresh = true;
    else if (flag === "--out" && value) options.out = path.resolve(value);
    else {
      console.log(usage);
      process.exit(arg === "--help" ? 0 : 1);
    }
  }
  const unknown = options.variants.filter((v) => !(v in variants));
  if (unknown.length) throw new Error(`Unknown variant ${unknown.join(", ")}.\n${usage}`);
  return options;
}

/** VmRSS and VmHWM (the peak so far) of a process, in MB, from /proc (Linux). */
function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  const mb = (value: number) => Math.round((value / 1024) * 10) / 10;
  return { rssMb: mb(kb("VmRSS")), peakRssMb: mb(kb("VmHWM")) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round(((sorted[mid - 1]! + sorted[mid]!) / 2) * 10) / 10;
};

/** One start: spawn, poll /api/health every 10 ms until it answers 200, read the memory, stop. */
async function startOnce(args: string[], dataDir: string): Promise<Sample> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/health`;
  let stderr = "";
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SEED_DEMO: "true",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_EMAIL: "bench.admin@bench.test",
      ADMIN_PASSWORD: "Kq8-bench-Admin-Loam-71",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stop = stopOnExit(() => stopChild(child));
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`The server exited with code ${child.exitCode}:\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`No answer from ${url} in 180 s:\n${stderr}`);
      try {
        const response = await fetch(url);
        if (response.ok) {
          const ms = Math.round(performance.now() - started);
          await response.arrayBuffer();
          return { ms, ...memoryOf(child.pid!) };
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await stop();
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  for (const file of ["build/client/index.html", builtServerEntry]) {
    if (!existsSync(path.resolve(repoRoot, file)))
      throw new Error(`${file} is missing: run \`npm run build\`.`);
  }
  const work = mkdtempSync(path.join(os.tmpdir(), "greenscape-start-"));
  const log = (message: string) => console.log(`[start-time] ${message}`);
  try {
    const shared = path.join(work, "data");
    // Uncounted: the shared folder's first start (migrations, admin, demo data), then one start of each variant
    // so tsx's transform cache and the OS's file cache are as warm as for any later `npm start`.
    log("preparing the data folder and warming up (uncounted)");
    await startOnce(variants.node!.args, shared);
    for (const name of options.variants) await startOnce(variants[name]!.args, shared);

    const samples = new Map<string, Sample[]>(options.variants.map((name) => [name, []]));
    for (let round = 0; round < options.runs; round++) {
      const order = options.variants.map((_, i, all) => all[(i + round) % all.length]!);
      for (const name of order) {
        let dataDir = shared;
        if (options.fresh) {
          dataDir = path.join(work, `fresh-${round}-${name}`);
          mkdirSync(dataDir);
        }
        const sample = await startOnce(variants[name]!.args, dataDir);
        if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
        samples.get(name)!.push(sample);
        log(`round ${round + 1} ${name}: ${sample.ms} ms, ${sample.rssMb} MB (peak ${sample.peakRssMb} MB)`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }

    const results = options.variants.map((name) => {
      const list = samples.get(name)!;
      return {
        variant: name,
        command: `node ${variants[name]!.args.map((a) => path.relative(repoRoot, a) || a).join(" ")}`,
        what: variants[name]!.what,
        medianMs: median(list.map((s) => s.ms)),
        medianRssMb: median(list.map((s) => s.rssMb)),
        medianPeakRssMb: median(list.map((s) => s.peakRssMb)),
        samples: list,
      };
    });
    console.log(
      `\n| Variant | Start to first /api/health 200, median (samples) | VmRSS then, median (samples) | Peak RSS, median |`,
    );
    console.log("|---|---|---|---|");
    for (const r of results) {
      const ms = r.samples.map((s) => s.ms).join(", ");
      const rss = r.samples.map((s) => s.rssMb).join(", ");
      console.log(
        `| ${r.variant} | ${r.medianMs} ms (${ms}) | ${r.medianRssMb} MB (${rss}) | ${r.medianPeakRssMb} MB |`,
      );
    }
    const report = {
      date: new Date().toISOString(),
      machine: {
        ...machine("pglite (embedded)"),
        loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
      },
      data: options.fresh
        ? "a fresh data folder per start"
        : "one data folder, prepared by an uncounted start",
      runs: options.runs,
      results,
    };
    mkdirSync(path.dirname(options.out), { recursive: true });
    writeFileSync(options.out, `${JSON.stringify(report, null, 2)}\n`);
    log(`written to ${path.relative(repoRoot, options.out)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
