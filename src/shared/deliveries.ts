import { z } from "zod";

/** A message the outbox gave up on, as the failed-deliveries screen lists it. */
export const failedDeliveryViewSchema = z.object({
  id: z.string(),
  channel: z.enum(["email", "push", "sms", "fanout"]),
  /** The email address or phone number; for push, the account's email. */
  recipient: z.string(),
  /** The email's subject, or the notification's text. */
  summary: z.string(),
  template: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string(),
});
export type FailedDeliveryView = z.infer<typeof failedDeliveryViewSchema>;
export const deliveriesAnswerSchema = z.object({ deliveries: z.array(failedDeliveryViewSchema) });
export type DeliveriesAnswer = z.infer<typeof deliveriesAnswerSchema>;
