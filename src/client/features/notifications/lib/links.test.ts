import { describe, expect, it } from "vitest";
import { notificationTarget, targetHref } from "./links";

describe("notificationTarget", () => {
  it("keeps paths on this site for the router", () => {
    expect(notificationTarget("/admin/landscaper-approvals")).toEqual({
      kind: "internal",
      path: "/admin/landscaper-approvals",
    });
    expect(notificationTarget("/landscaper-dashboard?tab=alerts#top")).toEqual({
      kind: "internal",
      path: "/landscaper-dashboard?tab=alerts#top",
    });
  });

  it("opens http(s) addresses elsewhere as external", () => {
    expect(notificationTarget("https://example.com/x")).toEqual({
      kind: "external",
      href: "https://example.com/x",
    });
    // A protocol-relative address is another site too.
    expect(notificationTarget("//evil.test/path")).toEqual({
      kind: "external",
      href: "http://evil.test/path",
    });
  });

  it("refuses empty, relative and script links", () => {
    expect(notificationTarget(null)).toBeNull();
    expect(notificationTarget("   ")).toBeNull();
    expect(notificationTarget("admin")).toBeNull();
    expect(notificationTarget("javascript:alert(1)")).toBeNull();
    expect(notificationTarget("data:text/html,hi")).toBeNull();
  });

  it("gives the href for a link element", () => {
    expect(targetHref({ kind: "internal", path: "/a" })).toBe("/a");
    expect(targetHref({ kind: "external", href: "https://example.com/" })).toBe("https://example.com/");
  });
});
