import { readdirSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { job } from "../db/schema.js";
import { multipartMessages } from "../lib/multipart.js";
import { useTestApp } from "./build-test-app.js";
import {
  newLandscaperUploading,
  type Part,
  postMultipart,
  samplePdf,
  samplePng,
  uploadFile,
} from "./landscaper-helpers.js";
import { quoteParts, validQuote } from "./quote-helpers.js";

describe("uploads take only what the form asks for", () => {
  const t = useTestApp();

  /** A valid quote sent as multipart/form-data with `files` after its fields. */
  function postQuoteForm(files: Part[]) {
    return postMultipart(t.app, "/api/quotes", [...quoteParts(validQuote()), ...files]);
  }

  const stored = () => {
    try {
      return readdirSync(path.join(t.env.DATA_DIR, "uploads", "jobs"));
    } catch {
      return [];
    }
  };
  const jobCount = async () => (await t.database.db.select({ n: count() }).from(job))[0]!.n;

  async function refusedQuote(files: Part[], status: number, message?: string) {
    const before = { jobs: await jobCount(), files: stored().length };
    const response = await postQuoteForm(files);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(status);
    if (message) expect(response.json().error.message).toBe(message);
    expect(await jobCount()).toBe(before.jobs);
    expect(stored()).toHaveLength(before.files);
  }

  it("refuses three 9 MB files in one quote: the whole request is over its limit", async () => {
    const big = Buffer.concat([samplePng, Buffer.alloc(9 * 1024 * 1024, 7)]);
    await refusedQuote(
      [1, 2, 3].map((i) => ({
        name: "photo",
        value: big,
        filename: `lawn-${i}.png`,
        contentType: "image/png",
      })),
      413,
    );
  });

  it("still takes one 9 MB photo with a quote (the form's own limit, not the 1 MB JSON limit)", async () => {
    const big = Buffer.concat([samplePng, Buffer.alloc(9 * 1024 * 1024, 7)]);
    const response = await postQuoteForm([
      { name: "photo", value: big, filename: "lawn.png", contentType: "image/png" },
    ]);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  });

  it("refuses a second file for one field, and a file field the form does not have", async () => {
    const png = { value: samplePng, filename: "lawn.png", contentType: "image/png" };
    await refusedQuote(
      [
        { name: "photo", ...png },
        { name: "photo", ...png },
      ],
      400,
      multipartMessages.oneFilePerField,
    );
    await refusedQuote([{ name: "attachment", ...png }], 400, multipartMessages.unexpectedFile("attachment"));
    const accepted = await postQuoteForm([{ name: "photo", ...png }]);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it("names a stored document after the type its bytes are, and serves a PDF as a download", async () => {
    const { account: pro, response: pdf } = await newLandscaperUploading(t, "insurance", {
      data: samplePdf,
      filename: "policy.html",
      contentType: "text/html",
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().document.originalName).toBe("policy.pdf");
    const download = await t.app.inject({
      url: `/api/documents/${pdf.json().document.id}`,
      headers: { cookie: pro.cookie },
    });
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="policy\.pdf"/);

    const image = await uploadFile(t.app, pro.cookie, "id_proof", {
      data: samplePng,
      filename: "licence.pdf",
    });
    expect(image.json().document.originalName).toBe("licence.png");
    const shown = await t.app.inject({
      url: `/api/documents/${image.json().document.id}`,
      headers: { cookie: pro.cookie },
    });
    expect(shown.headers["content-disposition"]).toMatch(/^inline; filename="licence\.png"/);

    const refused = await postMultipart(
      t.app,
      "/api/landscaper/documents/certifications",
      [
        { name: "file", value: samplePng, filename: "a.png", contentType: "image/png" },
        { name: "file", value: samplePng, filename: "b.png", contentType: "image/png" },
      ],
      pro.cookie,
    );
    expect(refused.statusCode).toBe(400);
  });
});
