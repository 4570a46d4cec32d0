// `npm test`: typecheck, lint, unit and server integration tests, then browser tests against the built app.
// Ends with one "N passed, N failed" line summing every Vitest run.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureBuilt, ensureInstalled, mustRun, root } from "./lib.mjs";
import { runVitest } from "./run-vitest.mjs";

ensureInstalled();

const steps = [];
const outDir = path.join(root, "test-results");
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

function vitest(label, projects) {
  steps.push(runVitest(label, projects));
}

console.log("• Typecheck");
mustRun("npx", ["react-router", "typegen"]);
mustRun("npx", ["tsc", "--noEmit"]);
console.log("• Lint");
mustRun("npx", ["biome", "check", "."]);

vitest("unit", ["unit"]);
vitest("server", ["server"]);

ensureBuilt({ force: true });
mustRun(process.execPath, ["scripts/ensure-chromium.mjs"]);
vitest("e2e", ["e2e"]);
// A bounded load test of the built server (tests/load): 60 s of mixed traffic on loopback, no errors,
// memory back near its starting level.
vitest("load", ["load"]);

const passed = steps.reduce((sum, s) => sum + s.passed, 0);
const failed = steps.reduce((sum, s) => sum + s.failed, 0);
for (const s of steps) console.log(`  ${s.label}: ${s.passed} passed, ${s.failed} failed (exit ${s.status})`);
for (const s of steps)
  for (const name of s.retried) console.log(`  ⚠ ${s.label}: passed only on a retry: ${name}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(steps.every((s) => s.status === 0) ? 0 : 1);
