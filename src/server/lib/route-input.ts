import { z } from "zod";

/** The parts of a request a route reads, each checked by one zod schema. */
export interface InputSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

/**
 * How a route takes multipart/form-data: "optional" when JSON works too (the quote form without a photo),
 * "required" when only a form will do (an upload). `files` names the file fields it reads; the declared body
 * schema, if any, checks the form's text fields.
 */
export interface MultipartInput {
  mode: "optional" | "required";
  files: readonly string[];
}

/** What the route table keeps of a route's input: enough for tests to generate requests from it. */
export interface DeclaredInput {
  readonly schemas: InputSchemas;
  readonly multipart?: MultipartInput;
}

type Parsed<S extends InputSchemas> = { [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never };

/** The request parts parse() reads; a Fastify request is one, and so is a body assembled from a form. */
export interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

export interface RouteInput<S extends InputSchemas> extends DeclaredInput {
  readonly schemas: S;
  /**
   * Parses params, then query, then body, each with its own schema, so a ZodError names the field alone
   * (`id`, not `params.id`) and the first bad part wins, as a route parsing them one by one would.
   */
  parse(request: RawInput): Parsed<S>;
}

/**
 * Declared once, put in the route's `config.input` and used by its handler: the schema the route table
 * advertises (and the fuzz tests generate from) is by construction the one the handler parses with.
 */
export function defineInput<const S extends InputSchemas>(
  schemas: S,
  options: { multipart?: MultipartInput } = {},
): RouteInput<S> {
  const parts = (["params", "query", "body"] as const).filter((part) => schemas[part] !== undefined);
  return {
    schemas,
    ...(options.multipart ? { multipart: options.multipart } : {}),
    parse(request) {
      const parsed: Record<string, unknown> = {};
      for (const part of parts) {
        refuseHugeText(request[part]);
        const value = schemas[part]!.parse(request[part]);
        refuseNul(value);
        parsed[part] = value;
      }
      return parsed as Parsed<S>;
    },
  };
}

export const nulMessage = "Text cannot contain a NUL character.";

/** No field of any form is longer; the schemas' own, smaller limits give the field's own message. */
export const MAX_TEXT_LENGTH = 10_000;
export const hugeTextMessage = `Text is too long (${MAX_TEXT_LENGTH.toLocaleString("en-US")} characters at most).`;

/**
 * Refuses any string over MAX_TEXT_LENGTH before a schema sees it: whatever a schema does to its input
 * (trim, split, a pattern), it then does to at most 10,000 characters, never to a megabyte.
 */
function refuseHugeText(value: unknown, path: (string | number)[] = [], depth = 0): void {
  if (typeof value === "string") {
    if (value.length > MAX_TEXT_LENGTH)
      throw new z.ZodError([{ code: "custom", message: hugeTextMessage, path, input: undefined }]);
    return;
  }
  if (depth > 8 || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) refuseHugeText(item, [...path, index], depth + 1);
  } else if (Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) refuseHugeText(item, [...path, key], depth + 1);
  }
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL that reached a query would fail it with a 500, so any string the
 * handler is about to use is checked here, once for every route, and refused like a schema error (400).
 */
function refuseNul(value: unknown, path: (string | number)[] = []): void {
  if (typeof value === "string") {
    if (value.includes("\u0000"))
      throw new z.ZodError([{ code: "custom", message: nulMessage, path, input: value }]);
    return;
  }
  if (Array.isArray(value)) for (const [index, item] of value.entries()) refuseNul(item, [...path, index]);
  else if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    for (const [key, item] of Object.entries(value)) refuseNul(item, [...path, key]);
}
