import { describe, expect, it } from "vitest";
import { redirectForRole } from "./use-customer-access";

const base = { isAdmin: false, isMaster: false };

describe("who may see the customer screens (spec 01 section 4)", () => {
  it("customers and master users stay", () => {
    expect(redirectForRole({ ...base, role: "customer" })).toBeNull();
    expect(redirectForRole({ role: "admin", isAdmin: true, isMaster: true })).toBeNull();
    expect(redirectForRole({ role: "landscaper", isAdmin: true, isMaster: true })).toBeNull();
  });

  it("landscapers go to their dashboard, admins to /admin", () => {
    expect(redirectForRole({ ...base, role: "landscaper" })).toBe("/landscaper-dashboard");
    expect(redirectForRole({ role: "admin", isAdmin: true, isMaster: false })).toBe("/admin");
    expect(redirectForRole({ role: "customer", isAdmin: true, isMaster: false })).toBe("/admin");
  });
});
