import type { APIRequestContext, APIResponse } from "playwright-core";

/** Answers the JSON of a successful API response; otherwise fails with what was being done and why. */
export async function okJson<T = Record<string, unknown>>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed (${response.status()}): ${await response.text()}`);
  return (await response.json()) as T;
}

/** Saves the test processor's Visa (4242…) for the signed-in customer of `request`, as the profile's form does. */
export async function saveTestCard(request: APIRequestContext, number = "4242 4242 4242 4242") {
  return okJson<{ card: { id: string } }>(
    await request.post("/api/payments/cards", { data: { number, expiry: "12/34", cvc: "123" } }),
    "save card",
  );
}
