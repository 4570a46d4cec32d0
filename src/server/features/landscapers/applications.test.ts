import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { landscaperMessages } from "../../../shared/landscapers.js";
import { landscaper, notification, outbox } from "../../db/schema.js";
import { LocalStorage } from "../../lib/storage.js";
import { injectAs, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import {
  createLandscaper,
  newLandscaperUploading,
  profileRow,
  samplePdf,
  samplePng,
  uploadFile,
} from "../../test/landscaper-helpers.js";

describe("landscaper applications, downloads and storage", () => {
  let admin: { id: string; cookie: string };

  const t = useTestApp();
  beforeAll(async () => {
    admin = await signUpAs(t.app, t.database, "admin");
  });

  describe("application submission", () => {
    it("refuses with 'Required documents missing' until both required documents are there", async () => {
      const account = await createLandscaper(t);
      const submit = () => injectAs(t.app, account.cookie, "POST", "/api/landscaper/application/submit");
      const none = await submit();
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toBe("Required documents missing");

      await uploadFile(t.app, account.cookie, "id_proof", { data: samplePng });
      await uploadFile(t.app, account.cookie, "certifications", { data: samplePdf });
      const oneMissing = await submit();
      expect(oneMissing.statusCode).toBe(400);
      expect(oneMissing.json().error.message).toBe("Required documents missing");
      expect((await profileRow(t, account.id))!.documentsSubmittedAt).toBeNull();
    });

    it("refuses a landscaper without a profile", async () => {
      const account = await signUp(t.app, { role: "landscaper" });
      const response = await injectAs(t.app, account.cookie, "POST", "/api/landscaper/application/submit");
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(landscaperMessages.noProfile);
    });

    it("records the submission, keeps the status pending, emails the applicant and tells the admins", async () => {
      const account = await createLandscaper(t, { name: "Maya Torres" });
      await uploadFile(t.app, account.cookie, "id_proof", { data: samplePng });
      await uploadFile(t.app, account.cookie, "insurance", { data: samplePdf });
      const response = await injectAs(t.app, account.cookie, "POST", "/api/landscaper/application/submit");
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe("Thank you! Your documents have been submitted for review.");
      expect(response.json().profile.status).toBe("pending");
      const row = await profileRow(t, account.id);
      expect(row!.status).toBe("pending");
      expect(row!.documentsSubmittedAt).toBeInstanceOf(Date);

      const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, account.email));
      const received = mails.filter((m) => m.template === "application_received");
      expect(received).toHaveLength(1);
      expect(received[0]!.text).toContain("Maya Torres");
      expect(received[0]!.text).toContain("/landscaper-dashboard?status=pending");

      const alerts = await t.database.db
        .select()
        .from(notification)
        .where(and(eq(notification.userId, admin.id), eq(notification.type, "application")));
      expect(
        alerts.some((a) => a.message.includes("Maya Torres") && a.link === "/admin/landscaper-approvals"),
      ).toBe(true);

      // A second submission (after replacing a file, say) tells the admins again but does not re-send the email.
      const again = await injectAs(t.app, account.cookie, "POST", "/api/landscaper/application/submit");
      expect(again.statusCode).toBe(200);
      const mailsAfter = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, account.email), eq(outbox.template, "application_received")));
      expect(mailsAfter).toHaveLength(1);
    });

    it("tells the admins about a re-submission at most once a day", async () => {
      const account = await createLandscaper(t, { name: "Rhea Resubmit" });
      await uploadFile(t.app, account.cookie, "id_proof", { data: samplePng });
      await uploadFile(t.app, account.cookie, "insurance", { data: samplePdf });
      const submit = () => injectAs(t.app, account.cookie, "POST", "/api/landscaper/application/submit");
      const alerts = async () =>
        (
          await t.database.db
            .select()
            .from(notification)
            .where(and(eq(notification.userId, admin.id), eq(notification.type, "application")))
        ).filter((a) => a.message.includes("Rhea Resubmit"));
      for (let i = 0; i < 4; i++) expect((await submit()).statusCode).toBe(200);
      expect(await alerts()).toHaveLength(1);

      // A day later the next re-submission is news again.
      await t.database.db
        .update(landscaper)
        .set({ applicationNotifiedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(landscaper.userId, account.id));
      expect((await submit()).statusCode).toBe(200);
      const after = await alerts();
      expect(after).toHaveLength(2);
      expect(after.some((a) => a.message.endsWith("updated their application documents."))).toBe(true);
    });
  });

  describe("private downloads", () => {
    it("streams a document to its owner and to an admin; anyone else gets 404, a visitor 401", async () => {
      const { account: owner, response: uploaded } = await newLandscaperUploading(t, "insurance", {
        data: samplePdf,
        filename: "Certificat d’assurance.pdf",
      });
      const id = uploaded.json().document.id as string;
      const url = `/api/documents/${id}`;

      const mine = await t.app.inject({ url, headers: { cookie: owner.cookie } });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers["content-type"]).toBe("application/pdf");
      expect(mine.headers["cache-control"]).toBe("private, no-store");
      expect(String(mine.headers["content-disposition"])).toContain(
        "filename*=UTF-8''Certificat%20d%E2%80%99assurance.pdf",
      );
      expect(mine.rawPayload.equals(samplePdf)).toBe(true);

      const asAdmin = await t.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.rawPayload.equals(samplePdf)).toBe(true);

      const other = await createLandscaper(t);
      const customer = await signUp(t.app, { role: "customer" });
      for (const cookie of [other.cookie, customer.cookie]) {
        const response = await t.app.inject({ url, headers: { cookie } });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe("Document not found.");
      }
      const missing = await injectAs(
        t.app,
        owner.cookie,
        "GET",
        "/api/documents/00000000-0000-4000-8000-000000000000",
      );
      expect(missing.statusCode).toBe(404);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    });
  });

  describe("storage keys", () => {
    it("never lets a key escape the storage root", async () => {
      const root = mkdtempSync(path.join(os.tmpdir(), "greenscape-storage-"));
      try {
        const storage = new LocalStorage(root);
        for (const key of [
          "../x",
          "documents/../../x",
          "/etc/passwd",
          "documents/./x",
          "a\\..\\x",
          "",
          "a//b",
        ]) {
          await expect(storage.put(key, Buffer.from("x")), key).rejects.toThrow(/Unsafe storage key/);
          await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
          await expect(storage.delete(key), key).rejects.toThrow(/Unsafe storage key/);
        }
        await storage.put("documents/u1/id_proof-1.png", samplePng);
        const file = await storage.get("documents/u1/id_proof-1.png");
        expect(file?.size).toBe(samplePng.length);
        expect((await buffer(file!.stream)).equals(samplePng)).toBe(true);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  });
});
