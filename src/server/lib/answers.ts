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
 * Serialises every answer through its schema: fields the schema does not name are dropped (no column
 * leaks because a query selected it), and a missing or mistyped field fails loudly instead of reaching a
 * screen that trusts the shared type.
 */
export const answerSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new AnswerOutOfContractError(`${method} ${url}`, result.error.issues);
    return JSON.stringify(result.data);
  };
};

/** Routes parse their own input (defineInput), so Fastify's validator never runs a schema. */
export const noValidatorCompiler: FastifySchemaCompiler<unknown> = () => () => true;

/** A route's `schema`: its successful answers serialised through `schema`. */
export function answers<S extends z.ZodType>(schema: S) {
  return { response: { "2xx": schema } };
}
