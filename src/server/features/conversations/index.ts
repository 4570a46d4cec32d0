export { conversationLink, unreadByJob } from "./service.js";
export { sendUnreadMessageEmails, UNREAD_EMAIL_DELAY_MS } from "./unread-email.js";
