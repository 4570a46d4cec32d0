import { beforeAll, describe, expect, it } from "vitest";
import { ROLE_NOT_ALLOWED } from "../../plugins/access.js";
import { signUp, signUpAs } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";

const MASTER = "master@admin-access.test";
const LISTED_ADMIN = "listed@admin-access.test";

describe("admin and export routes are for admins only", () => {
  const cookies: Record<"customer" | "landscaper" | "admin" | "master" | "listedAdmin", string> = {
    customer: "",
    landscaper: "",
    admin: "",
    master: "",
    listedAdmin: "",
  };

  const t = useTestApp({ MASTER_EMAILS: MASTER, ADMIN_EMAILS: LISTED_ADMIN });
  beforeAll(async () => {
    cookies.customer = (await signUpAs(t.app, t.database, "customer")).cookie;
    cookies.landscaper = (await signUpAs(t.app, t.database, "landscaper")).cookie;
    cookies.admin = (await signUpAs(t.app, t.database, "admin")).cookie;
    cookies.master = (await signUp(t.app, { email: MASTER })).cookie;
    cookies.listedAdmin = (await signUp(t.app, { email: LISTED_ADMIN })).cookie;
  });

  const adminRoutes = () =>
    t.app.routeTable.filter(
      (route) => route.url.startsWith("/api/admin") || route.url.startsWith("/api/exports"),
    );

  it("registers every route of the issue, each declaring access admin", () => {
    const urls = adminRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        "GET /api/admin/dashboard",
        "GET /api/admin/jobs",
        "GET /api/admin/applications",
        "POST /api/admin/applications/:userId/approve",
        "POST /api/admin/applications/:userId/deny",
        "GET /api/admin/users",
        "POST /api/admin/users/:userId/promote",
        "GET /api/admin/analytics",
        "GET /api/exports/clients.csv",
        "GET /api/exports/landscapers.csv",
        "GET /api/exports/jobs.csv",
        "GET /api/exports/ratings.csv",
        "GET /api/exports/analytics.csv",
        "GET /api/exports/reports.zip",
        "GET /api/exports/payments.csv",
        "GET /api/admin/payments",
        "POST /api/admin/jobs/:id/refund",
        "POST /api/admin/jobs/:id/charge-reported",
        "POST /api/admin/jobs/:id/release-payment",
        "POST /api/admin/payouts/run",
        "GET /api/admin/resolutions",
        "POST /api/admin/jobs/:id/resolve",
        "GET /api/admin/paused-landscapers",
        "POST /api/admin/landscapers/:userId/lift-pause",
        "GET /api/admin/pricing",
        "POST /api/admin/pricing",
        "GET /api/admin/pricing-figures",
        "GET /api/admin/booking-figures",
        "PUT /api/admin/landscapers/:id/insurance",
        "GET /api/admin/reviews/reported",
        "POST /api/admin/reviews/:id/remove",
        "POST /api/admin/reviews/:id/keep",
        "POST /api/admin/users/:userId/suspend",
        "POST /api/admin/users/:userId/reinstate",
        "POST /api/admin/users/:userId/revoke-admin",
        "POST /api/admin/users/:userId/resend-confirmation",
        "GET /api/admin/audit",
        "GET /api/exports/audit.csv",
        "GET /api/admin/health",
        "GET /api/admin/health/summary",
        "GET /api/admin/needs-a-pro",
        "GET /api/admin/needs-a-pro/:id/pros",
        "POST /api/admin/needs-a-pro/:id/assign",
        "POST /api/admin/needs-a-pro/:id/tell-customer",
      ]),
    );
    for (const route of adminRoutes()) expect(route.access, route.url).toEqual(["admin"]);
  });

  it("answers 401 to visitors and 403 to customers and landscapers, and serves admins and master users", async () => {
    const routes = adminRoutes();
    expect(routes.length).toBe(49);
    for (const route of routes) {
      const url = route.url
        .replace(":userId", "no-such-user")
        .replace(":id", "00000000-0000-0000-0000-000000000000")
        .replace(":decision", "approve");
      const method = route.method as "GET" | "POST";
      const payload = method === "POST" ? {} : undefined;
      const visitor = await t.app.inject({ method, url, payload });
      expect(visitor.statusCode, `${route.url} as visitor`).toBe(401);
      for (const role of ["customer", "landscaper"] as const) {
        const response = await t.app.inject({ method, url, payload, headers: { cookie: cookies[role] } });
        expect(response.statusCode, `${route.url} as ${role}`).toBe(403);
        expect(response.json().error.code).toBe(ROLE_NOT_ALLOWED);
      }
      for (const role of ["admin", "master", "listedAdmin"] as const) {
        const response = await t.app.inject({ method, url, payload, headers: { cookie: cookies[role] } });
        // Allowed through the guard: 200, 404 (no such user or job, or an export with no data), or 400 for a
        // body the route refuses (a refund without an amount); never 401/403.
        expect([200, 400, 404], `${route.url} as ${role}`).toContain(response.statusCode);
      }
    }
  });
});
