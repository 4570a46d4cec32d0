import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { verificationMessages } from "../../../shared/accounts.js";
import type {
  DocumentType,
  LandscaperDocumentView,
  LandscaperProfileValues,
  LandscaperProfileView,
  PendingAreaChange,
} from "../../../shared/landscapers.js";
import {
  landscaperDisplayName,
  landscaperMessages,
  requiredDocumentTypes,
} from "../../../shared/landscapers.js";
import type { Env } from "../../config/env.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { landscaper, landscaperDocument, user } from "../../db/schema.js";
import { AppError, badRequest, notFound, unsupportedFile } from "../../lib/errors.js";
import { extensionOf, nameForType, type SniffedType, sniffFileType } from "../../lib/file-type.js";
import { cleanImage } from "../../lib/images.js";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";
import type { Storage } from "../../lib/storage.js";
import type { Principal } from "../accounts/index.js";
import { notifyAdmins } from "../notifications/index.js";
import { requestAreaChange } from "./area-changes.js";
import { coveredZipCodes } from "./coverage.js";
import { assignSlug } from "./public-profile.js";

type LandscaperRow = typeof landscaper.$inferSelect;
type DocumentRow = typeof landscaperDocument.$inferSelect;

export function toProfileView(
  row: LandscaperRow,
  pendingAreaChange: PendingAreaChange | null = null,
): LandscaperProfileView {
  return {
    fullName: row.fullName,
    businessName: row.businessName,
    phoneNumber: row.phoneNumber,
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    serviceZipCodes: row.serviceZipCodes,
    travelRadius: row.travelRadius,
    coveredZipCount: row.coveredZipCodes.length,
    status: row.status,
    backgroundCheckConsentAt: row.backgroundCheckConsentAt?.toISOString() ?? null,
    termsConsentAt: row.termsConsentAt?.toISOString() ?? null,
    documentsSubmittedAt: row.documentsSubmittedAt?.toISOString() ?? null,
    pendingAreaChange,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    pausedReason: row.pausedReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDocumentView(row: DocumentRow): LandscaperDocumentView {
  return {
    id: row.id,
    documentType: row.documentType,
    originalName: row.originalName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

export async function findProfile(db: DbOrTx, userId: string): Promise<LandscaperRow | null> {
  const [row] = await db.select().from(landscaper).where(eq(landscaper.userId, userId));
  return row ?? null;
}

/* ---------------- Profile (onboarding) ---------------- */

export interface SaveProfileOptions {
  db: Db;
  env: Env;
  userId: string;
  input: LandscaperProfileValues;
}

/**
 * Creates or updates the caller's landscaper row. A new row starts pending; an existing one keeps its status,
 * and consent keeps the time it was first given. An approved landscaper's new service area goes to admin
 * review (area-changes.ts): the area they were approved for stays in force until then.
 */
export async function saveProfile({ db, env, userId, input }: SaveProfileOptions): Promise<LandscaperRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(landscaper).where(eq(landscaper.userId, userId)).for("update");
    const reviewArea = current?.status === "approved";
    if (current && reviewArea) {
      await requestAreaChange({
        tx,
        env,
        current,
        requested: { serviceZipCodes: input.serviceZipCodes, travelRadius: input.travelRadius },
      });
    }
    const area = reviewArea
      ? {}
      : {
          serviceZipCodes: input.serviceZipCodes,
          travelRadius: input.travelRadius,
          coveredZipCodes: await coveredZipCodes(tx, input.serviceZipCodes, input.travelRadius),
        };
    const now = new Date();
    const fields = {
      fullName: input.fullName,
      businessName: input.businessName,
      phoneNumber: input.phoneNumber,
      streetAddress: input.streetAddress,
      city: input.city,
      state: input.state,
      zipCode: input.zipCode,
      ...area,
    };
    const [row] = await tx
      .insert(landscaper)
      .values({
        userId,
        ...fields,
        status: "pending",
        backgroundCheckConsentAt: now,
        termsConsentAt: now,
      })
      .onConflictDoUpdate({ target: landscaper.userId, set: { ...fields, updatedAt: now } })
      .returning();
    // The public profile's address (issue 36), made from the first name given and never changed after.
    if (row && !row.slug) row.slug = await assignSlug(tx, userId, input.businessName || input.fullName);
    // A row created before consent was recorded (seeded or imported) gets its consent time now.
    if (row && (!row.backgroundCheckConsentAt || !row.termsConsentAt)) {
      const [updated] = await tx
        .update(landscaper)
        .set({
          backgroundCheckConsentAt: row.backgroundCheckConsentAt ?? now,
          termsConsentAt: row.termsConsentAt ?? now,
        })
        .where(eq(landscaper.userId, userId))
        .returning();
      return updated!;
    }
    return row!;
  });
}

/* ---------------- Credentials ---------------- */

export async function listDocuments(db: DbOrTx, userId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(landscaperDocument)
    .where(eq(landscaperDocument.userId, userId))
    .orderBy(landscaperDocument.documentType);
}

/** The name shown back to people: no path, no control characters, bounded. Never used to build a key. */
export function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || "document").slice(0, 200);
}

/** A document image's longest edge once cleaned: a 12-megapixel phone photo keeps its size (fine print). */
const DOCUMENT_MAX_EDGE = 4096;

export interface UploadDocumentOptions {
  db: Db;
  storage: Storage;
  userId: string;
  documentType: DocumentType;
  file: { filename: string; buffer: Buffer };
}

/**
 * Stores one credential under a key the server makes up, and keeps one row per type: a new upload of the
 * same type replaces the previous file.
 */
export async function uploadDocument({
  db,
  storage,
  userId,
  documentType,
  file,
}: UploadDocumentOptions): Promise<DocumentRow> {
  const sniffed = sniffFileType(file.buffer);
  if (!sniffed) throw unsupportedFile(landscaperMessages.fileType);
  // A photographed licence carries where it was taken (often home) and the phone: an image goes through the
  // one image pipeline like every stored image, kept large enough to read; a PDF is stored as sent.
  let contentType: SniffedType = sniffed;
  let data = file.buffer;
  if (sniffed !== "application/pdf") {
    const image = await cleanImage(file.buffer, { maxEdge: DOCUMENT_MAX_EDGE, keepPng: true });
    if (!image) throw unsupportedFile(landscaperMessages.fileType);
    ({ contentType, data } = image);
  }
  const key = `documents/${userId}/${documentType}-${randomUUID()}.${extensionOf[contentType]}`;
  await storage.put(key, data);

  let previousKey: string | null = null;
  let row: DocumentRow;
  try {
    row = await db.transaction(async (tx) => {
      const [previous] = await tx
        .select({ storageKey: landscaperDocument.storageKey })
        .from(landscaperDocument)
        .where(and(eq(landscaperDocument.userId, userId), eq(landscaperDocument.documentType, documentType)))
        .for("update");
      previousKey = previous?.storageKey ?? null;
      const values = {
        storageKey: key,
        originalName: nameForType(displayName(file.filename), contentType),
        contentType,
        sizeBytes: data.length,
        uploadedAt: new Date(),
      };
      const [saved] = await tx
        .insert(landscaperDocument)
        .values({ userId, documentType, ...values })
        .onConflictDoUpdate({
          target: [landscaperDocument.userId, landscaperDocument.documentType],
          set: values,
        })
        .returning();
      return saved!;
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  // Only after the new row is committed, so a failure never leaves the row pointing at a deleted file.
  if (previousKey && previousKey !== key) await storage.delete(previousKey).catch(() => undefined);
  return row;
}

/** A credential file for its owner or an admin; anyone else gets the same 404 as for a missing file. */
export async function documentForDownload(db: Db, principal: Principal, documentId: string) {
  const [row] = await db.select().from(landscaperDocument).where(eq(landscaperDocument.id, documentId));
  if (!row || (row.userId !== principal.userId && !principal.isAdmin)) throw notFound("Document not found.");
  return row;
}

export const RESUBMISSION_NOTICE_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface SubmitApplicationOptions {
  db: Db;
  env: Env;
  userId: string;
}

/**
 * Sends the application for review: both required documents must be there. The status is not touched (a new
 * applicant is already pending). The first submission emails the applicant; every one tells the admins.
 */
export async function submitApplication({ db, env, userId }: SubmitApplicationOptions) {
  return db.transaction(async (tx) => {
    const [profile] = await tx.select().from(landscaper).where(eq(landscaper.userId, userId)).for("update");
    if (!profile) throw badRequest(landscaperMessages.noProfile);
    const documents = await listDocuments(tx, userId);
    const present = new Set(documents.map((d) => d.documentType));
    if (!requiredDocumentTypes.every((type) => present.has(type))) {
      throw badRequest(landscaperMessages.requiredDocumentsMissing);
    }
    // Checked last, so the applicant first hears about what is missing from the application itself.
    const [account] = await tx
      .select({ emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId));
    if (!account?.emailVerified) {
      throw new AppError(403, "email_not_verified", verificationMessages.landscaperMustConfirm);
    }
    const firstSubmission = profile.documentsSubmittedAt === null;
    const now = new Date();
    // Admins hear about an application once a day at most: re-submitting again and again must not flood them.
    const tellAdmins =
      profile.applicationNotifiedAt === null ||
      now.getTime() - profile.applicationNotifiedAt.getTime() >= RESUBMISSION_NOTICE_INTERVAL_MS;
    const [updated] = await tx
      .update(landscaper)
      .set({ documentsSubmittedAt: now, ...(tellAdmins ? { applicationNotifiedAt: now } : {}) })
      .where(eq(landscaper.userId, userId))
      .returning();

    const who = landscaperDisplayName(profile);
    if (firstSubmission) {
      const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
      if (account) {
        await enqueueEmail(tx, account.email, {
          template: "application_received",
          landscaperName: profile.fullName || account.email || "Landscaper",
          dashboardUrl: `${env.PUBLIC_URL}/landscaper-dashboard?status=pending`,
        });
      }
    }
    if (tellAdmins) {
      await notifyAdmins(tx, env, {
        type: "application",
        message: firstSubmission
          ? `New landscaper application from ${who}.`
          : `${who} updated their application documents.`,
        link: "/admin/landscaper-approvals",
      });
    }
    return updated!;
  });
}
