import type { SessionUser } from "../../../../shared/session";
import { useNotificationStream } from "../hooks/use-notification-stream";

/**
 * Live notifications without the bell: mount it anywhere under the query client for a signed-in user and
 * new notifications raise the 'New Notification' toast and refresh the cached lists. It shares the tab's
 * one stream with the bell, so mounting both is harmless.
 */
export function NotificationsLive({ user }: { user: SessionUser | null }) {
  useNotificationStream(user?.id ?? null);
  return null;
}
