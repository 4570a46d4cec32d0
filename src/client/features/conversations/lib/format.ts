import type { MessageItem } from "../../../../shared/conversations";
import { formatCharlotteClock, formatCharlotteDateTime, todayInCharlotte } from "../../../../shared/dates";
import { photoMessages } from "../../../../shared/proof";

/** The unread count on a Messages button: '9+' above nine, like the bell. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}

/**
 * The Messages button's accessible name. It contains what the badge shows, so a voice-control user who says
 * what they see reaches it (WCAG 2.5.3), and still gives screen readers the exact count.
 */
export function messagesLabel(count: number): string {
  const badge = unreadBadge(count);
  if (badge === null) return "Messages";
  return badge === String(count) ? `Messages, ${count} unread` : `Messages, ${badge} unread (${count})`;
}

/** "10:40 AM" for a message sent today, "Tue, Nov 24, 8:00 AM" before (Charlotte's clock). */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return "";
  if (todayInCharlotte(when) !== todayInCharlotte(now)) return formatCharlotteDateTime(when);
  return formatCharlotteClock(when);
}

/** Who wrote a message, as the thread shows it: 'You', or the name (saying it is our team for admins). */
export function senderLabel(message: Pick<MessageItem, "mine" | "senderName" | "senderRole">): string {
  if (message.mine) return "You";
  if (message.senderRole !== "admin" || /greenscape/i.test(message.senderName)) return message.senderName;
  return `${message.senderName} · GreenScape team`;
}

export const ATTACHMENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Why a chosen file cannot be attached (the server checks again), or null when it can. */
export function attachmentProblem(file: Pick<File, "type" | "size">): string | null {
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return photoMessages.notImage;
  if (file.size > ATTACHMENT_MAX_BYTES) return photoMessages.tooLarge;
  return null;
}

/** Enter sends; Shift+Enter (and Enter while an input method is composing a character) makes a new line. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === "Enter" && !event.shiftKey && !event.isComposing;
}
