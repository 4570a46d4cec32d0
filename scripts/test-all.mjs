// `npm test`: typecheck, lint, unit and server integration tests, then browser tests against the built app.
// Ends with one "N passed, N failed" line summing every Vitest run.
import { mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { runE2eLanes } from "./e2e-lanes.mjs";
import { ensureBuilt, ensureInstalled, mustRun, root } from "./lib.mjs";
import { runVitest } from "./run-vitest.mjs";

ensureInstalled();

// The rate limiter's Redis store is tested when a Redis answers on the standard port (CI starts one).
if (!process.env.TEST_REDIS_URL && (await redisAnswers("127.0.0.1", 6379))) {
  process.env.TEST_REDIS_URL = "redis://127.0.0.1:6379";
  console.log(`• Redis found: ${process.env.TEST_REDIS_URL}`);
}

function portAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.on("connect", () => done(true));
    socket.on("timeout", () => done(false));
    socket.on("error", () => done(false));
  });
}

function redisAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 500 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => done(data.toString().startsWith("+PONG")));
    socket.on("timeout", () => done(false));
    socket.on("error", () => done(false));
  });
}

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
// The service worker is typed against the WebWorker library, apart from the DOM code (src/client/sw).
mustRun("npx", ["tsc", "--noEmit", "-p", "src/client/sw/tsconfig.json"]);
console.log("• Lint");
mustRun("npx", ["biome", "check", "."]);
// Import rules a one-file linter cannot see: no cycles anywhere in src/, features only through entry files.
console.log("• Import rules (dependency-cruiser)");
mustRun("npx", ["depcruise", "src", "--config", ".dependency-cruiser.cjs"]);

vitest("unit", ["unit"]);
vitest("server", ["server"]);

ensureBuilt({ force: true });
mustRun(process.execPath, ["scripts/ensure-chromium.mjs"]);
steps.push(...(await runE2eLanes()));
// A bounded load test of the built server (tests/load): 60 s of mixed traffic on loopback, no errors,
// memory back near its starting level.
vitest("load", ["load"]);
// Two instances behind nginx on one PostgreSQL server and one S3 store (tests/cluster): needs the PostgreSQL
// server the README names (127.0.0.1:5432, CI starts it) and Debian's nginx (installed here when missing).
if (await portAnswers("127.0.0.1", 5432)) {
  mustRun(process.execPath, ["scripts/ensure-nginx.mjs"]);
  vitest("cluster", ["cluster"]);
} else {
  console.log("• No PostgreSQL on 127.0.0.1:5432: the two-instance test (tests/cluster) is skipped");
}

const passed = steps.reduce((sum, s) => sum + s.passed, 0);
const failed = steps.reduce((sum, s) => sum + s.failed, 0);
for (const s of steps) console.log(`  ${s.label}: ${s.passed} passed, ${s.failed} failed (exit ${s.status})`);
for (const s of steps)
  for (const name of s.retried) console.log(`  ⚠ ${s.label}: passed only on a retry: ${name}`);
for (const s of steps) for (const failure of s.failures) console.log(`  ✗ ${s.label}: ${failure}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(steps.every((s) => s.status === 0) ? 0 : 1);
