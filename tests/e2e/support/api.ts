import type { APIResponse } from "playwright-core";

/** Answers the JSON of a successful API response; otherwise fails with what was being done and why. */
export async function okJson<T = Record<string, unknown>>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed (${response.status()}): ${await response.text()}`);
  return (await response.json()) as T;
}
