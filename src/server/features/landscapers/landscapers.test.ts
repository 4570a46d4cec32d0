import { beforeAll, describe, expect, it } from "vitest";
import { landscaperMessages, MAX_DOCUMENT_BYTES } from "../../../shared/landscapers.js";
import { signUp, signUpAs } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { expectFieldErrors } from "../../test/field-errors.js";
import {
  createLandscaper,
  documentRows,
  isStored,
  newLandscaperUploading,
  postMultipart,
  profileInput,
  profileRow,
  putProfile,
  samplePdf,
  samplePng,
  uploadFile,
} from "../../test/landscaper-helpers.js";

describe("landscaper onboarding and credentials", () => {
  const t = useTestApp();
  beforeAll(async () => {
    // No test here acts as the admin; the account is there so the database holds one, as in production.
    await signUpAs(t.app, t.database, "admin");
  });

  describe("profile (onboarding)", () => {
    it("answers null before onboarding, then saves a pending profile with consent times and coverage", async () => {
      const account = await signUp(t.app, { role: "landscaper" });
      const before = await t.app.inject({
        url: "/api/landscaper/profile",
        headers: { cookie: account.cookie },
      });
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ profile: null });

      const started = Date.now();
      const response = await putProfile(
        t.app,
        account.cookie,
        profileInput({
          serviceZipCodes: " 28202,28203 ; 28202  28204",
          travelRadius: "15" as unknown as number,
        }),
      );
      expect(response.statusCode).toBe(200);
      const { profile } = response.json();
      expect(profile).toMatchObject({
        fullName: "Lee Green",
        businessName: "Green Thumb Lawn Co.",
        serviceZipCodes: ["28202", "28203", "28204"],
        travelRadius: 15,
        status: "pending",
        documentsSubmittedAt: null,
      });
      expect(profile.coveredZipCount).toBeGreaterThan(3);

      const row = await profileRow(t, account.id);
      expect(row!.coveredZipCodes).toContain("28078"); // Huntersville, about 12 miles from Uptown
      expect(row!.backgroundCheckConsentAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(row!.termsConsentAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);

      const session = await t.app.inject({ url: "/api/session", headers: { cookie: account.cookie } });
      expect(session.json().user.landscaperStatus).toBe("pending");
    });

    it("stores an empty business name as null", async () => {
      const account = await signUp(t.app, { role: "landscaper" });
      for (const businessName of ["", "   "]) {
        const response = await putProfile(t.app, account.cookie, profileInput({ businessName }));
        expect(response.statusCode).toBe(200);
        expect(response.json().profile.businessName).toBeNull();
        expect((await profileRow(t, account.id))!.businessName).toBeNull();
      }
      const { businessName: _omitted, ...withoutBusiness } = profileInput();
      const omitted = await putProfile(t.app, account.cookie, withoutBusiness);
      expect(omitted.json().profile.businessName).toBeNull();
    });

    it("answers every required-field message and stores nothing", async () => {
      const account = await signUp(t.app, { role: "landscaper" });
      const response = await putProfile(t.app, account.cookie, {
        fullName: " ",
        businessName: "",
        phoneNumber: "",
        streetAddress: "",
        city: "",
        state: "",
        zipCode: "",
        serviceZipCodes: " , ",
        travelRadius: 10,
        backgroundCheckConsent: false,
        termsConsent: false,
      });
      expectFieldErrors(response, {
        fullName: landscaperMessages.fullName,
        phoneNumber: landscaperMessages.phone,
        streetAddress: landscaperMessages.street,
        city: landscaperMessages.city,
        state: landscaperMessages.state,
        zipCode: landscaperMessages.zip,
        serviceZipCodes: landscaperMessages.zipListRequired,
        backgroundCheckConsent: landscaperMessages.backgroundCheck,
        termsConsent: landscaperMessages.terms,
      });
      expect(await profileRow(t, account.id)).toBeUndefined();
    });

    it("explains a bad ZIP list, a bad ZIP, an unknown radius and a missing consent box", async () => {
      const account = await signUp(t.app, { role: "landscaper" });
      const cases: [Record<string, unknown>, string, string][] = [
        [{ serviceZipCodes: "28202, 2820" }, "serviceZipCodes", landscaperMessages.zipListFormat],
        [{ serviceZipCodes: "28202, abcde" }, "serviceZipCodes", landscaperMessages.zipListFormat],
        [{ serviceZipCodes: ["28202", "282021"] }, "serviceZipCodes", landscaperMessages.zipListFormat],
        [{ zipCode: "282" }, "zipCode", landscaperMessages.zipFormat],
        [{ travelRadius: 12 }, "travelRadius", landscaperMessages.radius],
        [{ backgroundCheckConsent: false }, "backgroundCheckConsent", landscaperMessages.backgroundCheck],
        [{ termsConsent: undefined }, "termsConsent", landscaperMessages.terms],
      ];
      for (const [override, field, message] of cases) {
        const response = await putProfile(t.app, account.cookie, { ...profileInput(), ...override });
        expectFieldErrors(response, { [field]: message }, JSON.stringify(override));
      }
      expect(await profileRow(t, account.id)).toBeUndefined();
    });

    it("keeps an approved landscaper approved, and the first consent time, when they edit their profile; the new area waits for review", async () => {
      const account = await createLandscaper(t, { status: "approved", zips: ["28202"], radius: 5 });
      const first = await profileRow(t, account.id);
      const response = await putProfile(
        t.app,
        account.cookie,
        profileInput({ serviceZipCodes: "28202, 28105", travelRadius: 25 }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().profile).toMatchObject({
        status: "approved",
        travelRadius: 5,
        pendingAreaChange: { serviceZipCodes: ["28202", "28105"], travelRadius: 25 },
      });
      const row = await profileRow(t, account.id);
      expect(row!.status).toBe("approved");
      expect(row!.backgroundCheckConsentAt).toEqual(first!.backgroundCheckConsentAt);
      // The area in force is the one that was approved (area-changes.test.ts covers the review).
      expect(row!.coveredZipCodes).toEqual(first!.coveredZipCodes);
    });

    it("is for landscapers only", async () => {
      const customer = await signUp(t.app, { role: "customer" });
      const response = await putProfile(t.app, customer.cookie, profileInput());
      expect(response.statusCode).toBe(403);
      const visitor = await t.app.inject({
        method: "PUT",
        url: "/api/landscaper/profile",
        payload: profileInput(),
      });
      expect(visitor.statusCode).toBe(401);
    });
  });

  describe("credential uploads", () => {
    it("stores a file under a key the server makes up, one row per type, replacing the previous file", async () => {
      const { account, response: first } = await newLandscaperUploading(t, "id_proof", {
        data: samplePng,
        filename: "../../etc/passwd.png",
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        message: "File uploaded successfully!",
        document: { documentType: "id_proof", originalName: "passwd.png", contentType: "image/png" },
      });
      const [row] = await documentRows(t, account.id);
      expect(row!.storageKey).toMatch(new RegExp(`^documents/${account.id}/id_proof-[0-9a-f-]{36}\\.png$`));
      // Re-encoded without metadata (uploads.test.ts): the size is the stored file's.
      expect(row!.sizeBytes).toBeGreaterThan(0);
      expect(await isStored(t, row!.storageKey)).toBe(true);

      // A PDF under a .jpg name is stored as what it is.
      const second = await uploadFile(t.app, account.cookie, "id_proof", {
        data: samplePdf,
        filename: "scan.jpg",
        contentType: "image/jpeg",
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().document.contentType).toBe("application/pdf");
      const rows = await documentRows(t, account.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.storageKey).toMatch(/\.pdf$/);
      expect(await isStored(t, row!.storageKey)).toBe(false);

      const list = await t.app.inject({
        url: "/api/landscaper/documents",
        headers: { cookie: account.cookie },
      });
      expect(list.json()).toMatchObject({
        // Shown and downloaded under the extension of what it is.
        documents: [{ documentType: "id_proof", originalName: "scan.pdf" }],
        documentsSubmittedAt: null,
      });
    });

    it("refuses a file over 10 MB with 413 and stores nothing", async () => {
      const account = await createLandscaper(t);
      const big = Buffer.concat([samplePng, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - samplePng.length)]);
      const response = await uploadFile(t.app, account.cookie, "insurance", { data: big });
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toBe("The file is larger than 10 MB.");
      const rows = await documentRows(t, account.id);
      expect(rows).toHaveLength(0);
    });

    it("accepts a file of exactly 10 MB", async () => {
      const account = await createLandscaper(t);
      const exact = Buffer.concat([samplePdf, Buffer.alloc(MAX_DOCUMENT_BYTES - samplePdf.length)]);
      const response = await uploadFile(t.app, account.cookie, "certifications", { data: exact });
      expect(response.statusCode).toBe(200);
      expect(response.json().document.sizeBytes).toBe(MAX_DOCUMENT_BYTES);
    });

    it("judges by content: text under an image name and type is refused with 400", async () => {
      const { response } = await newLandscaperUploading(t, "id_proof", {
        data: Buffer.from("<script>alert('not an image')</script>"),
        filename: "photo.png",
        contentType: "image/png",
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(landscaperMessages.fileType);
    });

    it("refuses a request without a file, with another field name, or for an unknown type", async () => {
      const account = await createLandscaper(t);
      const json = await t.app.inject({
        method: "POST",
        url: "/api/landscaper/documents/id_proof",
        headers: { cookie: account.cookie },
        payload: {},
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().error.message).toBe(landscaperMessages.noFile);
      const wrongField = await uploadFile(t.app, account.cookie, "id_proof", {
        data: samplePng,
        field: "photo",
      });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().error.message).toBe('This form does not take a file named "photo".');
      const noFile = await postMultipart(
        t.app,
        "/api/landscaper/documents/id_proof",
        [{ name: "note", value: "hello" }],
        account.cookie,
      );
      expect(noFile.statusCode).toBe(400);
      const unknown = await uploadFile(t.app, account.cookie, "passport", { data: samplePng });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe("Unknown document type.");
    });

    it("is for landscapers only", async () => {
      const customer = await signUp(t.app, { role: "customer" });
      const response = await uploadFile(t.app, customer.cookie, "id_proof", { data: samplePng });
      expect(response.statusCode).toBe(403);
    });
  });
});
