import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApplicationView, Page } from "../../../shared/admin.js";
import { landscaper, notification, outbox } from "../../db/schema.js";
import { signUpAs } from "../../test/accounts-helpers.js";
import { insertLandscaper } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";

describe("landscaper applications review", () => {
  let admin: { id: string; cookie: string };
  let secondAdmin: { id: string; cookie: string };

  const t = useTestApp();
  beforeAll(async () => {
    admin = await signUpAs(t.app, t.database, "admin");
    secondAdmin = await signUpAs(t.app, t.database, "admin");
  });

  const list = async (query: string, cookie = admin.cookie) => {
    const response = await t.app.inject({ url: `/api/admin/applications${query}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page<ApplicationView>;
  };
  const decide = (userId: string, action: "approve" | "deny", payload: object, cookie = admin.cookie) =>
    t.app.inject({
      method: "POST",
      url: `/api/admin/applications/${userId}/${action}`,
      payload,
      headers: { cookie },
    });

  describe("listing", () => {
    let ids: Record<string, string>;
    beforeAll(async () => {
      const db = t.database.db;
      const at = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 12, minutes));
      ids = {
        carlos: (
          await insertLandscaper(db, {
            fullName: "Carlos Mendoza",
            businessName: "Queen City Lawn Care",
            zips: ["28203", "28207"],
            radius: 15,
            createdAt: at(1),
            documents: ["id_proof", "insurance"],
          })
        ).id,
        tasha: (
          await insertLandscaper(db, {
            fullName: "Tasha Williams",
            businessName: "Green Thumb 100%",
            status: "approved",
            createdAt: at(2),
          })
        ).id,
        ben: (await insertLandscaper(db, { fullName: "Ben_Whitaker", status: "denied", createdAt: at(3) }))
          .id,
        rosa: (
          await insertLandscaper(db, {
            fullName: "Rosa Delgado",
            createdAt: at(4),
            documentsSubmittedAt: null,
          })
        ).id,
      };
    });

    it("shows pending applications by default, newest first, with contact details and documents", async () => {
      const page = await list("");
      expect(page.items.map((a) => a.fullName)).toEqual(["Rosa Delgado", "Carlos Mendoza"]);
      const carlos = page.items[1]!;
      expect(carlos).toMatchObject({
        userId: ids.carlos,
        businessName: "Queen City Lawn Care",
        phoneNumber: "704-555-0199",
        serviceZipCodes: ["28203", "28207"],
        travelRadius: 15,
        status: "pending",
        adminNotes: null,
        reviewerName: null,
      });
      expect(carlos.email).toMatch(/@test\.local$/);
      expect(carlos.documents.map((d) => d.documentType)).toEqual(["id_proof", "insurance"]);
      expect(carlos.documents[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(page.items[0]!.documentsSubmittedAt).toBeNull();
      expect(page).toMatchObject({ nextCursor: null, prevCursor: null });
    });

    it("filters by status", async () => {
      expect((await list("?status=all")).items).toHaveLength(4);
      expect((await list("?status=approved")).items.map((a) => a.fullName)).toEqual(["Tasha Williams"]);
      expect((await list("?status=denied")).items.map((a) => a.fullName)).toEqual(["Ben_Whitaker"]);
      const bad = await t.app.inject({
        url: "/api/admin/applications?status=maybe",
        headers: { cookie: admin.cookie },
      });
      expect(bad.statusCode).toBe(400);
    });

    it("searches name and business case-insensitively, as plain text", async () => {
      const names = async (q: string) =>
        (await list(`?status=all&q=${encodeURIComponent(q)}`)).items.map((a) => a.fullName);
      expect(await names("queen city")).toEqual(["Carlos Mendoza"]);
      expect(await names("WILLIAMS")).toEqual(["Tasha Williams"]);
      // % and _ are characters, not wildcards.
      expect(await names("100%")).toEqual(["Tasha Williams"]);
      expect(await names("%")).toEqual(["Tasha Williams"]);
      expect(await names("n_w")).toEqual(["Ben_Whitaker"]);
      expect(await names("a_e")).toEqual([]);
      // SQL fragments are only text.
      expect(await names("' or 1=1 --")).toEqual([]);
      expect(await names("'); drop table landscaper; --")).toEqual([]);
      expect(await names("")).toHaveLength(4);
    });
  });

  describe("decisions", () => {
    it("approves with reviewer, time and notes, queues the email and notifies the landscaper", async () => {
      const applicant = await insertLandscaper(t.database.db, {
        fullName: "Ada Applicant",
        documents: ["id_proof", "insurance"],
      });
      const before = Date.now();
      const response = await decide(applicant.id, "approve", { notes: "  ID and insurance verified  " });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.message).toBe("Application approved successfully");
      expect(body.application).toMatchObject({ status: "approved", adminNotes: "ID and insurance verified" });
      expect(body.application.reviewerName).toBe("Test User");

      const [row] = await t.database.db.select().from(landscaper).where(eq(landscaper.userId, applicant.id));
      expect(row).toMatchObject({
        status: "approved",
        reviewedBy: admin.id,
        adminNotes: "ID and insurance verified",
      });
      expect(row!.reviewedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

      const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, applicant.email));
      expect(mails.map((m) => m.template)).toEqual(["application_approved"]);
      expect(mails[0]!.text).toContain("Ada Applicant");
      expect(mails[0]!.text).toContain("http://localhost:3000/landscaper-dashboard");

      const alerts = await t.database.db
        .select()
        .from(notification)
        .where(eq(notification.userId, applicant.id));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ type: "application", link: "/landscaper-dashboard", read: false });
      expect(alerts[0]!.message).toMatch(/approved/);
    });

    it("denies with the notes in the email", async () => {
      const applicant = await insertLandscaper(t.database.db, { fullName: "Dan Denied" });
      const response = await decide(applicant.id, "deny", {
        notes: "Insurance certificate expired",
        expectedStatus: "pending",
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe("Application denied");

      const [row] = await t.database.db.select().from(landscaper).where(eq(landscaper.userId, applicant.id));
      expect(row).toMatchObject({
        status: "denied",
        reviewedBy: admin.id,
        adminNotes: "Insurance certificate expired",
      });
      const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, applicant.email));
      expect(mails.map((m) => m.template)).toEqual(["application_denied"]);
      expect(mails[0]!.text).toContain("Reviewer notes: Insurance certificate expired");
      const alerts = await t.database.db
        .select()
        .from(notification)
        .where(eq(notification.userId, applicant.id));
      expect(alerts.map((a) => [a.type, a.link])).toEqual([["application", "/landscaper-dashboard"]]);
    });

    it("lets a later review change a decision, and refuses a stale or repeated one", async () => {
      const applicant = await insertLandscaper(t.database.db, {
        fullName: "Rhea Review",
        status: "denied",
        documents: ["id_proof", "insurance", "certifications"],
      });
      const stale = await decide(applicant.id, "approve", { expectedStatus: "pending" });
      expect(stale.statusCode).toBe(409);
      const approved = await decide(applicant.id, "approve", { expectedStatus: "denied", notes: "" });
      expect(approved.statusCode).toBe(200);
      expect(approved.json().application).toMatchObject({ status: "approved", adminNotes: null });
      const again = await decide(applicant.id, "approve", {});
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe("This application is already approved.");
    });

    describe("required documents", () => {
      const rowOf = async (id: string) =>
        (await t.database.db.select().from(landscaper).where(eq(landscaper.userId, id)))[0]!;

      it("refuses an approval with documents missing and no override, and changes nothing", async () => {
        const applicant = await insertLandscaper(t.database.db, { fullName: "Nora Nodocs" });
        const response = await decide(applicant.id, "approve", {
          notes: "Looks fine",
          expectedStatus: "pending",
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toEqual({
          code: "documents_missing",
          message:
            "Proof of ID and Liability Insurance are missing. Approve without them only with a reason.",
        });
        expect(await rowOf(applicant.id)).toMatchObject({
          status: "pending",
          reviewedBy: null,
          adminNotes: null,
          documentOverrideReason: null,
        });
        expect(await t.database.db.select().from(outbox).where(eq(outbox.to, applicant.email))).toEqual([]);
        expect(
          await t.database.db.select().from(notification).where(eq(notification.userId, applicant.id)),
        ).toEqual([]);

        // The list says what is missing, so the dialog can name it before anyone presses Approve.
        const page = await list("?status=pending&q=nora");
        expect(page.items[0]).toMatchObject({
          missingDocuments: ["id_proof", "insurance"],
          documentOverrideReason: null,
        });
      });

      it("names the one document missing", async () => {
        const applicant = await insertLandscaper(t.database.db, {
          fullName: "Owen Onedoc",
          documents: ["id_proof", "certifications"],
        });
        const response = await decide(applicant.id, "approve", {});
        expect(response.statusCode).toBe(409);
        expect(response.json().error.message).toBe(
          "Liability Insurance is missing. Approve without it only with a reason.",
        );
      });

      it("asks for the reason when the override is ticked without one", async () => {
        const applicant = await insertLandscaper(t.database.db, { fullName: "Rae Reasonless" });
        const response = await decide(applicant.id, "approve", {
          overrideMissingDocuments: true,
          overrideReason: "   ",
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: "validation_failed",
          fields: { overrideReason: "Say why you approve without these documents." },
        });
        // A reason without the box ticked is no override either.
        const unticked = await decide(applicant.id, "approve", { overrideReason: "Seen in person" });
        expect(unticked.json().error.code).toBe("documents_missing");
        expect((await rowOf(applicant.id)).status).toBe("pending");
      });

      it("approves with an override and keeps its reason on the application", async () => {
        const applicant = await insertLandscaper(t.database.db, {
          fullName: "Carlos Rivera",
          documents: ["id_proof"],
        });
        const response = await decide(applicant.id, "approve", {
          notes: "Called him",
          expectedStatus: "pending",
          overrideMissingDocuments: true,
          overrideReason: "  Insurance certificate seen in person; upload to follow  ",
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().application).toMatchObject({
          status: "approved",
          adminNotes: "Called him",
          documentOverrideReason: "Insurance certificate seen in person; upload to follow",
          missingDocuments: ["insurance"],
        });
        expect(await rowOf(applicant.id)).toMatchObject({
          status: "approved",
          reviewedBy: admin.id,
          documentOverrideReason: "Insurance certificate seen in person; upload to follow",
        });
        const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, applicant.email));
        expect(mails.map((m) => m.template)).toEqual(["application_approved"]);

        // A later decision writes its own record: a denial carries no override.
        const revoked = await decide(applicant.id, "deny", { expectedStatus: "approved" });
        expect(revoked.statusCode).toBe(200);
        expect(revoked.json().application.documentOverrideReason).toBeNull();
      });

      it("records no override for an application that has its documents", async () => {
        const applicant = await insertLandscaper(t.database.db, {
          fullName: "Della Docs",
          documents: ["id_proof", "insurance"],
        });
        const response = await decide(applicant.id, "approve", {
          overrideMissingDocuments: true,
          overrideReason: "Not needed",
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().application).toMatchObject({
          documentOverrideReason: null,
          missingDocuments: [],
        });
      });

      it("lets a denial through without documents", async () => {
        const applicant = await insertLandscaper(t.database.db, { fullName: "Dina Denial" });
        expect((await decide(applicant.id, "deny", {})).statusCode).toBe(200);
      });
    });

    it("answers 404 for an unknown applicant and 400 for notes that are too long", async () => {
      expect((await decide("no-such-user", "approve", {})).statusCode).toBe(404);
      const applicant = await insertLandscaper(t.database.db, { fullName: "Long Notes" });
      const tooLong = await decide(applicant.id, "deny", { notes: "x".repeat(2001) });
      expect(tooLong.statusCode).toBe(400);
    });

    it("ends a parallel approve and deny of one application with one consistent outcome", async () => {
      for (let round = 0; round < 3; round++) {
        const applicant = await insertLandscaper(t.database.db, {
          fullName: `Race ${round}`,
          documents: ["id_proof", "insurance"],
        });
        const [approve, deny] = await Promise.all([
          decide(
            applicant.id,
            "approve",
            { notes: "approve notes", expectedStatus: "pending" },
            admin.cookie,
          ),
          decide(
            applicant.id,
            "deny",
            { notes: "deny notes", expectedStatus: "pending" },
            secondAdmin.cookie,
          ),
        ]);
        const statuses = [approve.statusCode, deny.statusCode].sort();
        expect(statuses).toEqual([200, 409]);
        const winner = approve.statusCode === 200 ? "approved" : "denied";

        const [row] = await t.database.db
          .select()
          .from(landscaper)
          .where(eq(landscaper.userId, applicant.id));
        expect(row!.status).toBe(winner);
        expect(row!.adminNotes).toBe(winner === "approved" ? "approve notes" : "deny notes");
        expect(row!.reviewedBy).toBe(winner === "approved" ? admin.id : secondAdmin.id);
        const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, applicant.email));
        expect(mails.map((m) => m.template)).toEqual([
          winner === "approved" ? "application_approved" : "application_denied",
        ]);
        const alerts = await t.database.db
          .select()
          .from(notification)
          .where(and(eq(notification.userId, applicant.id), eq(notification.type, "application")));
        expect(alerts).toHaveLength(1);
      }
    });
  });
});
