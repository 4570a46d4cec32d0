import { z } from "zod";

/** The answer of an action that only says it was done, with what the screen may show. */
export const okAnswerSchema = z.object({ ok: z.boolean(), message: z.string().optional() });
export type OkAnswer = z.infer<typeof okAnswerSchema>;

/** The answer of an action whose message the screen shows as its toast. */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** An action that was done and says so. */
export const okMessageAnswerSchema = z.object({ ok: z.boolean(), message: z.string() });
export type OkMessageAnswer = z.infer<typeof okMessageAnswerSchema>;
