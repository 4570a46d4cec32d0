import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

export const TEST_VISA = "4242 4242 4242 4242";

/** Saves a test card for the signed-in customer through the API, as the profile's card form does. */
export async function saveCard(
  app: FastifyInstance,
  cookie: string,
  number = TEST_VISA,
): Promise<{ id: string; last4: string }> {
  const response = await app.inject({
    method: "POST",
    url: "/api/payments/cards",
    headers: { cookie },
    payload: { number, expiry: "12/34", cvc: "123" },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().card;
}
