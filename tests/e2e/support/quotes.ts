import type { APIRequestContext } from "playwright-core";
import { todayInCharlotte } from "../../../src/shared/dates";
import type { QuoteSummary } from "../../../src/shared/quotes";

/** yyyy-MM-dd, `days` after today in Charlotte. */
export function charlotteDate(days: number): string {
  const date = new Date(`${todayInCharlotte()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Submits a quote through POST /api/quotes with a context's request API, so it belongs to whoever that
 * context is signed in as (a visitor's quote belongs to nobody until they register with its email).
 */
export async function submitQuoteViaApi(
  request: APIRequestContext,
  overrides: Partial<Record<string, unknown>> = {},
): Promise<QuoteSummary> {
  const response = await request.post("/api/quotes", {
    data: {
      fullName: "Casey Client",
      email: "casey@example.test",
      phone: "704-555-0100",
      address: "600 East Blvd, Charlotte, NC",
      zipCode: "28203",
      services: ["lawn-mowing"],
      preferredDate: charlotteDate(3),
      additionalNotes: "",
      website: "",
      ...overrides,
    },
  });
  if (!response.ok()) throw new Error(`quote failed (${response.status()}): ${await response.text()}`);
  return ((await response.json()) as { quote: QuoteSummary }).quote;
}
