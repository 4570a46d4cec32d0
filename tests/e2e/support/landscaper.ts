import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { daysFromToday } from "../../../src/shared/dates";
import type { LandscaperProfileInput } from "../../../src/shared/landscapers";
import { quoteBody } from "./quotes";

/** Landscaper helpers for browser tests: profile through the API, sample credential files, quotes. */

export function profileInput(overrides: Partial<LandscaperProfileInput> = {}): LandscaperProfileInput {
  return {
    fullName: "Lee Landscaper",
    businessName: "Lee's Lawns",
    phoneNumber: "(704) 555-0123",
    streetAddress: "100 N Tryon St",
    city: "Charlotte",
    state: "NC",
    zipCode: "28202",
    serviceZipCodes: "28202",
    travelRadius: 10,
    backgroundCheckConsent: true,
    termsConsent: true,
    ...overrides,
  };
}

/** Saves the landscaper profile of the account `context` is signed in as. */
export async function saveProfileViaApi(
  context: BrowserContext,
  overrides: Partial<LandscaperProfileInput> = {},
) {
  const response = await context.request.put("/api/landscaper/profile", { data: profileInput(overrides) });
  if (!response.ok()) throw new Error(`profile failed (${response.status()}): ${await response.text()}`);
}

/**
 * Approves a landscaper through the admin API (POST /api/admin/applications/:id/approve), signed in as
 * `adminContext`. Answers false when that endpoint is not there, so a test can say what it could not check.
 */
export async function approveViaAdminApi(adminContext: BrowserContext, userId: string): Promise<boolean> {
  const response = await adminContext.request.post(`/api/admin/applications/${userId}/approve`, { data: {} });
  if (response.status() === 404) return false;
  if (!response.ok()) throw new Error(`approve failed (${response.status()}): ${await response.text()}`);
  return true;
}

/** A quote sent as the customer `context` is signed in as, with a photo; answers the job id. */
export async function requestQuoteViaApi(
  context: BrowserContext,
  options: { fullName: string; email: string; zipCode?: string; photo?: Buffer },
): Promise<string> {
  const body = quoteBody({
    fullName: options.fullName,
    email: options.email,
    phone: "(704) 555-0188",
    address: "1200 East Blvd, Charlotte, NC",
    zipCode: options.zipCode ?? "28202",
    services: ["lawn-mowing", "edging-trimming"],
    preferredDate: daysFromToday(6),
    additionalNotes: "Gate code 1234. Please mind the dog.",
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item ?? ""));
  }
  if (options.photo)
    form.append("photo", new Blob([new Uint8Array(options.photo)], { type: "image/png" }), "yard.png");
  const response = await context.request.post("/api/quotes", { multipart: form });
  if (!response.ok()) throw new Error(`quote failed (${response.status()}): ${await response.text()}`);
  return ((await response.json()) as { quote: { id: string } }).quote.id;
}

/** A real, decodable PNG of one green pixel per side (browsers can show it), padded to `bytes` if asked. */
export function pngBuffer(bytes = 0): Buffer {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkqP9fDwAEhQHhyhp8YQAAAABJRU5ErkJggg==",
    "base64",
  );
  // Bytes after IEND are ignored by decoders, so the file stays a valid image of any size.
  return bytes > png.length ? Buffer.concat([png, Buffer.alloc(bytes - png.length)]) : png;
}

export function pdfBuffer(bytes = 0): Buffer {
  const pdf = Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
  return bytes > pdf.length ? Buffer.concat([pdf, Buffer.alloc(bytes - pdf.length, 0x20)]) : pdf;
}

/** Writes sample files to a fresh temp directory for page.setInputFiles; answers their paths. */
export function writeSampleFiles(files: Record<string, Buffer>): Record<string, string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "greenscape-upload-"));
  const paths: Record<string, string> = {};
  for (const [name, data] of Object.entries(files)) {
    const file = path.join(dir, name);
    writeFileSync(file, data);
    paths[name] = file;
  }
  return paths;
}
