import { readFileSync } from "node:fs";

/** The parts of a V8 `.cpuprofile` (node --cpu-prof) this summary reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Samples that fell in the measured window, and the share of them the process was busy. */
  samples: number;
  busyShare: number;
  /** Busy time by where the code comes from, largest first (shares of busy samples). */
  byPart: { part: string; share: number }[];
  /** The functions with the most self time (shares of busy samples). */
  topFunctions: { name: string; part: string; share: number }[];
}

/** Where a frame's code lives: an npm package, our bundled server, Node itself, or V8's own entries. */
function partOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return "node";
  if (url.includes("/build/server/")) return "app (build/server)";
  if (url.includes("/src/")) return "app (src)";
  return url;
}

const share = (n: number, of: number) => Math.round((n / Math.max(1, of)) * 1000) / 10;

/**
 * Self time by package and by function over the samples between `fromUs` and `toUs`. The profile's
 * timestamps and `process.hrtime` read the same monotonic clock on Linux, so the bench marks its load window
 * with hrtime and the server's start and shut-down stay out of the figures.
 */
export function summarizeProfile(file: string, fromUs: number, toUs: number, top = 12): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const parts = new Map<string, number>();
  const functions = new Map<string, { part: string; n: number }>();
  let at = profile.startTime;
  let samples = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < fromUs || at > toUs) continue;
    samples++;
    const frame = frames.get(profile.samples[i]!);
    if (!frame || frame.functionName === "(idle)") {
      idle++;
      continue;
    }
    const part = partOf(frame.url, frame.functionName);
    parts.set(part, (parts.get(part) ?? 0) + 1);
    const name = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").slice(-1)[0] ?? ""}:${frame.lineNumber + 1}`;
    const entry = functions.get(name) ?? { part, n: 0 };
    entry.n++;
    functions.set(name, entry);
  }
  const busy = samples - idle;
  return {
    samples,
    busyShare: share(busy, samples),
    byPart: [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([part, n]) => ({ part, share: share(n, busy) })),
    topFunctions: [...functions]
      .sort((a, b) => b[1].n - a[1].n)
      .slice(0, top)
      .map(([name, { part, n }]) => ({ name, part, share: share(n, busy) })),
  };
}

/** The monotonic clock the profile's timestamps use, in microseconds. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);
