// Runs Vitest projects and prints one "N passed, N failed" line: `node scripts/run-vitest.mjs <label> <project...>`.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { root, run } from "./lib.mjs";

export function runVitest(label, projects) {
  const outDir = path.join(root, "test-results");
  mkdirSync(outDir, { recursive: true });
  const outputFile = path.join(outDir, `${label}.json`);
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p])];
  args.push("--reporter=default", "--reporter=json", `--outputFile.json=${outputFile}`);
  const status = run("npx", args);
  let passed = 0;
  let failed = 0;
  const retried = [];
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, "utf8"));
    passed = report.numPassedTests ?? 0;
    failed = report.numFailedTests ?? 0;
    // A test that passed with failure messages passed on a retry.
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === "passed" && test.failureMessages?.length) retried.push(test.fullName);
      }
    }
  }
  if (status !== 0 && failed === 0) failed = 1;
  for (const name of retried) console.log(`  ⚠ passed only on a retry: ${name}`);
  return { label, status, passed, failed, retried };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [label = "vitest", ...projects] = process.argv.slice(2);
  const result = runVitest(label, projects);
  console.log(`\n${result.passed} passed, ${result.failed} failed`);
  process.exit(result.status === 0 ? 0 : 1);
}
