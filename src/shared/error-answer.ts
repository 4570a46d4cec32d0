import { z } from "zod";
import { errorCodes } from "./errors.js";

// Apart from errors.ts so the browser, which needs only the codes, does not load zod on every page.
/** The body of every /api error answer (Better Auth's own routes answer `{ code, message }`). */
export const errorAnswerSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
