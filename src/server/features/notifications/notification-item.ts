import type { NotificationItem } from "../../../shared/notifications.js";

/** What a notification row and a new-job alert row both hold, whatever their time column is called. */
type ItemFields = Pick<NotificationItem, "id" | "type" | "message" | "link" | "read">;

/**
 * A notification or a new-job alert as the bell, the history and the live stream send it. `createdAt` is a
 * Date from the driver or the text of a row read as JSON.
 */
export function notificationItem(row: ItemFields, createdAt: Date | string): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    link: row.link,
    read: row.read,
    createdAt: new Date(createdAt).toISOString(),
  };
}
