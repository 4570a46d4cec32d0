import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { profileInput as validProfile } from "../../../src/server/test/profile-input";
import type { LandscaperProfileInput } from "../../../src/shared/landscapers";
import type { SessionUser } from "../../../src/shared/session";
import { okJson } from "./api";

/** Landscaper helpers for browser tests: profile and approval through the API, sample credential files. */

/** The browser tests' landscaper: Lee's Lawns, serving 28202 only. */
export function profileInput(overrides: Partial<LandscaperProfileInput> = {}): LandscaperProfileInput {
  return validProfile({
    fullName: "Lee Landscaper",
    businessName: "Lee's Lawns",
    phoneNumber: "(704) 555-0123",
    serviceZipCodes: "28202",
    ...overrides,
  });
}

/** Saves the landscaper profile of the account `context` is signed in as. */
export async function saveProfileViaApi(
  context: BrowserContext,
  overrides: Partial<LandscaperProfileInput> = {},
) {
  await okJson(
    await context.request.put("/api/landscaper/profile", { data: profileInput(overrides) }),
    "profile",
  );
}

/**
 * Approves or denies (with the admin's notes, if any) the application of `account` as `admin`, through
 * POST /api/admin/applications/:id/:action. Each decision notifies the landscaper. The tests' landscapers
 * upload no documents, so an approval overrides the missing ones with a reason, as an admin would have to.
 */
export async function reviewApplication(
  admin: BrowserContext,
  account: { user: SessionUser | null },
  action: "approve" | "deny",
  notes?: string,
) {
  const userId = account.user?.id;
  if (!userId) throw new Error("The landscaper has no user id.");
  const data = {
    ...(notes === undefined ? {} : { notes }),
    ...(action === "approve" ? testOverride : {}),
  };
  await okJson(await admin.request.post(`/api/admin/applications/${userId}/${action}`, { data }), action);
}

/** The override a test's approval sends for the documents its landscaper never uploaded. */
export const testOverride = {
  overrideMissingDocuments: true,
  overrideReason: "Browser test: documents are not what this test checks.",
};

/**
 * Uploads proof of ID and insurance (a small PDF named `fileName`, or after its type) and submits the
 * application of the landscaper `context` is signed in as: it then waits in the admin's approvals.
 */
export async function submitApplication(context: BrowserContext, fileName?: string) {
  for (const type of ["id_proof", "insurance"]) {
    const file = { name: fileName ?? `${type}.pdf`, mimeType: "application/pdf", buffer: pdfBuffer() };
    await okJson(
      await context.request.post(`/api/landscaper/documents/${type}`, { multipart: { file } }),
      `upload ${type}`,
    );
  }
  await okJson(await context.request.post("/api/landscaper/application/submit"), "submit application");
}

/**
 * A real PNG (1×1) whose checksums hold, so the server (which decodes every image it stores) takes it;
 * padded to `bytes` if asked.
 */
export function pngBuffer(bytes = 0): Buffer {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
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
