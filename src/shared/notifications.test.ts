import { describe, expect, it } from "vitest";
import { bellLabel, unreadBadge } from "./notifications";

describe("the bell", () => {
  it("shows the count up to nine, then '9+'", () => {
    expect([0, 1, 9, 10, 56].map(unreadBadge)).toEqual([null, "1", "9", "9+", "9+"]);
  });

  it("is named with what its badge shows, and the exact count", () => {
    expect(bellLabel(0)).toBe("Notifications, 0 unread");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
    expect(bellLabel(56)).toBe("Notifications, 9+ unread (56)");
    for (const count of [1, 9, 10, 56]) expect(bellLabel(count)).toContain(unreadBadge(count)!);
  });
});
