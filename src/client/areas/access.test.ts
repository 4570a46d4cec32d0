import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../shared/session";
import { type Area, decideAccess } from "./access";

function user(over: Partial<SessionUser>): SessionUser {
  return {
    id: "u1",
    email: "u@example.com",
    name: "Una User",
    firstName: "Una",
    lastName: "User",
    role: "customer",
    isAdmin: false,
    isMaster: false,
    landscaperStatus: null,
    emailVerified: true,
    impersonatedBy: null,
    ...over,
  };
}

const customer = user({ role: "customer" });
const landscaper = user({ role: "landscaper" });
const admin = user({ role: "admin", isAdmin: true });
const master = user({ role: "admin", isAdmin: true, isMaster: true });
const adminByEmail = user({ role: "customer", isAdmin: true });

function where(area: Area, who: SessionUser | null, back = "/x?y=1") {
  const d = decideAccess(area, who, back);
  return d.kind === "redirect" ? d.to : d.kind === "allow" ? (d.preview ? "preview" : "allow") : "403";
}

describe("who may open which screen (spec 01 §4, 02 §9)", () => {
  it("visitors go to the login of the area, customers' and signed-in screens with the way back", () => {
    expect(where("customer", null)).toBe("/login/client?redirect=%2Fx%3Fy%3D1");
    expect(where("signed-in", null)).toBe("/login/client?redirect=%2Fx%3Fy%3D1");
    expect(where("customer-onboarding", null, "/onboarding/client")).toBe(
      "/login/client?redirect=%2Fonboarding%2Fclient",
    );
    expect(where("landscaper", null)).toBe("/login/landscaper");
    expect(where("landscaper-onboarding", null)).toBe("/login/landscaper");
    expect(decideAccess("admin", null, "/admin")).toEqual({ kind: "forbidden", signedIn: false });
  });

  it("customer screens: customers stay, master users preview, the others go home", () => {
    expect(where("customer", customer)).toBe("allow");
    expect(where("customer", master)).toBe("preview");
    expect(where("customer", user({ role: "landscaper", isAdmin: true, isMaster: true }))).toBe("preview");
    expect(where("customer", landscaper)).toBe("/landscaper-dashboard");
    expect(where("customer", admin)).toBe("/admin");
    expect(where("customer", adminByEmail)).toBe("/admin");
  });

  it("client onboarding is for customers only", () => {
    expect(where("customer-onboarding", customer)).toBe("allow");
    expect(where("customer-onboarding", master)).toBe("/admin");
    expect(where("customer-onboarding", landscaper)).toBe("/landscaper-dashboard");
  });

  it("landscaper screens: landscapers stay, master users preview the dashboard, not the application", () => {
    expect(where("landscaper", landscaper)).toBe("allow");
    expect(where("landscaper", master)).toBe("preview");
    expect(where("landscaper", customer)).toBe("/dashboard/customer-portal");
    expect(where("landscaper", admin)).toBe("/admin");
    expect(where("landscaper-onboarding", landscaper)).toBe("allow");
    expect(where("landscaper-onboarding", master)).toBe("/admin");
    expect(where("landscaper-onboarding", customer)).toBe("/dashboard/customer-portal");
  });

  it("admin screens: admins and master users; everyone else sees the 403 content in place", () => {
    expect(where("admin", admin)).toBe("allow");
    expect(where("admin", master)).toBe("allow");
    expect(where("admin", adminByEmail)).toBe("allow");
    expect(where("admin", customer)).toBe("403");
    expect(where("admin", landscaper)).toBe("403");
  });

  it("notifications are open to every signed-in role", () => {
    for (const who of [customer, landscaper, admin, master]) expect(where("signed-in", who)).toBe("allow");
  });
});
