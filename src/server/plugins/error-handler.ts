import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ZodError } from "zod";
import type { ErrorCode } from "../../shared/errors.js";
import { AppError, RateLimitedError } from "../lib/errors.js";

export type { ErrorAnswer as ErrorBody } from "../../shared/error-answer.js";

/** Turns zod issues into one message per field, the first issue of each field winning. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** One error handler for the whole API: clear 4xx answers, and 5xx answers that hide their details. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ZodError) {
      const fields = fieldErrors(error);
      const first = Object.values(fields)[0] ?? "Invalid input.";
      return reply.status(400).send({ error: { code: "validation_failed", message: first, fields } });
    }
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterSeconds));
      const { code, message, fields } = error;
      return reply.status(error.statusCode).send({ error: { code, message, ...(fields ? { fields } : {}) } });
    }
    const statusCode = (error as FastifyError).statusCode ?? 500;
    if (statusCode < 500) {
      // Fastify's own refusals (a malformed body, a wrong content type...) answer with the shared codes too.
      const [code, message]: [ErrorCode, string] =
        statusCode === 413
          ? ["payload_too_large", "The request is too large."]
          : statusCode === 415
            ? ["unsupported_media_type", "Unsupported content type."]
            : statusCode === 404
              ? ["not_found", error.message || "Not found."]
              : ["bad_request", error.message || "Bad request."];
      return reply.status(statusCode).send({ error: { code, message } });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({
      error: { code: "internal_error", message: "Something went wrong on our side. Please try again." },
    });
  });
});
