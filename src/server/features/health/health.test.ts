import { describe, expect, it } from "vitest";
import { injectAs, signUpAs } from "../../test/accounts-helpers.js";
import { buildTestApp, useTestApp } from "../../test/build-test-app.js";

describe("GET /api/health", () => {
  const t = useTestApp();

  it("reports the engine and that the database answers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe("ok");
    expect(body.database.engine).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
    expect(body.database.ok).toBe(true);
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers 503 when the database no longer answers", async () => {
    const other = await buildTestApp();
    await other.database.close();
    const response = await other.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json().database.ok).toBe(false);
    await other.app.close();
  });

  it("answers the liveness check without the database", async () => {
    const other = await buildTestApp();
    await other.database.close();
    const response = await other.app.inject({ method: "GET", url: "/api/health/live" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    await other.app.close();
  });

  it("shows process memory to admins only", async () => {
    const visitor = await t.app.inject({ method: "GET", url: "/api/health/runtime" });
    expect(visitor.statusCode).toBe(401);
    const customer = await signUpAs(t.app, t.database, "customer");
    const refused = await injectAs(t.app, customer.cookie, "GET", "/api/health/runtime");
    expect(refused.statusCode).toBe(403);
    const admin = await signUpAs(t.app, t.database, "admin");
    const response = await injectAs(t.app, admin.cookie, "GET", "/api/health/runtime?gc=1");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // Vitest workers run without --expose-gc, so nothing was collected on request.
    expect(body.collected).toBe(false);
    expect(body.memory.heapUsedBytes).toBeGreaterThan(1_000_000);
    expect(body.memory.rssBytes).toBeGreaterThan(body.memory.heapUsedBytes);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: "not_found", message: "No route for GET /api/does-not-exist." },
    });
  });

  it("sets security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});
