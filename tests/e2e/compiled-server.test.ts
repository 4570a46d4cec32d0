import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtServerEntry } from "../../src/server/test/built-server";
import { type AppServer, startAppServer } from "./support/server-process";

/**
 * Issue 32: `npm run build` compiles the server, and production runs it with plain node
 * (docs/decisions/016-compiled-server.md). Every browser test already talks to that server; this file checks
 * the promise itself: started from another working folder, the compiled server still finds its migrations and
 * the built SPA, and nothing it loads is TypeScript.
 */
describe("the compiled server", () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer({
      label: "compiled",
      cwd: os.tmpdir(),
      env: {
        SEED_DEMO: "false",
        ADMIN_EMAIL: "admin@compiled.test",
        ADMIN_PASSWORD: "compiled-admin-password",
      },
    });
  });
  afterAll(() => server?.stop());

  it("runs as plain node on build/server/main.js", () => {
    const argv = readFileSync(`/proc/${server.pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    expect(argv).toContain(builtServerEntry);
    expect(argv.join(" ")).not.toMatch(/tsx|\.ts\b/);
  });

  it("answers /api/health with its database migrated", async () => {
    const response = await fetch(`${server.baseURL}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { engine: "pglite", ok: true } });
  });

  it("serves the built SPA", async () => {
    const response = await fetch(`${server.baseURL}/about`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("GreenScape");
  });

  it("imports no TypeScript tooling: tsx is for `npm run dev` and the tests", () => {
    const dir = path.dirname(builtServerEntry);
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".js"))) {
      const code = readFileSync(path.join(dir, file), "utf8");
      expect(code, file).not.toMatch(/\bfrom\s+["'](tsx|esbuild|typescript)(\/[^"']*)?["']/);
      expect(code, file).not.toMatch(/import\(\s*["'](tsx|esbuild|typescript)["']/);
    }
  });
});
