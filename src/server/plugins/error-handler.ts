import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ZodError } from "zod";
import { AppError, RateLimitedError } from "../lib/errors.js";

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

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
      return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } });
    }
    const statusCode = (error as FastifyError).statusCode ?? 500;
    if (statusCode < 500) {
      const code = (error as FastifyError).code?.toLowerCase().replace(/^fst_err_/, "") ?? "bad_request";
      const message =
        statusCode === 413
          ? "The request is too large."
          : statusCode === 415
            ? "Unsupported content type."
            : error.message || "Bad request.";
      return reply.status(statusCode).send({ error: { code, message } });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({
      error: { code: "internal_error", message: "Something went wrong on our side. Please try again." },
    });
  });
});
