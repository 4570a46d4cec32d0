import type { Cookie } from "playwright-core";
import { todayInCharlotte } from "../../../src/shared/dates";
import type { QuoteRequestInput } from "../../../src/shared/jobs";
import { signUpViaApi, uniqueEmail } from "./auth";
import { quoteBody } from "./quotes";

/**
 * Data for the admin browser tests, made through the real API the way people would make it: a landscaper
 * who registers, fills the profile, uploads credentials and submits; customers' quote requests.
 */

function cookieHeader(cookies: Cookie[]): string {
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

async function call(baseURL: string, path: string, init: RequestInit & { cookies?: Cookie[] }) {
  const { cookies, headers, ...rest } = init;
  const response = await fetch(new URL(path, baseURL), {
    ...rest,
    headers: {
      accept: "application/json",
      ...(cookies ? { cookie: cookieHeader(cookies) } : {}),
      ...headers,
    },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${path} failed (${response.status}): ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** A minimal valid PDF: the server decides a file's type by its first bytes. */
const tinyPdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

export interface Applicant {
  email: string;
  fullName: string;
  businessName: string;
  cookies: Cookie[];
}

/** Registers a landscaper, saves the onboarding profile, uploads ID and insurance, and submits. */
export async function registerApplicant(
  baseURL: string,
  fullName: string,
  businessName: string,
): Promise<Applicant> {
  const account = await signUpViaApi(baseURL, {
    role: "landscaper",
    name: fullName,
    email: uniqueEmail("applicant"),
  });
  await call(baseURL, "/api/landscaper/profile", {
    method: "PUT",
    cookies: account.cookies,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      fullName,
      businessName,
      phoneNumber: "704-555-0150",
      streetAddress: "500 East Blvd",
      city: "Charlotte",
      state: "NC",
      zipCode: "28203",
      serviceZipCodes: "28203, 28207",
      travelRadius: 10,
      backgroundCheckConsent: true,
      termsConsent: true,
    }),
  });
  for (const type of ["id_proof", "insurance"]) {
    const form = new FormData();
    form.append("file", new Blob([tinyPdf], { type: "application/pdf" }), `${type}.pdf`);
    await call(baseURL, `/api/landscaper/documents/${type}`, {
      method: "POST",
      cookies: account.cookies,
      body: form,
    });
  }
  await call(baseURL, "/api/landscaper/application/submit", { method: "POST", cookies: account.cookies });
  return { email: account.email, fullName, businessName, cookies: account.cookies };
}

/** A visitor's instant quote: a pending job. */
export async function requestQuote(baseURL: string, fullName: string, services: string[] = ["lawn-mowing"]) {
  const answer = await call(baseURL, "/api/quotes", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      quoteBody({
        fullName,
        email: uniqueEmail("quote"),
        phone: "704-555-0123",
        address: "1200 Queens Rd, Charlotte, NC",
        zipCode: "28207",
        services: services as QuoteRequestInput["services"],
        preferredDate: todayInCharlotte(),
      }),
    ),
  });
  return (answer.quote as { number: number }).number;
}
