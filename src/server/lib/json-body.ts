import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.js";

/**
 * The body limit of every route that does not declare its own. A form's JSON is a few KB: ten fields of
 * MAX_TEXT_LENGTH (route-input.ts) in the widest script would still fit. A megabyte (the limit before)
 * let one anonymous request hold the event loop for seconds in JSON.parse; 64 KB of any shape parses in a
 * few milliseconds. A route that needs more says so (`bodyLimit` in its options, as the Stripe webhook does);
 * multipart uploads are bounded by their own limits (lib/multipart.ts), not by this one.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** No form nests more than four levels; the parser refuses anything past this before JSON.parse sees it. */
export const MAX_JSON_DEPTH = 64;

export const tooDeepMessage = `The request nests too deeply (${MAX_JSON_DEPTH} levels at most).`;

/**
 * Whether `text` opens more than `max` arrays or objects inside one another, counting brackets outside
 * strings. One pass over the characters that stops at the first level past `max`, so it costs microseconds
 * per KB whatever the body holds (no recursion, no allocation). Malformed text is JSON.parse's to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash: the next character is escaped, whatever it is
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser with one that checks nesting first. The body has already been held to the
 * route's bodyLimit while it was read; the parsing itself is Fastify's (secure-json-parse, which refuses
 * `__proto__` and `constructor.prototype` keys), unchanged. Registered on the root before any route, so every
 * route inherits it (the Stripe webhook registers its own raw parser in its own scope).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    // parseAs "string": the body is the text, already held to the route's bodyLimit.
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(tooDeepMessage), undefined);
      return;
    }
    parse(request, text, done);
  });
}
