import type { Engine } from "../../src/server/db/client.js";

export interface BenchOptions {
  engines: Engine[];
  /** Scales to measure, smallest first; each is a number of jobs. */
  scales: number[];
  quick: boolean;
  lighthouse: boolean;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  databaseUrl: string;
  keep: boolean;
}

const usage = `Usage: npm run bench -- [--engine=pglite|postgres|pglite,postgres] [--jobs=10000[,1000000]]
                       [--quick] [--no-lighthouse] [--connections=10] [--duration=10] [--keep]
Environment: BENCH_ENGINE, BENCH_JOBS, BENCH_DATABASE_URL (server for --engine=postgres; its database
greenscape_bench is dropped and created), CHROME_PATH (Chromium for Lighthouse).`;

function parseScale(value: string): number {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(value.trim());
  if (!match) throw new Error(`--jobs: "${value}" is not a number of jobs (10000, 100k, 1m).\n${usage}`);
  const factor = { "": 1, k: 1_000, m: 1_000_000 }[match[2]!.toLowerCase() as "" | "k" | "m"];
  const jobs = Math.round(Number(match[1]) * factor);
  if (jobs < 1000 || jobs > 5_000_000) throw new Error("--jobs: between 1000 and 5000000 jobs.");
  return jobs;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    if (arg === "--help" || arg === "-h") {
      console.log(usage);
      process.exit(0);
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unknown argument "${arg}".\n${usage}`);
    flags.set(match[1]!, match[2] ?? "true");
  }
  const known = ["engine", "jobs", "quick", "no-lighthouse", "connections", "duration", "keep"];
  for (const name of flags.keys()) {
    if (!known.includes(name)) throw new Error(`Unknown option --${name}.\n${usage}`);
  }
  const engines = (flags.get("engine") ?? env.BENCH_ENGINE ?? "pglite").split(",").map((e) => e.trim());
  for (const engine of engines) {
    if (engine !== "pglite" && engine !== "postgres")
      throw new Error(`--engine: "${engine}" is neither pglite nor postgres.\n${usage}`);
  }
  const scales = (flags.get("jobs") ?? env.BENCH_JOBS ?? "10000")
    .split(",")
    .map(parseScale)
    .sort((a, b) => a - b);
  const quick = flags.get("quick") === "true";
  const connections = Number(flags.get("connections") ?? 10);
  const durationSeconds = Number(flags.get("duration") ?? (quick ? 3 : 10));
  if (!Number.isInteger(connections) || connections < 1) throw new Error("--connections: a whole number.");
  if (!(durationSeconds > 0)) throw new Error("--duration: seconds, more than 0.");
  return {
    engines: [...new Set(engines)] as Engine[],
    scales: [...new Set(scales)],
    quick,
    lighthouse: flags.get("no-lighthouse") !== "true",
    connections,
    durationSeconds,
    warmupSeconds: quick ? 1 : 2,
    databaseUrl: env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/greenscape_bench",
    keep: flags.get("keep") === "true",
  };
}
