import { isDeepStrictEqual } from "node:util";
import type { FastifySchemaCompiler, FastifyTypeProvider } from "fastify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import type { z } from "zod";

/**
 * The type provider of every /api route module (`app.withTypeProvider<ZodAnswers>()`): a handler's return
 * value is checked against its `schema.response` zod schema at compile time, as the serializer below checks
 * it at run time. Requests are parsed by each route's `defineInput` (src/server/lib/route-input.ts).
 */
export interface ZodAnswers extends FastifyTypeProvider {
  validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
  serializer: this["schema"] extends z.ZodType ? z.input<this["schema"]> : unknown;
}

/** An answer that does not fit its route's schema: a bug of ours, answered 500 and logged. */
export class AnswerOutOfContractError extends Error {
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The answer of ${route} left its schema: ${JSON.stringify(issues.slice(0, 3))}`);
    this.name = "AnswerOutOfContractError";
  }
}

/**
 * An answer the database already wrote as JSON text (the bell and its history, decision record 018; the queue
 * keeps its job views in TypeScript):
 * sent as it is, without mapping rows or a pass through the schema, because its SQL names every field. Made by
 * `jsonAnswer` only.
 */
class JsonText {
  constructor(readonly text: string) {}
}

/**
 * The route's answer as the JSON text `text` the database wrote. Typed as the schema's input so the handler
 * keeps its compile-time check; the serializer below recognises it (and, outside production, checks it).
 */
export function jsonAnswer<S extends z.ZodType>(_schema: S, text: string): z.input<S> {
  return new JsonText(text) as unknown as z.input<S>;
}

/**
 * Serialises every answer through its schema: fields the schema does not name are dropped (no column
 * leaks because a query selected it), and a missing or mistyped field fails loudly instead of reaching a
 * screen that trusts the shared type. Text the database wrote (`jsonAnswer`) is sent as it is; with
 * `checkJsonText` (development and tests) it must parse to exactly what its schema keeps, so a SQL builder that
 * adds, drops or mistypes a field fails every test that reads its route.
 */
export function answerSerializerCompiler(options: {
  checkJsonText: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      if (data instanceof JsonText) {
        if (options.checkJsonText) {
          const parsed: unknown = JSON.parse(data.text);
          const result = schema.safeParse(parsed);
          if (!result.success) throw new AnswerOutOfContractError(`${method} ${url}`, result.error.issues);
          if (!isDeepStrictEqual(result.data, parsed))
            throw new AnswerOutOfContractError(`${method} ${url}`, [
              {
                code: "custom",
                path: [],
                message: "the JSON text holds fields its schema does not name",
                input: parsed,
              },
            ]);
        }
        return data.text;
      }
      const result = schema.safeParse(data);
      if (!result.success) throw new AnswerOutOfContractError(`${method} ${url}`, result.error.issues);
      return JSON.stringify(result.data);
    };
}

/** Routes parse their own input (defineInput), so Fastify's validator never runs a schema. */
export const noValidatorCompiler: FastifySchemaCompiler<unknown> = () => () => true;

/** A route's `schema`: its successful answers serialised through `schema`. */
export function answers<S extends z.ZodType>(schema: S) {
  return { response: { "2xx": schema } };
}
