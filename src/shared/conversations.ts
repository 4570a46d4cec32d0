import { z } from "zod";
import { findContacts } from "./contact-masking.js";

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
 * booked), however spelled (contact-masking.ts). Lengths are bounded before any pattern runs (the body is at
 * most 2,000 characters).
 */
export function maskContacts(text: string): { text: string; masked: boolean } {
  const bounded = text.slice(0, MESSAGE_MAX_LENGTH);
  const spans = findContacts(bounded);
  let out = "";
  let last = 0;
  for (const [start, end] of spans) {
    out += bounded.slice(last, start) + MASK;
    last = end;
  }
  return { text: out + bounded.slice(last), masked: spans.length > 0 };
}
