import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env.js";

const root = path.resolve(import.meta.dirname, "../../..");

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", SEED_DEMO: "false", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("configuration", () => {
  it("has working defaults: port 3000, embedded database under ./data, demo data on", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.SEED_DEMO).toBe(true);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("refuses the renamed MAIL_WORKER, and the test-only private push addresses in production", () => {
    expect(() => loadEnv({ MAIL_WORKER: "false" })).toThrow(/MAIL_WORKER: was renamed OUTBOX_WORKER/);
    expect(() => loadEnv({ NODE_ENV: "production", PUSH_ALLOW_PRIVATE_ADDRESSES: "true" })).toThrow(
      /PUSH_ALLOW_PRIVATE_ADDRESSES: is for tests only/,
    );
    expect(loadEnv({}).PUSH_ENDPOINT_HOSTS).toContain("fcm.googleapis.com");
  });

  it("keeps uploads on disk unless S3_BUCKET is set, and refuses half an S3 configuration", () => {
    expect(loadEnv({}).S3_BUCKET).toBeUndefined();
    const s3 = loadEnv({ S3_BUCKET: "greenscape-uploads", S3_FORCE_PATH_STYLE: "true", S3_PREFIX: "prod/" });
    expect(s3).toMatchObject({
      S3_BUCKET: "greenscape-uploads",
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: true,
    });
    expect(() => loadEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET: is required/);
    expect(() => loadEnv({ S3_BUCKET: "uploads", S3_ACCESS_KEY_ID: "key" })).toThrow(/set both/);
    expect(() => loadEnv({ S3_BUCKET: "Up" })).toThrow(/S3_BUCKET: must be 3 to 63 characters/);
    expect(() => loadEnv({ S3_BUCKET: "uploads", S3_PREFIX: "prod" })).toThrow(
      /S3_PREFIX: must be empty or end with \//,
    );
  });

  it("serves no metrics by default and checks the metrics and readiness settings", () => {
    const env = loadEnv({});
    expect(env.METRICS_PORT).toBeUndefined();
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env).toMatchObject({ OUTBOX_LAG_READY_SECONDS: 900, PASS_LAG_READY_SECONDS: 600 });
    expect(() => loadEnv({ METRICS_PORT: "3000" })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadEnv({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT: must be between 1 and 65535/);
    expect(() => loadEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be 32 to 100 characters/);
    expect(() => loadEnv({ METRICS_TOKEN: `${"a".repeat(20)} ${"b".repeat(20)}` })).toThrow(
      /METRICS_TOKEN: must be printable characters without spaces/,
    );
    expect(() => loadEnv({ PAYMENTS_POLL_MS: "600000", PASS_LAG_READY_SECONDS: "900" })).toThrow(
      /PASS_LAG_READY_SECONDS: must be at least two PAYMENTS_POLL_MS periods/,
    );
    // 0 turns the limit off, whatever the poll period.
    expect(loadEnv({ PAYMENTS_POLL_MS: "600000", PASS_LAG_READY_SECONDS: "0" }).PASS_LAG_READY_SECONDS).toBe(
      0,
    );
  });

  it("creates no demo accounts in production unless SEED_DEMO asks for them", () => {
    expect(loadEnv({ NODE_ENV: "production" }).SEED_DEMO).toBe(false);
    expect(loadEnv({ NODE_ENV: "production", SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: "development" }).SEED_DEMO).toBe(true);
  });

  it("reads comma-separated, case-insensitive email lists", () => {
    const env = loadEnv({ ADMIN_EMAILS: " Boss@Example.com, ops@example.com ,", MASTER_EMAILS: "" });
    expect(env.ADMIN_EMAILS).toEqual(["boss@example.com", "ops@example.com"]);
    expect(env.MASTER_EMAILS).toEqual([]);
  });

  it("names every invalid variable in one message", () => {
    expect(() => loadEnv({ PORT: "70000", DATABASE_URL: "mysql://nope", SEED_DEMO: "maybe" })).toThrow(
      ConfigError,
    );
    try {
      loadEnv({ PORT: "70000", DATABASE_URL: "mysql://nope", SEED_DEMO: "maybe" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT: must be between 1 and 65535");
      expect(message).toContain("DATABASE_URL: must be a postgres:// or postgresql:// connection URL");
      expect(message).toContain("SEED_DEMO: must be true or false");
    }
  });

  it("refuses a common ADMIN_PASSWORD, which no sign-up form would check", () => {
    expect(() => loadEnv({ ADMIN_PASSWORD: "Password123" })).toThrow(/ADMIN_PASSWORD: is a common password/);
    expect(loadEnv({ ADMIN_PASSWORD: "e2e-admin-password" }).ADMIN_PASSWORD).toBe("e2e-admin-password");
  });

  it("trusts X-Forwarded-For only from the proxies' addresses; refuses true and hop counts", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.5" }).TRUST_PROXY).toEqual(["10.0.0.5"]);
    expect(loadEnv({ TRUST_PROXY: " 10.0.0.0/8, fd00::/8 ,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "fd00::/8",
      "loopback",
    ]);
    // `true` believed every entry a client wrote: the limits and the sign-in lock-out were the client's to pick.
    for (const value of ["true", "yes"]) {
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: true would believe any client's X-Forwarded-For; give the proxies' addresses/,
      );
    }
    // A hop count cannot tell the proxy from a client that reaches the instance directly.
    for (const value of ["1", "2"]) {
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: a hop count cannot tell the proxy/);
    }
    for (const value of ["10.0.0.0/33", "nginx.internal", "10.0.0.1,,"]) {
      expect(() => loadEnv({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: must be false or a comma-separated list of addresses/,
      );
    }
  });

  it("a bad PORT stops the start with a clear message", () => {
    const result = start({ PORT: "not-a-port" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT: must be a port number");
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it("TRUST_PROXY=true (the old deployment advice) stops the start and says what to set instead", () => {
    const result = start({ TRUST_PROXY: "true" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "TRUST_PROXY: true would believe any client's X-Forwarded-For; give the proxies' addresses instead",
    );
  });

  it("an unreachable DATABASE_URL stops the start with a clear message", () => {
    const result = start({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("DATABASE_URL: could not connect to PostgreSQL at 127.0.0.1:1/nowhere");
  });
});
