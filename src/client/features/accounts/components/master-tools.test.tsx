// @vitest-environment jsdom
import type { ReactNode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../../../shared/session";
import { MasterBanner } from "./master-banner";
import { MasterSwitcher } from "./master-switcher";

const base: SessionUser = {
  id: "u1",
  email: "staff@example.com",
  name: "Staff Person",
  firstName: "Staff",
  lastName: "Person",
  role: "admin",
  isAdmin: true,
  isMaster: false,
  landscaperStatus: null,
  emailVerified: true,
  impersonatedBy: null,
};

function render(node: ReactNode): string {
  const container = document.createElement("div");
  const root = createRoot(container);
  flushSync(() => {
    root.render(<MemoryRouter initialEntries={["/landscaper-dashboard"]}>{node}</MemoryRouter>);
  });
  const html = container.innerHTML;
  root.unmount();
  return html;
}

describe("master tools", () => {
  it("render nothing for visitors and non-master users", () => {
    for (const user of [null, base, { ...base, role: "customer" as const, isAdmin: false }]) {
      expect(render(<MasterBanner user={user} />)).toBe("");
      expect(render(<MasterSwitcher user={user} />)).toBe("");
    }
  });

  it("show the banner with its two actions to master users", () => {
    const html = render(<MasterBanner user={{ ...base, isMaster: true }} />);
    expect(html).toContain("MASTER MODE ENABLED — Admin Tools Activated");
    expect(html).toMatch(/<a[^>]*href="\/admin\/jobs"[^>]*>View All Jobs<\/a>/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Impersonate User \(coming soon\)<\/button>/);
  });

  it("show both views to master users and mark the current one", () => {
    const html = render(<MasterSwitcher user={{ ...base, isMaster: true }} />);
    expect(html).toMatch(
      /href="\/landscaper-dashboard"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/landscaper-dashboard"/,
    );
    expect(html).toContain("Landscaper View");
    expect(html).toContain('href="/dashboard/customer"');
    expect(html).toContain("Customer View");
  });
});
