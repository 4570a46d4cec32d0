import { expect } from "vitest";
import { daysFromToday } from "../../shared/dates.js";
import { weekdayOf } from "../features/series/rule.js";
import type { TestApp } from "./build-test-app.js";
import type { JobParties } from "./cast-helpers.js";
import { postQuote } from "./quote-helpers.js";

/** Shared by the series tests: a series offer between the two people of a job (cast-helpers.ts). */

/** POSTs `payload` to `url` as `who`'s session. */
export function postAs(t: TestApp, who: { cookie: string }, url: string, payload: object = {}) {
  return t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
}

/**
 * A weekly mowing series the customer asks for tomorrow and the landscaper offers at $45 a visit on the
 * weekday 3 days from today, not yet approved: answers the request's job (the first visit).
 */
export async function offerWeeklySeries(
  t: TestApp,
  { customer, pro }: JobParties,
  contact: { fullName: string; phone: string },
): Promise<string> {
  const quote = await postQuote(
    t.app,
    {
      ...contact,
      email: customer.email,
      address: "1 Main St, Charlotte, NC",
      zipCode: "28202",
      services: ["lawn-mowing"],
      preferredDate: daysFromToday(1),
      frequency: "weekly",
    },
    customer.cookie,
  );
  expect(quote.statusCode, quote.body).toBe(200);
  const jobId = quote.json().quote.id as string;
  const accept = await postAs(t, pro, `/api/jobs/${jobId}/accept`, {
    price: 45,
    weekday: weekdayOf(daysFromToday(3)),
  });
  expect(accept.statusCode, accept.body).toBe(200);
  return jobId;
}
