import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/**
 * A refused form: 400, with exactly `fields` as the field messages (what the client shows beside each input).
 * `label` names the case in a failure, for tests that loop over several bodies.
 */
export function expectFieldErrors(
  response: LightMyRequestResponse,
  fields: Record<string, string>,
  label?: string,
) {
  expect(response.statusCode, label).toBe(400);
  expect(response.json().error.fields, label).toEqual(fields);
}
