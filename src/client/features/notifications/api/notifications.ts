import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  type BellResponse,
  HISTORY_PAGE,
  type MarkReadAnswer,
  type NotificationItem,
} from "../../../../shared/notifications";
import { apiFetch } from "../../../lib/api-client";
import {
  addToBell,
  addToHistory,
  emptyBell,
  emptyHistory,
  type HistoryData,
  type HistoryPage,
  markAllReadInBell,
  markAllReadInHistory,
  updateInBell,
  updateInHistory,
} from "../lib/cache";

/* ---------------- Fetchers ---------------- */

export function getBell(): Promise<BellResponse> {
  return apiFetch<BellResponse>("/api/notifications");
}

export function getHistoryPage(before: string | null): Promise<HistoryPage> {
  const params = new URLSearchParams({ limit: String(HISTORY_PAGE) });
  if (before) params.set("before", before);
  return apiFetch<HistoryPage>(`/api/notifications/history?${params}`);
}

export function markRead(id: string): Promise<MarkReadAnswer> {
  return apiFetch<MarkReadAnswer>(`/api/notifications/${encodeURIComponent(id)}/read`, {
    method: "POST",
    json: {},
  });
}

export function markAllRead(): Promise<{ updated: number; message: string }> {
  return apiFetch("/api/notifications/read-all", { method: "POST", json: {} });
}

export function clearHistory(): Promise<{ deleted: number; message: string }> {
  return apiFetch("/api/notifications", { method: "DELETE" });
}

/* ---------------- Query options ---------------- */

/**
 * Every notification list lives under this key, so one invalidation re-reads the bell and the history
 * (the live stream does so after each (re)connect). Preferences live elsewhere: a re-read must never
 * overwrite a preferences form being edited.
 */
export const notificationsKey = ["notifications"] as const;

export const bellQueryOptions = queryOptions({
  queryKey: [...notificationsKey, "bell"],
  queryFn: getBell,
  // The stream keeps it current; this is only a backstop should a proxy break the stream.
  refetchInterval: 5 * 60_000,
});

export const historyQueryOptions = infiniteQueryOptions({
  queryKey: [...notificationsKey, "history"],
  queryFn: ({ pageParam }) => getHistoryPage(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last: HistoryPage) => last.nextBefore ?? undefined,
});

/* ---------------- Hooks ---------------- */

/** The bell: latest ten and the unread count. */
export function useBell(enabled = true) {
  return useQuery({ ...bellQueryOptions, enabled });
}

/** The history, 50 at a time; fetchNextPage() loads the older ones. */
export function useHistory(enabled = true) {
  return useInfiniteQuery({ ...historyQueryOptions, enabled });
}

/* ---------------- Cache updates ---------------- */

function setBell(client: QueryClient, update: (bell: BellResponse) => BellResponse) {
  client.setQueryData<BellResponse>(bellQueryOptions.queryKey, (bell) => (bell ? update(bell) : bell));
}

function setHistory(client: QueryClient, update: (data: HistoryData) => HistoryData) {
  client.setQueryData<HistoryData>(historyQueryOptions.queryKey, (data) => (data ? update(data) : data));
}

/** A notification the live stream delivered: on top of the bell and the history, counted unread. */
export function receiveNotification(client: QueryClient, item: NotificationItem) {
  setBell(client, (bell) => addToBell(bell, item));
  setHistory(client, (data) => addToHistory(data, item));
}

/** Re-read every notification list (after the stream (re)connects, or after a bulk change). */
export function refreshNotifications(client: QueryClient) {
  return client.invalidateQueries({ queryKey: notificationsKey });
}

/** Opening a notification marks it read. Failures are only logged (spec 02 §8). */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: ({ item, unreadCount }) => {
      setBell(client, (bell) => updateInBell(bell, item, unreadCount));
      setHistory(client, (data) => updateInHistory(data, item, unreadCount));
    },
    onError: (error) => console.error("Could not mark the notification as read.", error),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: async () => {
      setBell(client, markAllReadInBell);
      setHistory(client, markAllReadInHistory);
      await refreshNotifications(client);
    },
  });
}

export function useClearHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearHistory,
    onSuccess: async () => {
      client.setQueryData<BellResponse>(bellQueryOptions.queryKey, emptyBell);
      client.setQueryData<HistoryData>(historyQueryOptions.queryKey, emptyHistory());
      await refreshNotifications(client);
    },
  });
}
