import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema.js";
import { type RegisteredRoute, ROLE_NOT_ALLOWED } from "../plugins/access.js";
import { signUp } from "./accounts-helpers.js";
import { buildTestApp, type TestApp } from "./build-test-app.js";

type Caller = "customer" | "landscaper" | "admin" | "master";
const grantsOf: Record<Caller, string[]> = {
  customer: ["customer"],
  landscaper: ["landscaper"],
  admin: ["admin"],
  master: ["customer", "admin", "master"],
};

function allowed(route: RegisteredRoute, caller: Caller): boolean {
  if (route.access === "public" || route.access === "signed-in") return true;
  return route.access.some((grant) => grantsOf[caller].includes(grant));
}

function concreteUrl(url: string): string {
  return url.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "x");
}

/**
 * Derived from the server's own route table, so a route added later is covered without anyone
 * remembering: every non-public route refuses a visitor with 401 and each role it does not allow with 403.
 */
describe("authorization of every API route", () => {
  let t: TestApp;
  const cookies = {} as Record<Caller, string>;

  beforeAll(async () => {
    t = await buildTestApp({ MASTER_EMAILS: "master@authz.test" });
    cookies.customer = (await signUp(t.app, { role: "customer" })).cookie;
    cookies.landscaper = (await signUp(t.app, { role: "landscaper" })).cookie;
    const admin = await signUp(t.app, { role: "customer" });
    await t.database.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
    cookies.admin = admin.cookie;
    cookies.master = (await signUp(t.app, { email: "master@authz.test" })).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  it("every /api route declares its access", () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
    for (const route of t.app.routeTable) expect(route.access).toBeDefined();
  });

  it("refuses visitors (401) and roles without the right (403) on every protected route", async () => {
    const protectedRoutes = t.app.routeTable.filter((r) => r.access !== "public");
    expect(protectedRoutes.length).toBeGreaterThan(0);
    let checks = 0;
    for (const route of protectedRoutes) {
      const url = concreteUrl(route.url);
      const method = route.method as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      const payload = method === "GET" || method === "DELETE" ? undefined : {};
      const visitor = await t.app.inject({ method, url, payload });
      expect(visitor.statusCode, `${method} ${route.url} as visitor`).toBe(401);
      checks++;
      for (const caller of Object.keys(cookies) as Caller[]) {
        // A live stream never ends under inject; its refusals above and below are what matter here.
        if (allowed(route, caller) && route.url.endsWith("/stream")) {
          checks++;
          continue;
        }
        const response = await t.app.inject({ method, url, payload, headers: { cookie: cookies[caller] } });
        const label = `${method} ${route.url} as ${caller}`;
        if (allowed(route, caller)) {
          expect(response.statusCode, label).not.toBe(401);
          const isJson = String(response.headers["content-type"] ?? "").includes("application/json");
          if (isJson) expect(response.json().error?.code, label).not.toBe(ROLE_NOT_ALLOWED);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().error.code, label).toBe(ROLE_NOT_ALLOWED);
        }
        expect(response.statusCode, label).toBeLessThan(500);
        checks++;
      }
    }
    expect(checks).toBe(protectedRoutes.length * 5);
  });

  it("refuses to start when a route declares no access rule", async () => {
    const { build } = await import("../app.js");
    const app = await build({ env: t.env, database: t.database, clientDir: null, logger: false });
    await expect(
      app.register(async (scope) => {
        scope.get("/api/forgotten", async () => ({ leaked: true }));
      }),
    ).rejects.toThrow(/declares no access rule/);
    await app.close();
  });
});
