import { describe, expect, it } from "vitest";
import { postSignInPath, safeRedirectPath } from "./redirect-target";

const customer = { role: "customer" as const, isAdmin: false, isMaster: false };
const landscaper = { role: "landscaper" as const, isAdmin: false, isMaster: false };
const admin = { role: "admin" as const, isAdmin: true, isMaster: false };

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/instant-quote")).toBe("/instant-quote");
    expect(safeRedirectPath("/customer-dashboard?tab=profile#top")).toBe(
      "/customer-dashboard?tab=profile#top",
    );
  });

  it("refuses anything that could leave the site", () => {
    for (const value of [
      "https://evil.test/",
      "//evil.test",
      "/\\evil.test",
      "/\t/evil.test",
      "javascript:alert(1)",
      "evil.test",
      "",
      null,
    ]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });

  it("refuses the login pages, which would loop", () => {
    expect(safeRedirectPath("/login/client")).toBeNull();
    expect(safeRedirectPath("/landscaper-login")).toBeNull();
  });
});

describe("postSignInPath", () => {
  it("sends each role home without a redirect", () => {
    expect(postSignInPath(customer, "")).toBe("/dashboard/customer-portal");
    expect(postSignInPath(landscaper, "")).toBe("/landscaper-dashboard");
    expect(postSignInPath(admin, "")).toBe("/admin");
  });

  it("rewrites /customer-dashboard to the customer portal", () => {
    expect(postSignInPath(customer, "?redirect=/customer-dashboard")).toBe("/dashboard/customer-portal");
    expect(postSignInPath(customer, "?redirect=%2Fcustomer-dashboard")).toBe("/dashboard/customer-portal");
  });

  it("honours a same-site redirect and ignores a foreign one", () => {
    expect(postSignInPath(customer, "?redirect=/instant-quote")).toBe("/instant-quote");
    expect(postSignInPath(customer, "?redirect=https://evil.test")).toBe("/dashboard/customer-portal");
  });
});
