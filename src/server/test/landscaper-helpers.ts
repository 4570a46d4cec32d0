import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { daysFromToday } from "../../shared/dates.js";
import { landscaper, landscaperDocument } from "../db/schema.js";
import { type SignedUp, signUp } from "./accounts-helpers.js";
import type { TestApp } from "./build-test-app.js";
import { multipart, type Part } from "./multipart.js";
import { profileInput } from "./profile-input.js";
import { postQuote } from "./quote-helpers.js";

/** Shared by the landscaper and job lifecycle tests: accounts, profiles, jobs and upload bodies. */

export { multipart, type Part, profileInput };

export async function putProfile(app: FastifyInstance, cookie: string, body: unknown) {
  return app.inject({
    method: "PUT",
    url: "/api/landscaper/profile",
    headers: { cookie },
    payload: body as object,
  });
}

export type Landscaper = SignedUp;

/**
 * A landscaper with a saved profile (through the real endpoint, so coverage is computed), then given
 * `status` directly: approval is the admin area's job, not under test here.
 */
export async function createLandscaper(
  t: TestApp,
  options: {
    status?: "pending" | "approved" | "denied";
    zips?: string[];
    radius?: number;
    name?: string;
  } = {},
): Promise<Landscaper> {
  const account = await signUp(t.app, { role: "landscaper", name: options.name ?? "Lee Green" });
  const response = await putProfile(
    t.app,
    account.cookie,
    profileInput({
      fullName: options.name ?? "Lee Green",
      serviceZipCodes: (options.zips ?? ["28202"]).join(", "),
      travelRadius: options.radius ?? 10,
    }),
  );
  if (response.statusCode !== 200) throw new Error(`profile failed: ${response.body}`);
  if (options.status && options.status !== "pending") {
    await t.database.db
      .update(landscaper)
      .set({ status: options.status })
      .where(eq(landscaper.userId, account.id));
  }
  return account;
}

/** The landscaper row of `userId`, as the database holds it (undefined before a profile is saved). */
export async function profileRow(t: TestApp, userId: string) {
  const [row] = await t.database.db.select().from(landscaper).where(eq(landscaper.userId, userId));
  return row;
}

/** The document rows of `userId`, as the database holds them. */
export async function documentRows(t: TestApp, userId: string) {
  return t.database.db.select().from(landscaperDocument).where(eq(landscaperDocument.userId, userId));
}

/** Whether storage holds `key` (read to the end, so no file handle outlives the test). */
export async function isStored(t: TestApp, key: string): Promise<boolean> {
  const file = await t.app.storage.get(key);
  if (file) await buffer(file.stream);
  return file !== null;
}

/** A quote from a signed-in customer (cookie) or a visitor; answers the new job's id. */
export async function createJob(
  app: FastifyInstance,
  options: {
    cookie?: string;
    zipCode?: string;
    services?: string[];
    daysAhead?: number;
    email?: string;
  } = {},
): Promise<string> {
  const response = await postQuote(
    app,
    {
      fullName: "Olivia Bennett",
      email: options.email ?? "olivia@test.local",
      phone: "(704) 555-0199",
      address: "415 Hawthorne Ln, Charlotte, NC",
      zipCode: options.zipCode ?? "28202",
      services: options.services ?? ["lawn-mowing"],
      preferredDate: daysFromToday(options.daysAhead ?? 7),
    },
    options.cookie,
  );
  if (response.statusCode !== 200) throw new Error(`quote failed: ${response.statusCode} ${response.body}`);
  return response.json().quote.id;
}

/** The smallest real PNG (1×1, transparent): sniffed as a PNG and decodable, as a quote photo must be. */
export const samplePng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** The smallest bytes the sniffer recognises as a PDF. */
export const samplePdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** POSTs `parts` as multipart/form-data to `url` through the real app, as `cookie`'s session or a visitor. */
export async function postMultipart(app: FastifyInstance, url: string, parts: Part[], cookie?: string) {
  const body = multipart(parts);
  return app.inject({
    method: "POST",
    url,
    headers: cookie ? { cookie, ...body.headers } : body.headers,
    payload: body.payload,
  });
}

export async function uploadFile(
  app: FastifyInstance,
  cookie: string,
  type: string,
  file: { data: Buffer; filename?: string; contentType?: string; field?: string },
) {
  return postMultipart(
    app,
    `/api/landscaper/documents/${type}`,
    [
      {
        name: file.field ?? "file",
        value: file.data,
        filename: file.filename ?? "upload.png",
        contentType: file.contentType ?? "image/png",
      },
    ],
    cookie,
  );
}

/** A new landscaper (createLandscaper's defaults) who uploads one `type` file: answers both. */
export async function newLandscaperUploading(
  t: TestApp,
  type: string,
  file: Parameters<typeof uploadFile>[3],
): Promise<{ account: Landscaper; response: Awaited<ReturnType<typeof uploadFile>> }> {
  const account = await createLandscaper(t);
  const response = await uploadFile(t.app, account.cookie, type, file);
  return { account, response };
}

/**
 * Two approved landscapers with the same area (ZIP 28202, 10 miles): the one whose queue a test reads,
 * and a rival who takes or declines requests around them.
 */
export async function createQueueRivals(t: TestApp): Promise<{ pro: Landscaper; rival: Landscaper }> {
  const area = () => ({ status: "approved" as const, zips: ["28202"], radius: 10 });
  const pro = await createLandscaper(t, { ...area(), name: "Carlos Mendoza" });
  const rival = await createLandscaper(t, { ...area(), name: "Rita Rival" });
  return { pro, rival };
}
