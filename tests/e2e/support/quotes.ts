import { type APIRequestContext, type BrowserContext, request } from "playwright-core";
import { expect } from "vitest";
import { daysFromToday } from "../../../src/shared/dates";
import type { QuoteRequestInput } from "../../../src/shared/jobs";
import type { QuoteSummary } from "../../../src/shared/quotes";
import { uniqueEmail } from "./auth";
import { baseURL } from "./browser";

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

export type SubmitQuoteOptions = Partial<QuoteRequestInput> & {
  /**
   * Who asks: a signed-in context (or its request API), so the job belongs to that account. Left out, a
   * visitor asks, from a request context with no cookies (their job belongs to nobody until someone
   * registers with its email).
   */
  as?: BrowserContext | APIRequestContext;
  /** A photo of the property, sent the way the form sends it (multipart, field `photo`). */
  photo?: Buffer;
  /** Which server; by default the shared test server. Only for visitors (a context knows its own). */
  baseURL?: string;
};

function requestOf(as: BrowserContext | APIRequestContext): APIRequestContext {
  return "request" in as ? as.request : as;
}

/** The quote as the multipart form the browser sends when a photo is attached. */
function multipartOf(body: QuoteRequestInput, photo: Buffer): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item ?? ""));
  }
  form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/png" }), "yard.png");
  return form;
}

/**
 * Asks for an instant quote through POST /api/quotes, the one way browser tests make a job without the
 * form (tests about the form keep driving it). Each quote gets an address of its own unless the test gives
 * one, so no visitor's job is linked to an account that happens to register with a shared address.
 */
export async function submitQuote(options: SubmitQuoteOptions = {}): Promise<QuoteSummary> {
  const { as, photo, baseURL: server, ...overrides } = options;
  const body = quoteBody({ email: uniqueEmail("quote"), ...overrides });
  const visitor = as ? undefined : await request.newContext({ baseURL: server ?? baseURL() });
  try {
    const api = as ? requestOf(as) : visitor!;
    const response = photo
      ? await api.post("/api/quotes", { multipart: multipartOf(body, photo) })
      : await api.post("/api/quotes", { data: body });
    expect(response.status(), `POST /api/quotes: ${await response.text()}`).toBe(200);
    return ((await response.json()) as { quote: QuoteSummary }).quote;
  } finally {
    await visitor?.dispose();
  }
}
