import type { APIRequestContext } from "playwright-core";
import { daysFromToday } from "../../../src/shared/dates";
import type { QuoteRequestInput } from "../../../src/shared/jobs";
import type { QuoteSummary } from "../../../src/shared/quotes";

/** The one valid instant quote every browser test starts from; each test overrides what it is about. */
export function quoteBody(overrides: Partial<QuoteRequestInput> = {}): QuoteRequestInput {
  return {
    fullName: "Casey Client",
    email: "casey@example.test",
    phone: "704-555-0100",
    address: "600 East Blvd, Charlotte, NC",
    zipCode: "28203",
    services: ["lawn-mowing"],
    preferredDate: daysFromToday(3),
    additionalNotes: "",
    website: "",
    ...overrides,
  };
}

/**
 * Submits a quote through POST /api/quotes with a context's request API, so it belongs to whoever that
 * context is signed in as (a visitor's quote belongs to nobody until they register with its email).
 */
export async function submitQuoteViaApi(
  request: APIRequestContext,
  overrides: Partial<QuoteRequestInput> = {},
): Promise<QuoteSummary> {
  const response = await request.post("/api/quotes", { data: quoteBody(overrides) });
  if (!response.ok()) throw new Error(`quote failed (${response.status()}): ${await response.text()}`);
  return ((await response.json()) as { quote: QuoteSummary }).quote;
}
