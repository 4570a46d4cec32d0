import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { job, landscaperDocument } from "../db/schema.js";
import { multipartMessages } from "../lib/multipart.js";
import { useTestApp } from "./build-test-app.js";
import {
  multipart,
  newLandscaperUploading,
  type Part,
  postMultipart,
  samplePdf,
  samplePng,
  uploadFile,
} from "./landscaper-helpers.js";
import { cameraJpeg } from "./photo-helpers.js";
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
    // A real image (every stored photo is decoded and re-encoded): noise, stored uncompressed, about 9 MB.
    const noise = randomBytes(1800 * 1800 * 3);
    const big = await sharp(noise, { raw: { width: 1800, height: 1800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(9 * 1024 * 1024);
    const response = await postQuoteForm([
      { name: "photo", value: big, filename: "lawn.png", contentType: "image/png" },
    ]);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  });

  it("refuses a second file for one field, and a file field the form does not have", async () => {
    const png = { value: await cameraJpeg(), filename: "lawn.jpg", contentType: "image/jpeg" };
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

  it("stores and serves a landscaper's photographed ID without its EXIF (GPS, camera, owner); a PDF as sent", async () => {
    const camera = await cameraJpeg({ width: 1200, height: 800 });
    const { account: pro, response } = await newLandscaperUploading(t, "id_proof", {
      data: camera,
      filename: "licence.jpg",
      contentType: "image/jpeg",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().document).toMatchObject({
      originalName: "licence.jpg",
      contentType: "image/jpeg",
    });
    const [row] = await t.database.db
      .select()
      .from(landscaperDocument)
      .where(eq(landscaperDocument.userId, pro.id));
    const file = await t.app.storage.get(row!.storageKey);
    const stored = Buffer.concat(await file!.stream.toArray());
    const served = await t.app.inject({
      url: `/api/documents/${row!.id}`,
      headers: { cookie: pro.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(row!.sizeBytes).toBe(stored.length);
    for (const bytes of [stored, served.rawPayload]) {
      const meta = await sharp(bytes).metadata();
      // Full size kept (a document must stay legible), only the metadata goes.
      expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 800 });
      expect(meta.exif).toBeUndefined();
      for (const text of ["TestCam", "Phone 15", "Carlos", "GPS"])
        expect(bytes.includes(Buffer.from(text)), text).toBe(false);
    }

    const pdf = await uploadFile(t.app, pro.cookie, "insurance", { data: samplePdf, filename: "policy.pdf" });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const download = await t.app.inject({
      url: `/api/documents/${pdf.json().document.id}`,
      headers: { cookie: pro.cookie },
    });
    expect(download.rawPayload.equals(samplePdf)).toBe(true);
  });

  /** POSTs `parts` to the listening app with Transfer-Encoding: chunked (no Content-Length to check). */
  async function postChunked(url: string, parts: Part[]) {
    const body = multipart(parts);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" }).catch(() => {
      const bound = t.app.server.address();
      return typeof bound === "object" && bound ? `http://127.0.0.1:${bound.port}` : "";
    });
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${address}${url}`, {
        method: "POST",
        headers: { ...body.headers, "transfer-encoding": "chunked" },
      });
      let answered = false;
      request.on("response", (response) => {
        answered = true;
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      });
      // The server may answer and close before the client has written everything.
      request.on("error", (error) => (answered ? undefined : reject(error)));
      (async () => {
        for (let offset = 0; offset < body.payload.length && !answered; offset += 16 * 1024) {
          if (!request.write(body.payload.subarray(offset, offset + 16 * 1024)))
            await new Promise((drained) => request.once("drain", drained));
        }
        request.end();
      })().catch(() => undefined);
    });
  }

  it.each([
    // Each field under every per-field check (the 10,000-character text cap): a quote that used to be taken.
    ["39 fields of 9,000 characters (351 KB)", 39, 9_000],
    // Each field under the parser's 64 KB field limit: 2.6 MB read before any schema ran.
    ["40 fields of 64 KB (2.6 MB)", 40, 64 * 1024 - 1],
  ])("bounds a chunked form's text to 256 KB: %s get 413, nothing stored", async (_label, count, size) => {
    const filler = "x".repeat(size);
    const before = await jobCount();
    const answer = await postChunked("/api/quotes", [
      ...quoteParts(validQuote()),
      ...Array.from({ length: count }, (_, i) => ({ name: `extra${i}`, value: filler })),
    ]);
    expect(answer.status, answer.text.slice(0, 200)).toBe(413);
    expect(JSON.parse(answer.text).error).toEqual({
      code: "payload_too_large",
      message: multipartMessages.textTooLarge,
    });
    expect(await jobCount()).toBe(before);
  });

  it("still takes a chunked form whose text is under 256 KB", async () => {
    const answer = await postChunked("/api/quotes", [
      ...quoteParts(validQuote()),
      ...Array.from({ length: 20 }, (_, i) => ({ name: `extra${i}`, value: "y".repeat(9_000) })),
    ]);
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
  });
});
