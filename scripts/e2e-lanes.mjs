// Browser tests in lanes: `E2E_LANES=2 npm test` runs the e2e files as that many Vitest processes at once, each
// with its own server and database (tests/e2e/support/global-setup.ts), so a lane sees only its own files'
// data, as one serial run did. The default is one lane: on CI's two cores two lanes were no faster and pushed
// the longest tests past their limits (docs/decisions/019-browser-test-lanes.md); more cores would change that.
//
// Files go to lanes longest first by their last measured duration (tests/e2e/durations.json); a file not
// measured yet counts as the median. `node scripts/e2e-lanes.mjs --record` rewrites durations.json from the
// last run's reports (test-results/e2e-*.json).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./lib.mjs";
import { runVitestLane } from "./run-vitest.mjs";

const testDir = path.join(root, "tests", "e2e");
const durationsFile = path.join(testDir, "durations.json");
const resultsDir = path.join(root, "test-results");

function e2eFiles() {
  return readdirSync(testDir)
    .filter((name) => name.endsWith(".test.ts"))
    .sort()
    .map((name) => `tests/e2e/${name}`);
}

function readDurations() {
  return existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, "utf8")) : {};
}

/** Longest-processing-time-first: each file to the lane with the least work so far. */
export function planLanes(files, durations, count) {
  const known = files
    .map((f) => durations[f])
    .filter((d) => typeof d === "number")
    .sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 60;
  const weighted = files.map((file) => ({ file, seconds: durations[file] ?? median }));
  weighted.sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const lanes = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const item of weighted) {
    const lane = lanes.reduce((least, next) => (next.seconds < least.seconds ? next : least));
    lane.files.push(item.file);
    lane.seconds += item.seconds;
  }
  return lanes.filter((lane) => lane.files.length > 0);
}

export async function runE2eLanes() {
  const count = Math.max(1, Number(process.env.E2E_LANES ?? 1) || 1);
  const lanes = planLanes(e2eFiles(), readDurations(), count);
  for (const [i, lane] of lanes.entries())
    console.log(`• e2e lane ${i + 1}: ${lane.files.length} files, about ${Math.round(lane.seconds)} s`);
  return Promise.all(lanes.map((lane, i) => runVitestLane(`e2e-${i + 1}`, ["e2e"], lane.files)));
}

function recordDurations() {
  const durations = readDurations();
  const reports = readdirSync(resultsDir).filter((name) => /^e2e(-\d+)?\.json$/.test(name));
  for (const name of reports) {
    const report = JSON.parse(readFileSync(path.join(resultsDir, name), "utf8"));
    for (const file of report.testResults ?? []) {
      // From the tests folder, so a report written by another checkout (a CI clone) still names the file.
      const relative = `tests/e2e/${path.basename(file.name)}`;
      durations[relative] = Math.round((file.endTime - file.startTime) / 1000);
    }
  }
  const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`Recorded ${Object.keys(sorted).length} durations from ${reports.join(", ")}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--record")) recordDurations();
  else {
    const results = await runE2eLanes();
    for (const r of results)
      console.log(`  ${r.label}: ${r.passed} passed, ${r.failed} failed (exit ${r.status})`);
    process.exit(results.every((r) => r.status === 0) ? 0 : 1);
  }
}
