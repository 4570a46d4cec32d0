import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { NotificationItem } from "../../../../shared/notifications";
import { conversationOfLink, isConversationOpen } from "../../../lib/open-conversation";
import { conversationKeys, jobListKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast";
import { bellQueryOptions, receiveNotification, refreshNotifications } from "../api/notifications";

export const STREAM_URL = "/api/notifications/stream";

/** When the browser gives up (the stream answered an error, e.g. 401), retry after this, doubling to a cap. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;
/** A release followed at once by an acquire (a remount, React's development double effects) keeps the socket. */
const CLOSE_DELAY_MS = 250;

interface Connection {
  userId: string;
  client: QueryClient;
  users: number;
  source: EventSource | null;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  closeTimer: ReturnType<typeof setTimeout> | undefined;
  retryMs: number;
}

/** Alerts whose event also changes a job card (its status, arrival, dispute, payment line or unread count). */
const jobListTypes = new Set<NotificationItem["type"]>(["job", "arrival", "dispute", "payment", "message"]);

/** One stream per tab, shared by every component that wants live notifications. */
let connection: Connection | null = null;

function parse(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

function isItem(value: unknown): value is NotificationItem {
  const item = value as Partial<NotificationItem> | null;
  return typeof item?.id === "string" && typeof item.message === "string";
}

function open(conn: Connection) {
  const source = new EventSource(STREAM_URL, { withCredentials: true });
  conn.source = source;

  // Sent on the first connect and after every reconnect: whatever arrived meanwhile is re-read.
  source.addEventListener("ready", (event) => {
    conn.retryMs = RETRY_FIRST_MS;
    const ready = parse((event as MessageEvent<string>).data) as { unreadCount?: number } | null;
    if (typeof ready?.unreadCount === "number") {
      const unreadCount = ready.unreadCount;
      conn.client.setQueryData(bellQueryOptions.queryKey, (bell) => (bell ? { ...bell, unreadCount } : bell));
    }
    void refreshNotifications(conn.client);
  });

  source.addEventListener("notification", (event) => {
    const item = parse((event as MessageEvent<string>).data);
    if (!isItem(item)) return;
    receiveNotification(conn.client, item);
    // Job, arrival, dispute, payment and message alerts also change the job lists that may be open.
    if (jobListTypes.has(item.type)) {
      void conn.client.invalidateQueries({ queryKey: jobListKeys.landscaper });
      void conn.client.invalidateQueries({ queryKey: jobListKeys.customer });
    }
    // A pause from new jobs, or its lifting, changes the landscaper's banner (their profile says why).
    if (item.type === "system") void conn.client.invalidateQueries({ queryKey: ["landscaper", "profile"] });
    if (item.type === "message") {
      void conn.client.invalidateQueries({ queryKey: conversationKeys.all });
      // Someone reading that very conversation sees the message arrive; a toast would only repeat it.
      const jobId = conversationOfLink(item.link);
      if (jobId && isConversationOpen(jobId)) return;
    }
    toast({ title: "New Notification", description: item.message });
  });

  // The server ends the stream when its session ends (signed out elsewhere, revoked by a password change):
  // stop listening and read the session again, which takes the signed-in screens away.
  source.addEventListener("signed-out", () => {
    source.close();
    if (connection !== conn) return;
    conn.source = null;
    void conn.client.invalidateQueries({ queryKey: ["session"] });
  });

  source.addEventListener("error", () => {
    // A dropped connection is retried by the browser itself (retry: 3000). A refused one (an error status,
    // say after the session ended) closes for good: check who is signed in and try again later.
    if (source.readyState !== EventSource.CLOSED || connection !== conn) return;
    conn.source = null;
    void conn.client.invalidateQueries({ queryKey: ["session"] });
    conn.retryTimer = setTimeout(() => {
      conn.retryTimer = undefined;
      if (connection === conn && conn.users > 0) open(conn);
    }, conn.retryMs);
    conn.retryMs = Math.min(conn.retryMs * 2, RETRY_MAX_MS);
  });
}

function close(conn: Connection) {
  clearTimeout(conn.retryTimer);
  clearTimeout(conn.closeTimer);
  conn.source?.close();
  conn.source = null;
  if (connection === conn) connection = null;
}

function acquire(userId: string, client: QueryClient): () => void {
  if (connection && (connection.userId !== userId || connection.client !== client)) close(connection);
  if (!connection) {
    connection = {
      userId,
      client,
      users: 0,
      source: null,
      retryTimer: undefined,
      closeTimer: undefined,
      retryMs: RETRY_FIRST_MS,
    };
    open(connection);
  }
  const conn = connection;
  clearTimeout(conn.closeTimer);
  conn.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    conn.users -= 1;
    if (conn.users > 0) return;
    conn.closeTimer = setTimeout(() => {
      if (conn.users === 0) close(conn);
    }, CLOSE_DELAY_MS);
  };
}

/**
 * Live notifications for the signed-in user over server-sent events: new ones land in the bell and history
 * caches and raise the 'New Notification' toast. Pass null (signed out) to close. Any number of components
 * may use it; the tab keeps one connection.
 */
export function useNotificationStream(userId: string | null | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    return acquire(userId, client);
  }, [userId, client]);
}
