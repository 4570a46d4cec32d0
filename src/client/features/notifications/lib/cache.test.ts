import { describe, expect, it } from "vitest";
import type { NotificationItem } from "../../../../shared/notifications";
import {
  addToBell,
  addToHistory,
  emptyBell,
  emptyHistory,
  type HistoryData,
  historyItems,
  markAllReadInBell,
  markAllReadInHistory,
  updateInBell,
  updateInHistory,
} from "./cache";

function item(id: string, read = false): NotificationItem {
  return { id, type: "system", message: id, link: null, read, createdAt: "2025-06-01T12:00:00.000Z" };
}

const history = (): HistoryData => ({
  pages: [
    { items: [item("b"), item("c", true)], nextBefore: "2025-06-01T00:00:00.000Z", unreadCount: 2 },
    { items: [item("d")], nextBefore: null, unreadCount: 2 },
  ],
  pageParams: [null, "2025-06-01T00:00:00.000Z"],
});

describe("bell cache", () => {
  it("puts a new notification on top, keeps ten, counts it unread", () => {
    const full = { items: Array.from({ length: 10 }, (_, i) => item(`n${i}`, true)), unreadCount: 0 };
    const next = addToBell(full, item("new"));
    expect(next.items).toHaveLength(10);
    expect(next.items[0]?.id).toBe("new");
    expect(next.items.at(-1)?.id).toBe("n8");
    expect(next.unreadCount).toBe(1);
  });

  it("ignores a notification it already has (a replay after reconnecting)", () => {
    const bell = { items: [item("a")], unreadCount: 1 };
    expect(addToBell(bell, item("a"))).toBe(bell);
  });

  it("does not count a notification that arrives read", () => {
    expect(addToBell(emptyBell, item("a", true)).unreadCount).toBe(0);
  });

  it("replaces an opened notification and takes the server's count", () => {
    const next = updateInBell({ items: [item("a"), item("b")], unreadCount: 2 }, item("a", true), 1);
    expect(next.items.map((i) => i.read)).toEqual([true, false]);
    expect(next.unreadCount).toBe(1);
  });

  it("marks everything read", () => {
    const next = markAllReadInBell({ items: [item("a"), item("b", true)], unreadCount: 1 });
    expect(next.items.every((i) => i.read)).toBe(true);
    expect(next.unreadCount).toBe(0);
  });
});

describe("history cache", () => {
  it("prepends a new notification to the first page and counts it on every page", () => {
    const next = addToHistory(history(), item("a"));
    expect(historyItems(next).map((i) => i.id)).toEqual(["a", "b", "c", "d"]);
    expect(next.pages.map((p) => p.unreadCount)).toEqual([3, 3]);
    expect(next.pageParams).toEqual(history().pageParams);
  });

  it("ignores a notification already loaded on any page", () => {
    const data = history();
    expect(addToHistory(data, item("d"))).toBe(data);
  });

  it("replaces an opened notification wherever it is", () => {
    const next = updateInHistory(history(), item("d", true), 1);
    expect(historyItems(next).find((i) => i.id === "d")?.read).toBe(true);
    expect(next.pages.map((p) => p.unreadCount)).toEqual([1, 1]);
  });

  it("marks every loaded notification read", () => {
    const next = markAllReadInHistory(history());
    expect(historyItems(next).every((i) => i.read)).toBe(true);
    expect(next.pages.map((p) => p.unreadCount)).toEqual([0, 0]);
  });

  it("empties to a single empty page", () => {
    expect(historyItems(emptyHistory())).toEqual([]);
    expect(historyItems(undefined)).toEqual([]);
    expect(emptyHistory().pages[0]?.nextBefore).toBeNull();
  });
});
