// Runs Vitest projects and prints one "N passed, N failed" line: `node scripts/run-vitest.mjs <label> <project...>`.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { root, run } from "./lib.mjs";

function vitestArgs(label, projects, files = []) {
  const outDir = path.join(root, "test-results");
  mkdirSync(outDir, { recursive: true });
  const outputFile = path.join(outDir, `${label}.json`);
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), ...files];
  args.push("--reporter=default", "--reporter=json", `--outputFile.json=${outputFile}`);
  return { args, outputFile };
}

/** Reads Vitest's JSON report: counts, and the tests that passed only on a retry. */
function summarise(label, status, outputFile) {
  let passed = 0;
  let failed = 0;
  const retried = [];
  const failures = [];
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, "utf8"));
    passed = report.numPassedTests ?? 0;
    failed = report.numFailedTests ?? 0;
    // A test that passed with failure messages passed on a retry.
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === "passed" && test.failureMessages?.length) retried.push(test.fullName);
        // A failed test's name and its message's first line, repeated at the end of `npm test`: CI keeps only
        // the last part of a long log, where a failure far above would be lost.
        if (test.status === "failed")
          failures.push(
            `${test.fullName}: ${(test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300)}`,
          );
      }
    }
  }
  if (status !== 0 && failed === 0) failed = 1;
  for (const name of retried) console.log(`  ⚠ passed only on a retry: ${name}`);
  return { label, status, passed, failed, retried, failures };
}

export function runVitest(label, projects) {
  const { args, outputFile } = vitestArgs(label, projects);
  return summarise(label, run("npx", args), outputFile);
}

/**
 * Runs Vitest on some files as a child process alongside others (scripts/e2e-lanes.mjs), each output line
 * prefixed with the label so two lanes' logs can be told apart.
 */
export function runVitestLane(label, projects, files) {
  const { args, outputFile } = vitestArgs(label, projects, files);
  return new Promise((resolve, reject) => {
    const child = spawn("npx", args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: process.env });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) out.write(`[${label}] ${line}\n`);
      });
      stream.on("end", () => rest && out.write(`[${label}] ${rest}\n`));
    }
    child.on("error", reject);
    child.on("close", (code) => resolve(summarise(label, code ?? 1, outputFile)));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [label = "vitest", ...projects] = process.argv.slice(2);
  const result = runVitest(label, projects);
  for (const failure of result.failures) console.log(`  ✗ ${label}: ${failure}`);
  console.log(`\n${result.passed} passed, ${result.failed} failed`);
  process.exit(result.status === 0 ? 0 : 1);
}
