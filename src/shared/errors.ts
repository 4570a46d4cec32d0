/**
 * Every code an /api error answer may carry. The server throws only these (AppError takes an ErrorCode);
 * the client switches on them, never on a message's text.
 */
export const errorCodes = [
  // Input
  "validation_failed",
  "bad_request",
  "payload_too_large",
  "unsupported_media_type",
  "unsupported_file",
  // Who is asking
  "unauthorized",
  "invalid_credentials",
  "forbidden",
  "role_not_allowed",
  "admin_access_required",
  "email_not_verified",
  // An account our team suspended (issue 38): it cannot sign in
  "account_suspended",
  // What is asked for
  "not_found",
  "no_data",
  "conflict",
  "already_admin",
  "already_verified",
  // Revoking the only admin left (issue 38)
  "last_admin",
  // An approval of an application whose required documents are missing, without an override's reason
  "documents_missing",
  // Links in emails
  "invalid_token",
  "link_expired",
  "link_used",
  // Accounts
  "password_too_common",
  // Payments: a card the provider refused (the message says why)
  "card_declined",
  // A cancellation that now costs a fee the person has not seen: shown to them, nothing cancelled
  "fee_required",
  // Instant booking: the chosen day filled meanwhile (the message names the pro's next free days)
  "day_filled",
  // Push subscriptions
  "push_endpoint_refused",
  "push_endpoint_taken",
  // Limits and failures
  "too_many_requests",
  "internal_error",
] as const;
export type ErrorCode = (typeof errorCodes)[number];
