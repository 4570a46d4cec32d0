import type { ErrorCode } from "../../shared/errors.js";
import { TOO_MANY_REQUESTS, tooManyRequestsMessage } from "../../shared/limits.js";

/** Typed errors thrown by services; the error handler maps each to its HTTP answer. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Messages for the form's fields, as a schema error would give them. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string) => new AppError(400, "bad_request", message);
/** A rule a schema cannot check (it needs the database or the account): answered like a schema error. */
export const fieldInvalid = (field: string, message: string) =>
  new AppError(400, "validation_failed", message, { [field]: message });
export const unsupportedFile = (message: string) => new AppError(400, "unsupported_file", message);
export const unauthorized = (message = "Please sign in to continue.") =>
  new AppError(401, "unauthorized", message);
export const forbidden = (message = "You don't have permission to do that.") =>
  new AppError(403, "forbidden", message);
export const notFound = (message = "Not found.") => new AppError(404, "not_found", message);
export const conflict = (message: string) => new AppError(409, "conflict", message);
export const payloadTooLarge = (message: string) => new AppError(413, "payload_too_large", message);
export const tooManyRequests = (message: string) => new AppError(429, "too_many_requests", message);

/** A request past its rate limit: 429 with Retry-After and the message the screens show. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_REQUESTS, tooManyRequestsMessage(retryAfterSeconds));
  }
}
