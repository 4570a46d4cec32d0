import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/shared/**/*.test.ts", "src/client/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // PGlite is single-threaded WASM; two files at a time keeps a 2-core machine responsive.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A browser test that fails once is run once more (docs/decisions/005-browser-test-retry.md); the
          // summary of `npm test` names every test that needed it, so flakiness stays visible.
          retry: 1,
        },
      },
      {
        test: {
          name: "cluster",
          include: ["tests/cluster/**/*.test.ts"],
          environment: "node",
          // PostgreSQL, s3rver, two instances and nginx start once for the file (tests/cluster/support).
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "load",
          include: ["tests/load/**/*.test.ts"],
          environment: "node",
          // One server under load at a time; a run is ~2 minutes (start, warm-up, 60 s, idle, collections).
          testTimeout: 300_000,
          hookTimeout: 150_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
