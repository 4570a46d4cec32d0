import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** A screen reachable at several paths (the spec's aliases) gets one route entry per path, named by its file. */
function aliases(paths: string[], file: string) {
  const name = file.slice(file.lastIndexOf("/") + 1).replace(/\.tsx$/, "");
  return paths.map((path, i) => route(path, file, { id: `${name}-${i}` }));
}

export default [
  // Who may open which screen: the public pages sit directly in the site layout; every other screen sits in
  // one area layout (src/client/areas) whose loader applies the rules of src/client/areas/access.ts.
  layout("features/site/components/site-layout.tsx", [
    // Public site
    index("features/site/routes/home.tsx"),
    route("about", "features/site/routes/about.tsx"),
    route("services", "features/site/routes/services.tsx"),
    route("professionals", "features/site/routes/professionals.tsx"),
    route("pros/:slug", "features/profiles/routes/pro-profile.tsx"),
    route("troubleshooting", "features/site/routes/troubleshooting.tsx"),
    route("terms-of-service", "features/site/routes/terms-of-service.tsx"),
    ...aliases(["privacy-policy", "privacy"], "features/site/routes/privacy-policy.tsx"),
    ...aliases(["refund-policy", "refunds"], "features/site/routes/refund-policy.tsx"),
    route("403", "features/site/routes/access-denied.tsx"),
    // Old paths and aliases that forward elsewhere (the table is in the module).
    ...aliases(
      ["about-us", "terms", "landscaper-login", "admin-dashboard"],
      "features/site/routes/moved.tsx",
    ),

    // Quotes
    route("instant-quote", "features/quotes/routes/instant-quote.tsx"),
    route("quote-submitted", "features/quotes/routes/quote-submitted.tsx"),

    // Accounts
    ...aliases(["login/client", "login/landscaper"], "features/accounts/routes/login.tsx"),
    route("login/admin", "features/accounts/routes/login-admin.tsx"),
    ...aliases(
      ["signup", "register", "register/client", "register/landscaper"],
      "features/accounts/routes/sign-up.tsx",
    ),
    ...aliases(
      ["forgot-password/client", "forgot-password/landscaper"],
      "features/accounts/routes/forgot-password.tsx",
    ),
    route("request-reset", "features/accounts/routes/request-reset.tsx"),
    route("verify-email", "features/accounts/routes/verify-email.tsx"),
    ...aliases(
      [
        "reset-password",
        "reset-password/client",
        "reset-password/landscaper",
        "lux-reset-password",
        "landscaper-reset-password",
        "reset",
      ],
      "features/accounts/routes/reset-password.tsx",
    ),
    route("dashboard", "features/accounts/routes/dashboard-redirect.tsx"),

    // Signed-in users of any role: their own notifications
    layout("areas/signed-in-area.tsx", [
      route("dashboard/settings/notifications", "features/notifications/routes/notification-settings.tsx"),
      route("dashboard/notifications", "features/notifications/routes/notification-history.tsx"),
    ]),

    // Customers (master users preview)
    layout("areas/customer-onboarding-area.tsx", [
      route("onboarding/client", "features/customers/routes/client-onboarding.tsx"),
    ]),
    layout("areas/customer-area.tsx", [
      ...aliases(
        ["dashboard/customer", "dashboard/client", "customer-dashboard"],
        "features/customers/routes/customer-dashboard.tsx",
      ),
      route("dashboard/customer-portal", "features/customers/routes/customer-portal.tsx"),
    ]),

    // Landscapers (master users preview the dashboard and portal)
    layout("areas/landscaper-onboarding-area.tsx", [
      route("onboarding/landscaper", "features/landscapers/routes/landscaper-onboarding.tsx"),
      route("upload-documents", "features/landscapers/routes/upload-documents.tsx"),
    ]),
    layout("areas/landscaper-area.tsx", [
      ...aliases(
        ["landscaper-dashboard", "dashboard/landscaper"],
        "features/landscapers/routes/landscaper-dashboard.tsx",
      ),
      route("landscaper-portal", "features/landscapers/routes/landscaper-portal.tsx"),
    ]),

    // Admins (and master users); everyone else sees the 403 content in place
    layout("areas/admin-area.tsx", [
      route("admin", "features/admin/routes/admin-dashboard.tsx"),
      route("admin/landscaper-approvals", "features/admin/routes/landscaper-approvals.tsx"),
      route("admin/users", "features/admin/routes/users.tsx"),
      route("admin/jobs", "features/admin/routes/jobs.tsx"),
      route("admin/needs-a-pro", "features/admin/routes/needs-a-pro.tsx"),
      route("admin/analytics", "features/admin/routes/analytics.tsx"),
      route("admin/health", "features/admin/routes/health.tsx"),
      route("admin/deliveries", "features/admin/routes/deliveries.tsx"),
      route("admin/payments", "features/admin/routes/payments.tsx"),
      route("admin/pricing", "features/admin/routes/pricing.tsx"),
      route("admin/resolutions", "features/admin/routes/resolutions.tsx"),
      route("admin/audit", "features/admin/routes/audit.tsx"),
    ]),

    route("*", "features/site/routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
