import { z } from "zod";

// message: a new message in a job's conversation; arrival: on my way / arrived / work started; dispute: a
// reported problem, a redo offer, a resolution.
export const notificationTypes = [
  "job",
  "payment",
  "application",
  "system",
  "message",
  "arrival",
  "dispute",
] as const;
export type NotificationKind = (typeof notificationTypes)[number];

export const notificationItemSchema = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** GET /api/notifications: the bell's latest items. */
export const bellAnswerSchema = z.object({ items: z.array(notificationItemSchema), unreadCount: z.number() });
export type BellResponse = z.infer<typeof bellAnswerSchema>;

/** GET /api/notifications/history: a page, and where the next one starts (null on the last). */
export const historyPageSchema = bellAnswerSchema.extend({ nextBefore: z.string().nullable() });
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** POST /api/notifications/:id/read */
export const markReadAnswerSchema = z.object({ item: notificationItemSchema, unreadCount: z.number() });
export type MarkReadAnswer = z.infer<typeof markReadAnswerSchema>;

/** POST /api/notifications/read-all */
export const readAllAnswerSchema = z.object({ updated: z.number(), message: z.string() });
/** DELETE /api/notifications (with the message) and DELETE /api/push/subscriptions (without). */
export const deletedAnswerSchema = z.object({ deleted: z.number(), message: z.string().optional() });
export type DeletedAnswer = z.infer<typeof deletedAnswerSchema>;

export const pushPublicKeyAnswerSchema = z.object({ publicKey: z.string() });
export type PushPublicKeyAnswer = z.infer<typeof pushPublicKeyAnswerSchema>;

export const BELL_LIMIT = 10;
/**
 * Unread items are counted up to this many (the badge shows '9+' from ten): a landscaper who never reads
 * has thousands of unread job alerts, and counting them all was most of the bell's time.
 */
export const UNREAD_COUNT_CAP = 100;

/** The history's count: '100+' at the cap, where the server stopped counting. */
export function unreadText(count: number): string {
  return count >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(count);
}
export const HISTORY_PAGE = 50;

/** '9+' above nine, as the spec's badge shows it. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}

/**
 * The bell's accessible name. It contains what the badge shows ('9+'), so a voice-control user who says what
 * they see reaches it (WCAG 2.5.3, Label in Name), and still gives the exact count to screen readers.
 */
export function bellLabel(count: number): string {
  const badge = unreadBadge(count);
  if (badge === null) return "Notifications, 0 unread";
  return badge === String(count)
    ? `Notifications, ${count} unread`
    : `Notifications, ${badge} unread (${count})`;
}

export const historyQuerySchema = z.object({
  before: z.iso.datetime({ message: "before must be an ISO date-time." }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE),
});

export const preferencesSchema = z
  .object({
    pushOptIn: z.boolean({ message: "pushOptIn must be true or false." }),
    smsOptIn: z.boolean({ message: "smsOptIn must be true or false." }),
    emailOptIn: z.boolean({ message: "emailOptIn must be true or false." }),
    /** New messages: a push, and an email when one stays unread 10 minutes (if email is on). */
    messageAlerts: z.boolean({ message: "messageAlerts must be true or false." }).default(true),
    /** 'On my way', 'Arrived', 'Work started': push, text message and email, per the channels turned on. */
    arrivalAlerts: z.boolean({ message: "arrivalAlerts must be true or false." }).default(true),
    phoneNumber: z
      .string()
      .trim()
      .max(30, { message: "Phone number is too long.", abort: true })
      .regex(/^[0-9+()\-.\s]*$/, { message: "Phone number may contain digits, spaces and + ( ) - . only." })
      .default(""),
  })
  .refine((value) => !value.smsOptIn || value.phoneNumber.length > 0, {
    message: "Please enter your phone number first.",
    path: ["phoneNumber"],
  });
export type Preferences = z.output<typeof preferencesSchema>;

export const preferencesAnswerSchema = z.object({
  pushOptIn: z.boolean(),
  smsOptIn: z.boolean(),
  emailOptIn: z.boolean(),
  messageAlerts: z.boolean(),
  arrivalAlerts: z.boolean(),
  phoneNumber: z.string(),
  /** SMS alerts: every alert for landscapers; arrival updates only for customers. */
  smsAvailable: z.boolean(),
});
export type PreferencesResponse = z.infer<typeof preferencesAnswerSchema>;

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ message: "endpoint must be a URL." })
    .max(2000)
    .refine((url) => url.startsWith("https://"), { message: "A push endpoint must be an https address." }),
  keys: z.object({
    p256dh: z.string().min(20).max(200),
    auth: z.string().min(8).max(100),
  }),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;
