import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { jobMessages } from "../../shared/jobs.js";
import { user } from "../db/schema.js";
import { type RegisteredRoute, ROLE_NOT_ALLOWED } from "../plugins/access.js";
import { cookieOf, signIn, signUp } from "./accounts-helpers.js";
import { useTestApp } from "./build-test-app.js";
import { snapshot } from "./db-snapshot.js";
import { createJob, createLandscaper } from "./landscaper-helpers.js";

type Caller = "visitor" | "customer" | "pendingLandscaper" | "approvedLandscaper" | "admin" | "master";
const callers: Caller[] = [
  "visitor",
  "customer",
  "pendingLandscaper",
  "approvedLandscaper",
  "admin",
  "master",
];
const grantsOf: Record<Caller, string[]> = {
  visitor: [],
  customer: ["customer"],
  pendingLandscaper: ["landscaper"],
  approvedLandscaper: ["landscaper"],
  admin: ["admin"],
  master: ["customer", "admin", "master"],
};

function allowed(route: RegisteredRoute, caller: Caller): boolean {
  if (route.access === "public") return true;
  if (caller === "visitor") return false;
  if (route.access === "signed-in") return true;
  return route.access.some((grant) => grantsOf[caller].includes(grant));
}

function concreteUrl(url: string): string {
  return url.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "x");
}

/**
 * Approval is not a role: a landscaper's application status is checked by the job service, so these
 * routes are listed here with the refusal the service defines for a landscaper not yet approved.
 */
const approvalRequired: { method: "POST"; url: string; body: object }[] = [
  { method: "POST", url: "/api/jobs/:id/accept", body: { price: 120 } },
  { method: "POST", url: "/api/jobs/:id/decline", body: {} },
  { method: "POST", url: "/api/jobs/:id/complete", body: { finalPrice: 120 } },
];

describe("authorization of every API route", () => {
  const cookies = {} as Record<Exclude<Caller, "visitor">, string>;
  const passwords = {} as Record<Exclude<Caller, "visitor">, { email: string; password: string }>;

  const t = useTestApp({ MASTER_EMAILS: "master@authz.test" }, 180_000);
  // Building the app and hashing passwords is slow on a busy 2-core machine.
  beforeAll(async () => {
    const accounts = {
      customer: await signUp(t.app, { role: "customer" }),
      pendingLandscaper: await createLandscaper(t, { status: "pending", zips: ["28202"] }),
      approvedLandscaper: await createLandscaper(t, { status: "approved", zips: ["28202"] }),
      admin: await signUp(t.app, { role: "customer" }),
      master: await signUp(t.app, { email: "master@authz.test" }),
    };
    await t.database.db.update(user).set({ role: "admin" }).where(eq(user.id, accounts.admin.id));
    for (const [caller, account] of Object.entries(accounts) as [
      keyof typeof accounts,
      typeof accounts.admin,
    ][]) {
      cookies[caller] = account.cookie;
      passwords[caller] = { email: account.email, password: account.password };
    }
  }, 180_000);
  it("every /api route declares its access", () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
    for (const route of t.app.routeTable) expect(route.access).toBeDefined();
  });

  it("answers every route as each caller the way its declared rule says: 401 visitor, 403 role_not_allowed", async () => {
    let checks = 0;
    let skipped = 0;
    for (const route of t.app.routeTable) {
      const url = concreteUrl(route.url);
      const method = route.method as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      const payload = method === "GET" || method === "DELETE" ? undefined : {};
      for (const caller of callers) {
        const label = `${method} ${route.url} as ${caller}`;
        // A live stream never ends under inject; its refusals are what matter here.
        if (allowed(route, caller) && route.url.endsWith("/stream")) {
          skipped++;
          continue;
        }
        const headers = caller === "visitor" ? {} : { cookie: cookies[caller] };
        const response = await t.app.inject({ method, url, payload, headers });
        if (!allowed(route, caller)) {
          if (caller === "visitor") {
            expect(response.statusCode, label).toBe(401);
            expect(response.json().error.code, label).toBe("unauthorized");
          } else {
            expect(response.statusCode, label).toBe(403);
            expect(response.json().error.code, label).toBe(ROLE_NOT_ALLOWED);
          }
        } else {
          if (route.access !== "public") expect(response.statusCode, label).not.toBe(401);
          const isJson = String(response.headers["content-type"] ?? "").includes("application/json");
          if (isJson) expect(response.json().error?.code, label).not.toBe(ROLE_NOT_ALLOWED);
        }
        expect(response.statusCode, label).toBeLessThan(500);
        checks++;
        // Signing out ended this caller's session; the rest of the matrix needs a fresh one.
        if (route.url === "/api/auth/sign-out" && caller !== "visitor") {
          const again = await signIn(t.app, passwords[caller].email, passwords[caller].password);
          expect(again.statusCode, label).toBe(200);
          cookies[caller] = cookieOf(again.headers["set-cookie"]);
        }
      }
    }
    console.log(
      `authorization: ${t.app.routeTable.length} routes × ${callers.length} callers = ${checks} checks` +
        ` (${skipped} live-stream calls skipped)`,
    );
    expect(checks + skipped).toBe(t.app.routeTable.length * callers.length);
  }, 300_000);

  it("refuses a pending landscaper the job actions the service keeps for approved ones, changing nothing", async () => {
    const jobId = await createJob(t.app, { zipCode: "28202" });
    const before = await snapshot(t.database);
    for (const action of approvalRequired) {
      const url = action.url.replace(":id", jobId);
      const response = await t.app.inject({
        method: action.method,
        url,
        payload: action.body,
        headers: { cookie: cookies.pendingLandscaper },
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error, url).toEqual({ code: "forbidden", message: jobMessages.notApproved });
    }
    expect(await snapshot(t.database)).toEqual(before);

    // The queue is not refused, but shows a pending landscaper no open jobs in their area.
    const pendingQueue = await t.app.inject({
      method: "GET",
      url: "/api/landscaper/jobs",
      headers: { cookie: cookies.pendingLandscaper },
    });
    expect(pendingQueue.statusCode).toBe(200);
    expect(pendingQueue.json().jobs.map((j: { id: string }) => j.id)).not.toContain(jobId);
    const approvedQueue = await t.app.inject({
      method: "GET",
      url: "/api/landscaper/jobs",
      headers: { cookie: cookies.approvedLandscaper },
    });
    expect(approvedQueue.json().jobs.map((j: { id: string }) => j.id)).toContain(jobId);

    // The same request from an approved landscaper goes through: the refusal above was approval alone.
    const accepted = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${jobId}/accept`,
      payload: { price: 120 },
      headers: { cookie: cookies.approvedLandscaper },
    });
    expect(accepted.statusCode).toBe(200);
    console.log(`authorization: ${approvalRequired.length + 1} approval checks for a pending landscaper`);
  });

  /** A fresh app (on this file's database) that `addRoute` gives one route: its start fails with `refusal`. */
  async function expectRefusedAtStart(addRoute: (scope: FastifyInstance) => void, refusal: RegExp) {
    const { build } = await import("../app.js");
    const app = await build({ env: t.env, database: t.database, clientDir: null, logger: false });
    await expect(
      app.register(async (scope) => {
        addRoute(scope);
      }),
    ).rejects.toThrow(refusal);
    await app.close();
  }

  it("refuses to start when a route declares no access rule", async () => {
    await expectRefusedAtStart((scope) => {
      scope.get("/api/forgotten", async () => ({ leaked: true }));
    }, /declares no access rule/);
  });

  it("refuses to start when a route has path parameters but declares no schema for them", async () => {
    await expectRefusedAtStart((scope) => {
      scope.get("/api/things/:id", { config: { access: "signed-in", answer: "raw" } }, async () => ({}));
    }, /declares no schema for its path/);
  });

  it("refuses to start when a route declares no answer schema", async () => {
    await expectRefusedAtStart((scope) => {
      scope.get("/api/things", { config: { access: "signed-in" } }, async () => ({ passwordHash: "x" }));
    }, /declares no answer schema/);
  });

  it("lists each route's declared input in the route table, where the fuzz tests find it", () => {
    const withParams = t.app.routeTable.filter((route) => route.url.includes("/:"));
    expect(withParams.length).toBeGreaterThan(0);
    for (const route of withParams) expect(route.input?.schemas.params, route.url).toBeDefined();
    const cancel = t.app.routeTable.find((route) => route.url === "/api/jobs/:id/cancel");
    expect(Object.keys(cancel?.input?.schemas ?? {}).sort()).toEqual(["body", "params"]);
  });
});
