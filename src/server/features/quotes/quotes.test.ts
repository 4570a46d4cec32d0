import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { daysFromToday, todayInCharlotte } from "../../../shared/dates.js";
import { MAX_PHOTO_BYTES } from "../../../shared/jobs.js";
import { photoMessages, quoteMessages } from "../../../shared/quotes.js";
import { services } from "../../../shared/services.js";
import { job, jobEvent, outbox } from "../../db/schema.js";
import { defang } from "../../lib/mail/recipients.js";
import { signUp, signUpAs, uniqueEmail } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { expectFieldErrors } from "../../test/field-errors.js";
import { cameraJpeg } from "../../test/photo-helpers.js";
import { postQuote, validQuote } from "../../test/quote-helpers.js";

/** The smallest valid PNG (1×1, transparent). */
const pngBytes = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

function multipartQuote(
  fields: Record<string, unknown>,
  photo?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else form.append(name, String(value));
  }
  if (photo) form.append("photo", new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return form;
}

describe("quotes", () => {
  const t = useTestApp({ TEAM_EMAIL: "team@quotes.test" });

  const jobCount = async () => (await t.database.db.select({ n: count() }).from(job))[0]!.n;
  // Only the quote's own emails: other channels (push, SMS) may share the outbox.
  const mailCount = async () =>
    (
      await t.database.db
        .select({ n: count() })
        .from(outbox)
        .where(inArray(outbox.template, ["quote_received", "job_request"]))
    )[0]!.n;

  it("lists the seven services with their price ranges, in catalogue order", async () => {
    const response = await t.app.inject({ url: "/api/services/prices" });
    expect(response.statusCode).toBe(200);
    expect(response.json().services).toEqual(
      services.map((s) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        lowCents: s.lowCents,
        highCents: s.highCents,
      })),
    );
  });

  describe("validation", () => {
    it("answers every message of the form on an empty submit and stores nothing", async () => {
      const before = await jobCount();
      const response = await postQuote(t.app, {
        fullName: "",
        email: "",
        phone: "",
        address: "",
        zipCode: "",
        services: [],
        preferredDate: "",
        additionalNotes: "",
        website: "",
      });
      expectFieldErrors(response, {
        fullName: "Full name is required.",
        email: "Email is required.",
        phone: "Phone number is required.",
        address: "Property address is required.",
        zipCode: "ZIP code is required.",
        services: "Please select at least one service.",
        preferredDate: "Preferred date is required.",
      });
      expect(await jobCount()).toBe(before);
    });

    it("refuses a malformed email, an unknown service and a bad ZIP code", async () => {
      const response = await postQuote(
        t.app,
        validQuote({ email: "not-an-email", services: ["lawn-mowing", "pool-cleaning"], zipCode: "2820" }),
      );
      expectFieldErrors(response, {
        email: "Please enter a valid email.",
        "services.1": "Please select at least one service.",
        zipCode: "Please enter a valid 5-digit ZIP code.",
      });
    });

    it("treats blank-only text as empty", async () => {
      const response = await postQuote(t.app, validQuote({ fullName: "   ", phone: "\t" }));
      expect(response.json().error.fields).toEqual({
        fullName: "Full name is required.",
        phone: "Phone number is required.",
      });
    });

    it("refuses a past date but accepts today in Charlotte", async () => {
      const past = await postQuote(t.app, validQuote({ preferredDate: daysFromToday(-1) }));
      expectFieldErrors(past, { preferredDate: "Please choose today or a later date." });

      const impossible = await postQuote(t.app, validQuote({ preferredDate: "2030-02-30" }));
      expect(impossible.json().error.fields).toEqual({ preferredDate: "Preferred date is required." });

      const today = await postQuote(t.app, validQuote({ preferredDate: todayInCharlotte() }));
      expect(today.statusCode).toBe(200);
    });
  });

  describe("a visitor's request", () => {
    it("creates a pending job with the estimate, its first event and both emails", async () => {
      const input = validQuote({ email: uniqueEmail("Visitor").toUpperCase() });
      const response = await postQuote(t.app, input);
      expect(response.statusCode).toBe(200);
      const { quote } = response.json();
      expect(quote).toEqual({
        id: expect.any(String),
        number: expect.any(Number),
        fullName: "Ada Lovelace",
        email: input.email.toLowerCase(),
        services: ["lawn-mowing", "leaf-removal"],
        address: input.address,
        zipCode: "28203",
        preferredDate: input.preferredDate,
        estimateLowCents: 5000 + 9000,
        estimateHighCents: 7500 + 14000,
        // No size given: a landscaper prices it (the firm price is tested in pricing/firm-price.test.ts).
        price: null,
        // The secret that lets this sender book the request at once (issue 35): only its hash is kept.
        bookingToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
      expect(quote.number).toBeGreaterThanOrEqual(1001);

      const [row] = await t.database.db.select().from(job).where(eq(job.id, quote.id));
      expect(row).toMatchObject({
        status: "pending",
        customerId: null,
        customerPhone: "704-555-0100",
        serviceType: "lawn-mowing, leaf-removal",
        additionalNotes: "Gate code 1234",
        photoKey: null,
      });
      expect(row!.bookingTokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.bookingTokenHash).not.toContain(quote.bookingToken);
      const events = await t.database.db.select().from(jobEvent).where(eq(jobEvent.jobId, quote.id));
      expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, "pending"]]);

      const toCustomer = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, input.email.toLowerCase()));
      expect(toCustomer.map((m) => m.template)).toEqual(["quote_received"]);
      expect(toCustomer[0]!.text).toContain(`JOB-${quote.number}`);
      expect(toCustomer[0]!.text).toContain("$140.00 – $215.00");

      const toTeam = await t.database.db.select().from(outbox).where(eq(outbox.to, "team@quotes.test"));
      const teamMail = toTeam.find((m) => m.text.includes(`JOB-${quote.number}`));
      expect(teamMail?.template).toBe("job_request");
      // The team address never confirmed anything, so typed text reaches it unclickable (SECURITY.md).
      expect(teamMail?.text).toContain(defang(input.email.toLowerCase()));
    });

    it("the honeypot answers success but stores nothing and sends nothing", async () => {
      const jobsBefore = await jobCount();
      const mailsBefore = await mailCount();
      const response = await postQuote(t.app, validQuote({ website: "http://spam.example" }));
      expect(response.statusCode).toBe(200);
      expect(response.json().quote).toMatchObject({ fullName: "Ada Lovelace", number: 0 });
      expect(await jobCount()).toBe(jobsBefore);
      expect(await mailCount()).toBe(mailsBefore);
    });

    it("a retry or double click with the same idempotency key creates one job and one set of emails", async () => {
      const idempotencyKey = randomUUID();
      const input = validQuote({ idempotencyKey });
      const jobsBefore = await jobCount();
      const mailsBefore = await mailCount();
      const [first, second] = await Promise.all([postQuote(t.app, input), postQuote(t.app, input)]);
      const third = await postQuote(t.app, input);
      expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200]);
      const ids = new Set([first, second, third].map((r) => r.json().quote.id));
      expect(ids.size).toBe(1);
      expect(await jobCount()).toBe(jobsBefore + 1);
      expect(await mailCount()).toBe(mailsBefore + 2);

      const otherKey = await postQuote(t.app, { ...input, idempotencyKey: randomUUID() });
      expect(otherKey.json().quote.id).not.toBe(first.json().quote.id);
    });
  });

  describe("the idempotency key belongs to the request that first used it", () => {
    it("answers someone else's body under a known key with 409, not with the first requester's quote", async () => {
      const idempotencyKey = randomUUID();
      const victim = validQuote({ idempotencyKey, fullName: "Olivia Bennett", address: "12 Secret Ln" });
      const first = await postQuote(t.app, victim);
      expect(first.statusCode).toBe(200);
      const jobsBefore = await jobCount();

      const attacker = await postQuote(t.app, validQuote({ idempotencyKey, fullName: "Eve" }));
      expect(attacker.statusCode).toBe(409);
      expect(attacker.json()).toEqual({
        error: { code: "conflict", message: quoteMessages.idempotencyKeyReused },
      });
      expect(attacker.body).not.toContain("Olivia");
      expect(attacker.body).not.toContain("Secret");
      expect(attacker.body).not.toContain(victim.email);
      expect(await jobCount()).toBe(jobsBefore);

      // The first requester's own retry still gets their quote.
      const retry = await postQuote(t.app, victim);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().quote.id).toBe(first.json().quote.id);
    });

    it("answers a signed-in customer's key with 409 to another account, even with the same body", async () => {
      const owner = await signUp(t.app);
      const other = await signUp(t.app);
      const idempotencyKey = randomUUID();
      const input = validQuote({ idempotencyKey, email: owner.email });
      expect((await postQuote(t.app, input, owner.cookie)).statusCode).toBe(200);
      const stolen = await postQuote(t.app, input, other.cookie);
      expect(stolen.statusCode).toBe(409);
      expect(stolen.json().error.code).toBe("conflict");
      expect((await postQuote(t.app, input, owner.cookie)).statusCode).toBe(200);
    });

    it("keeps the key's photo when a mismatched request is refused, and stores none of the refused one", async () => {
      const idempotencyKey = randomUUID();
      const first = await postQuote(
        t.app,
        multipartQuote(validQuote({ idempotencyKey }), { bytes: pngBytes, name: "a.png", type: "image/png" }),
      );
      expect(first.statusCode, first.body).toBe(200);
      const stored = () => readdirSync(path.join(t.env.DATA_DIR, "uploads", "jobs")).length;
      const filesBefore = stored();
      const refused = await postQuote(
        t.app,
        multipartQuote(validQuote({ idempotencyKey }), { bytes: pngBytes, name: "b.png", type: "image/png" }),
      );
      expect(refused.statusCode).toBe(409);
      expect(stored()).toBe(filesBefore);
      const [row] = await t.database.db.select().from(job).where(eq(job.id, first.json().quote.id));
      expect(await t.app.storage.get(row!.photoKey!)).not.toBeNull();
    });
  });

  describe("the photo", () => {
    it("refuses a photo over 10 MB with 413 and its message, storing nothing", async () => {
      const before = await jobCount();
      const big = Buffer.alloc(MAX_PHOTO_BYTES + 1, 0);
      pngBytes.copy(big);
      const response = await postQuote(
        t.app,
        multipartQuote(validQuote(), { bytes: big, name: "lawn.png", type: "image/png" }),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toBe(photoMessages.tooLarge);
      expect(await jobCount()).toBe(before);
    });

    it("refuses a text file named .jpg (the content decides, not the name or claimed type)", async () => {
      const before = await jobCount();
      const response = await postQuote(
        t.app,
        multipartQuote(validQuote(), {
          bytes: Buffer.from("just some text pretending to be a picture"),
          name: "yard.jpg",
          type: "image/jpeg",
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(photoMessages.notAnImage);
      expect(await jobCount()).toBe(before);
    });

    it("refuses a HEIC photo it cannot decode (so cannot clean), storing nothing", async () => {
      const before = await jobCount();
      const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic"), Buffer.alloc(64, 1)]);
      const response = await postQuote(
        t.app,
        multipartQuote(validQuote(), { bytes: heic, name: "IMG_2.HEIC", type: "image/heic" }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(photoMessages.unreadable);
      expect(await jobCount()).toBe(before);
    });

    it("validates multipart fields with the same messages", async () => {
      const response = await postQuote(
        t.app,
        multipartQuote({
          fullName: "",
          email: "x",
          phone: "1",
          address: "a",
          zipCode: "28203",
          preferredDate: "",
        }),
      );
      expectFieldErrors(response, {
        fullName: "Full name is required.",
        email: "Please enter a valid email.",
        services: "Please select at least one service.",
        preferredDate: "Preferred date is required.",
      });
    });

    it("stores and serves a camera JPEG without its EXIF: no GPS position, no camera, no owner", async () => {
      const owner = await signUp(t.app);
      const camera = await cameraJpeg({ width: 900, height: 600 });
      expect((await sharp(camera).metadata()).exif).toBeDefined();
      const response = await postQuote(
        t.app,
        multipartQuote(validQuote({ email: owner.email }), {
          bytes: camera,
          name: "IMG_1.jpg",
          type: "image/jpeg",
        }),
        owner.cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await t.database.db.select().from(job).where(eq(job.id, response.json().quote.id));
      const file = await t.app.storage.get(row!.photoKey!);
      const stored = Buffer.concat(await file!.stream.toArray());
      const served = await t.app.inject({
        url: `/api/jobs/${row!.id}/photo`,
        headers: { cookie: owner.cookie },
      });
      expect(served.statusCode).toBe(200);
      for (const bytes of [stored, served.rawPayload]) {
        const meta = await sharp(bytes).metadata();
        expect(meta).toMatchObject({ format: "jpeg", width: 900, height: 600 });
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        for (const text of ["TestCam", "Phone 15", "Carlos", "GPS"])
          expect(bytes.includes(Buffer.from(text)), text).toBe(false);
      }
    });

    it("stores a real PNG, readable by its customer and admins only", async () => {
      const owner = await signUp(t.app);
      const other = await signUp(t.app);
      const admin = await signUpAs(t.app, t.database, "admin");
      const response = await postQuote(
        t.app,
        multipartQuote(validQuote({ email: owner.email, services: ["mulch-installation"] }), {
          bytes: pngBytes,
          name: "front-yard.png",
          type: "image/png",
        }),
        owner.cookie,
      );
      expect(response.statusCode).toBe(200);
      const { quote } = response.json();
      expect(quote).toMatchObject({ services: ["mulch-installation"], estimateLowCents: 12000 });

      const [row] = await t.database.db.select().from(job).where(eq(job.id, quote.id));
      // Re-encoded like every stored photo (the test above): a JPEG.
      expect(row).toMatchObject({ customerId: owner.id, photoContentType: "image/jpeg" });
      expect(row!.photoKey).toMatch(/^jobs\/[0-9a-f-]+\.jpg$/);

      const mine = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: owner.cookie } });
      expect(mine.json().jobs.find((j: { id: string }) => j.id === quote.id)?.hasPhoto).toBe(true);

      for (const cookie of [owner.cookie, admin.cookie]) {
        const photo = await t.app.inject({ url: `/api/jobs/${quote.id}/photo`, headers: { cookie } });
        expect(photo.statusCode).toBe(200);
        expect(photo.headers["content-type"]).toBe("image/jpeg");
        expect(await sharp(photo.rawPayload).metadata()).toMatchObject({
          format: "jpeg",
          width: 1,
          height: 1,
        });
      }
      const stranger = await t.app.inject({
        url: `/api/jobs/${quote.id}/photo`,
        headers: { cookie: other.cookie },
      });
      expect(stranger.statusCode).toBe(404);
      const visitor = await t.app.inject({ url: `/api/jobs/${quote.id}/photo` });
      expect(visitor.statusCode).toBe(401);
    });

    it("a retried upload keeps the first photo only", async () => {
      const idempotencyKey = randomUUID();
      const input = validQuote({ idempotencyKey });
      const photo = { bytes: pngBytes, name: "a.png", type: "image/png" };
      const first = await postQuote(t.app, multipartQuote(input, photo));
      const second = await postQuote(t.app, multipartQuote(input, photo));
      expect(second.json().quote.id).toBe(first.json().quote.id);
      const [row] = await t.database.db.select().from(job).where(eq(job.id, first.json().quote.id));
      expect(await t.app.storage.get(row!.photoKey!)).not.toBeNull();
    });
  });

  describe("ownership", () => {
    it("a signed-in customer's request is theirs at once", async () => {
      const customer = await signUp(t.app);
      const response = await postQuote(
        t.app,
        validQuote({ email: uniqueEmail("someone-else") }),
        customer.cookie,
      );
      const { quote } = response.json();
      const mine = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
      expect(mine.json()).toMatchObject({ preview: false, jobs: [{ id: quote.id, status: "pending" }] });
    });

    it("a landscaper asking for a quote does not own it", async () => {
      const landscaper = await signUp(t.app, { role: "landscaper" });
      const response = await postQuote(t.app, validQuote(), landscaper.cookie);
      const [row] = await t.database.db.select().from(job).where(eq(job.id, response.json().quote.id));
      expect(row!.customerId).toBeNull();
    });

    it("an anonymous request is linked when the customer registers with the same email and confirms it", async () => {
      const email = uniqueEmail("later");
      const first = (await postQuote(t.app, validQuote({ email }))).json().quote;
      const second = (
        await postQuote(t.app, validQuote({ email: email.toUpperCase(), services: ["seasonal-cleanup"] }))
      ).json().quote;
      const account = await signUp(t.app, { email });
      const mine = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: account.cookie } });
      expect(
        mine
          .json()
          .jobs.map((j: { id: string }) => j.id)
          .sort(),
      ).toEqual([first.id, second.id].sort());
    });
  });
});
