import type { InfiniteData } from "@tanstack/react-query";
import {
  BELL_LIMIT,
  type BellResponse,
  type HistoryPage,
  type NotificationItem,
} from "../../../../shared/notifications";

export type { HistoryPage };

/** Page params are the `before` cursors (null for the newest page). */
export type HistoryData = InfiniteData<HistoryPage, unknown>;

/*
 * Pure updates of the cached bell list and history pages, so a live notification, opening one, mark-all
 * and clear show at once, without waiting for a refetch.
 */

function bump(count: number, item: NotificationItem): number {
  return item.read ? count : count + 1;
}

/** A new notification on top of the bell (latest ten); one already there is left alone. */
export function addToBell(bell: BellResponse, item: NotificationItem): BellResponse {
  if (bell.items.some((existing) => existing.id === item.id)) return bell;
  return { items: [item, ...bell.items].slice(0, BELL_LIMIT), unreadCount: bump(bell.unreadCount, item) };
}

/** A new notification on top of the first history page; one already loaded is left alone. */
export function addToHistory(data: HistoryData, item: NotificationItem): HistoryData {
  if (data.pages.some((page) => page.items.some((existing) => existing.id === item.id))) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      items: index === 0 ? [item, ...page.items] : page.items,
      unreadCount: bump(page.unreadCount, item),
    })),
  };
}

function replace(items: NotificationItem[], item: NotificationItem): NotificationItem[] {
  return items.map((existing) => (existing.id === item.id ? item : existing));
}

/** The server's answer to opening one: the updated item and the new unread count. */
export function updateInBell(bell: BellResponse, item: NotificationItem, unreadCount: number): BellResponse {
  return { items: replace(bell.items, item), unreadCount };
}

export function updateInHistory(data: HistoryData, item: NotificationItem, unreadCount: number): HistoryData {
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: replace(page.items, item), unreadCount })),
  };
}

function allRead(items: NotificationItem[]): NotificationItem[] {
  return items.map((item) => (item.read ? item : { ...item, read: true }));
}

export function markAllReadInBell(bell: BellResponse): BellResponse {
  return { items: allRead(bell.items), unreadCount: 0 };
}

export function markAllReadInHistory(data: HistoryData): HistoryData {
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: allRead(page.items), unreadCount: 0 })),
  };
}

export const emptyBell: BellResponse = { items: [], unreadCount: 0 };

export function emptyHistory(): HistoryData {
  return { pages: [{ items: [], nextBefore: null, unreadCount: 0 }], pageParams: [null] };
}

/** Every loaded history item, newest first. */
export function historyItems(data: HistoryData | undefined): NotificationItem[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}
