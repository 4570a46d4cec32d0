import { describe, expect, it } from "vitest";
import type { NotificationItem } from "../../../../shared/notifications";
import { filterNotifications, hasActiveFilters, noFilters, typeFilterOptions } from "./filters";

function item(id: string, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    type: "job",
    message: `Message ${id}`,
    link: null,
    read: false,
    createdAt: "2025-06-01T12:00:00.000Z",
    ...overrides,
  };
}

const items = [
  item("a", { type: "job", message: "New job request in 28203: Lawn Mowing", read: false }),
  item("b", { type: "application", message: "New landscaper application from Lee", read: true }),
  item("c", { type: "payment", message: "Payout sent", read: false }),
  item("d", { type: "system", message: "Scheduled maintenance tonight", read: true }),
];
const ids = (list: NotificationItem[]) => list.map((i) => i.id);

describe("filterNotifications", () => {
  it("keeps everything without filters", () => {
    expect(ids(filterNotifications(items, noFilters))).toEqual(["a", "b", "c", "d"]);
  });

  it("filters by type", () => {
    expect(ids(filterNotifications(items, { ...noFilters, type: "application" }))).toEqual(["b"]);
  });

  it("filters by read state", () => {
    expect(ids(filterNotifications(items, { ...noFilters, read: "unread" }))).toEqual(["a", "c"]);
    expect(ids(filterNotifications(items, { ...noFilters, read: "read" }))).toEqual(["b", "d"]);
  });

  it("searches the message case-insensitively, ignoring surrounding spaces", () => {
    expect(ids(filterNotifications(items, { ...noFilters, search: "  LAWN mow " }))).toEqual(["a"]);
    expect(ids(filterNotifications(items, { ...noFilters, search: "new" }))).toEqual(["a", "b"]);
  });

  it("also matches the type's name", () => {
    expect(ids(filterNotifications(items, { ...noFilters, search: "payment" }))).toEqual(["c"]);
  });

  it("knows the conversation, arrival and problem report alerts", () => {
    const more = [
      ...items,
      item("e", { type: "message", message: "Carlos sent you a message about job #1042" }),
      item("f", { type: "arrival", message: "Carlos is on the way, arriving about 10:40 AM" }),
      item("g", { type: "dispute", message: "Olivia reported a problem with job #1042" }),
    ];
    expect(ids(filterNotifications(more, { ...noFilters, type: "message" }))).toEqual(["e"]);
    expect(ids(filterNotifications(more, { ...noFilters, type: "arrival" }))).toEqual(["f"]);
    expect(ids(filterNotifications(more, { ...noFilters, search: "problem report" }))).toEqual(["g"]);
    expect(typeFilterOptions.map((option) => option.label)).toEqual(
      expect.arrayContaining(["Message", "Arrival", "Problem report"]),
    );
  });

  it("combines the filters", () => {
    expect(ids(filterNotifications(items, { search: "new", type: "job", read: "unread" }))).toEqual(["a"]);
    expect(filterNotifications(items, { search: "new", type: "job", read: "read" })).toEqual([]);
  });
});

describe("filter helpers", () => {
  it("tells whether any filter is on", () => {
    expect(hasActiveFilters(noFilters)).toBe(false);
    expect(hasActiveFilters({ ...noFilters, search: "   " })).toBe(false);
    expect(hasActiveFilters({ ...noFilters, read: "read" })).toBe(true);
  });
});
