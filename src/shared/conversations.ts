import { z } from "zod";

/**
 * A conversation per job between its customer and its assigned landscaper (issue 16); admins read it and
 * write in it while the job's problem report is open. Routes: GET/POST /api/jobs/:id/messages,
 * POST /api/jobs/:id/messages/read, POST /api/jobs/:id/messages/:messageId/report.
 */

export const MESSAGE_MAX_LENGTH = 2000;
/** Written instead of a phone number or email address sent before the job is scheduled. */
export const MASK = "[hidden until the job is scheduled]";

export const messageRoles = ["customer", "landscaper", "admin"] as const;
export type MessageRole = (typeof messageRoles)[number];

export const messageItemSchema = z.object({
  id: z.string(),
  senderRole: z.enum(messageRoles),
  senderName: z.string(),
  mine: z.boolean(),
  /** Plain text: screens show it as text, never as HTML. */
  body: z.string(),
  /** Contact details in it were hidden (sent before the job was scheduled). */
  masked: z.boolean(),
  /** An attached image: GET the URLs (same access as the conversation). */
  image: z.object({ thumbUrl: z.string(), fullUrl: z.string() }).nullable(),
  createdAt: z.string(),
  reportedByMe: z.boolean(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

export const conversationAnswerSchema = z.object({
  jobId: z.string(),
  jobNumber: z.number(),
  /** Who the signed-in person is talking to, e.g. "Carlos Mendoza · Queen City Lawn Care" or "Olivia Bennett". */
  withName: z.string(),
  messages: z.array(messageItemSchema),
  canWrite: z.boolean(),
  /** Why not, when canWrite is false. */
  closedReason: z.string().nullable(),
  /** True while contact details are hidden (the job is not scheduled yet). */
  masking: z.boolean(),
  unread: z.number(),
});
export type ConversationAnswer = z.infer<typeof conversationAnswerSchema>;

/** POST /api/jobs/:id/messages: JSON { body } or multipart (body + optional file field "image"). */
export const sendMessageSchema = z.object({
  body: z
    .string()
    .max(MESSAGE_MAX_LENGTH + 200, {
      message: `Messages are limited to ${MESSAGE_MAX_LENGTH} characters.`,
      abort: true,
    })
    .trim()
    .max(MESSAGE_MAX_LENGTH, { message: `Messages are limited to ${MESSAGE_MAX_LENGTH} characters.` })
    .default(""),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;
export const sendMessageAnswerSchema = z.object({ message: messageItemSchema });

export const reportMessageSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: "Tell us what is wrong with this message." })
    .max(500, { message: "Please keep it under 500 characters." }),
});

export const conversationMessages = {
  empty: "Write a message or attach a photo.",
  notYours: "Job not found.",
  noLandscaper: "Messages open once a landscaper takes the job.",
  closed: "This conversation is closed.",
  adminOnlyInDispute: "Our team writes here only while a reported problem is open.",
  reported: "Thanks. Our team will look at this message.",
} as const;

/**
 * Hides phone numbers and email addresses (what people type to take a job off the platform before it is
 * booked). Lengths are bounded before any pattern runs (the body is at most 2,000 characters).
 */
export function maskContacts(text: string): { text: string; masked: boolean } {
  let masked = false;
  const replace = (pattern: RegExp, value: string) =>
    value.replace(pattern, () => {
      masked = true;
      return MASK;
    });
  let out = text.slice(0, MESSAGE_MAX_LENGTH);
  // Emails, also spelled out or spaced: "me@example.com", "me @ example . com", "me (at) example [dot] com".
  const at = String.raw`(?:\s{0,3}@\s{0,3}|\s{0,3}[([]at[)\]]\s{0,3}|\s{1,3}at\s{1,3})`;
  const dot = String.raw`(?:\s{0,3}\.\s{0,3}|\s{0,3}[([]dot[)\]]\s{0,3}|\s{1,3}dot\s{1,3})`;
  out = replace(
    new RegExp(
      String.raw`[A-Za-z0-9._%+-]{1,64}${at}[A-Za-z0-9-]{1,63}(?:${dot}[A-Za-z0-9-]{1,63}){0,4}${dot}[A-Za-z]{2,12}\b`,
      "gi",
    ),
    out,
  );
  // Phone numbers: 10 to 15 digits in a row, whatever (up to 3) spaces, dots, dashes, brackets or a plus sit
  // between them: "704-555-0123", "(704) 555 0123", "+1 704 555 0123", "704 5550 123", "7045550123ext5".
  out = replace(/\+?\(?(?:\d[\s().-]{0,3}){9,14}\d/g, out);
  return { text: out, masked };
}
