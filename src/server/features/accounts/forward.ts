import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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

/** Better Auth's error body is { code, message }; ours is { error: { code, message } }. */
export function authErrorOf(answer: AuthAnswer): { code: string; message: string } {
  const body = (answer.body ?? {}) as { code?: string; message?: string };
  return { code: (body.code ?? "auth_error").toLowerCase(), message: body.message ?? "Request failed." };
}
