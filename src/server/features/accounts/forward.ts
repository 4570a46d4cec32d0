import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PASSWORD_TOO_COMMON } from "../../../shared/accounts.js";
import type { ErrorCode } from "../../../shared/errors.js";
import { assertNotCommonPassword, newPasswordOf } from "./common-passwords.js";

export const INTERNAL_HEADER_PREFIX = "x-greenscape-";
/** Carries the validated sign-up role to Better Auth's user-create hook (its role field takes no input). */
export const SIGNUP_ROLE_HEADER = `${INTERNAL_HEADER_PREFIX}signup-role`;

export interface AuthAnswer {
  status: number;
  body: unknown;
  setCookies: string[];
  headers: Headers;
}

/**
 * Calls one Better Auth endpoint with a body we have already validated, the way the browser would
 * (same cookies, origin and client address), and hands back its answer without sending it yet.
 */
export async function callAuth(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  body?: unknown,
  internalHeaders: Record<string, string> = {},
): Promise<AuthAnswer> {
  // Checked here, before Better Auth answers, so every screen gets our message and code rather than
  // whatever the route makes of a Better Auth 400 (the reset route reads any 400 as a bad link).
  const newPassword = newPasswordOf(path, body);
  if (newPassword !== undefined) assertNotCommonPassword(newPassword);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === "content-length" || name === "host") continue;
    // Internal headers are ours to set; a client's copy is dropped.
    if (name.startsWith(INTERNAL_HEADER_PREFIX)) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  for (const [name, value] of Object.entries(internalHeaders)) headers.set(name, value);
  // Better Auth keys its rate limits and session records on the client address Fastify resolved.
  headers.set("x-forwarded-for", request.ip);
  // Our origin check has already accepted this request (own origin or same host), so present it to
  // Better Auth as coming from PUBLIC_URL, the one origin it trusts.
  if (headers.has("origin")) headers.set("origin", new URL(app.env.PUBLIC_URL).origin);
  if (body !== undefined) headers.set("content-type", "application/json");
  const url = new URL(`/api/auth${path}`, app.env.PUBLIC_URL);
  const response = await app.auth.handler(
    new Request(url, {
      method: body === undefined ? "GET" : "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { message: text };
  }
  return {
    status: response.status,
    body: parsed,
    setCookies: response.headers.getSetCookie(),
    headers: response.headers,
  };
}

export function applyCookies(reply: FastifyReply, answer: AuthAnswer) {
  if (answer.setCookies.length) reply.header("set-cookie", answer.setCookies);
}

const codeByStatus: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "conflict",
  429: "too_many_requests",
};

/**
 * Better Auth's error body is { code, message } with codes of its own; ours is { error: { code, message } }
 * with a shared ErrorCode. `authCode` keeps Better Auth's code for the decisions made here on the server.
 */
export function authErrorOf(answer: AuthAnswer): { authCode: string; code: ErrorCode; message: string } {
  const body = (answer.body ?? {}) as { code?: string; message?: string };
  const authCode = (body.code ?? "auth_error").toLowerCase();
  const code: ErrorCode =
    authCode === PASSWORD_TOO_COMMON || authCode === "invalid_token"
      ? authCode
      : (codeByStatus[answer.status] ?? "internal_error");
  return { authCode, code, message: body.message ?? "Request failed." };
}
