import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type ApplicationDocumentView,
  type ApplicationStatusFilter,
  type ApplicationView,
  adminMessages,
  type Page,
  type PageDirection,
  type ReviewApplicationResponse,
} from "../../../shared/admin.js";
import {
  type ApplicationStatus,
  type DocumentType,
  documentLabels,
  requiredDocumentTypes,
} from "../../../shared/landscapers.js";
import type { Reliability } from "../../../shared/recurring.js";
import { noReliability } from "../../../shared/reliability.js";
import type { Env } from "../../config/env.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { landscaper, landscaperDocument, user } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { AppError, conflict, notFound } from "../../lib/errors.js";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";
import type { Principal } from "../accounts/index.js";
import { reliabilityOf } from "../landscapers/index.js";
import { notify } from "../notifications/index.js";
import {
  type Cursor,
  containsText,
  cursorTimestamp,
  inKeysetSlice,
  type KeysetSlice,
  keysetPage,
  searchExpressions,
} from "./query-helpers.js";

const keyset = { createdAt: landscaper.createdAt, id: landscaper.userId };

export interface ApplicationFilter {
  q: string;
  status: ApplicationStatusFilter;
}

export function applicationFilterCondition(filter: ApplicationFilter): SQL | undefined {
  return and(
    filter.status === "all" ? undefined : eq(landscaper.status, filter.status),
    filter.q ? containsText(searchExpressions.landscaper(landscaper), filter.q) : undefined,
  );
}

export function selectApplications(db: DbOrTx, options: KeysetSlice) {
  return inKeysetSlice(
    db
      .select({
        userId: landscaper.userId,
        fullName: landscaper.fullName,
        businessName: landscaper.businessName,
        email: user.email,
        phoneNumber: landscaper.phoneNumber,
        serviceZipCodes: landscaper.serviceZipCodes,
        travelRadius: landscaper.travelRadius,
        status: landscaper.status,
        documentsSubmittedAt: landscaper.documentsSubmittedAt,
        createdAt: landscaper.createdAt,
        adminNotes: landscaper.adminNotes,
        documentOverrideReason: landscaper.documentOverrideReason,
        insuranceExpiresOn: landscaper.insuranceExpiresOn,
        reviewedAt: landscaper.reviewedAt,
        pausedAt: landscaper.pausedAt,
        reviewerName: sql<
          string | null
        >`(select r.name from ${user} as r where r.id = ${landscaper.reviewedBy})`,
        cursorTs: cursorTimestamp(landscaper.createdAt),
      })
      .from(landscaper)
      .innerJoin(user, eq(user.id, landscaper.userId))
      .$dynamic(),
    keyset,
    options,
  );
}

export type ApplicationRow = Awaited<ReturnType<typeof selectApplications>>[number];

/** One query for the documents of a whole page (never one per application). */
async function documentsOf(db: DbOrTx, userIds: string[]): Promise<Map<string, ApplicationDocumentView[]>> {
  const byUser = new Map<string, ApplicationDocumentView[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      id: landscaperDocument.id,
      userId: landscaperDocument.userId,
      documentType: landscaperDocument.documentType,
      originalName: landscaperDocument.originalName,
    })
    .from(landscaperDocument)
    .where(inArray(landscaperDocument.userId, userIds))
    .orderBy(landscaperDocument.documentType);
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ id: row.id, documentType: row.documentType, originalName: row.originalName });
    byUser.set(row.userId, list);
  }
  return byUser;
}

/** The required documents with no file among `documents`, in the order the upload page lists them. */
export function missingDocumentsOf(documents: readonly { documentType: DocumentType }[]): DocumentType[] {
  const present = new Set(documents.map((d) => d.documentType));
  return requiredDocumentTypes.filter((type) => !present.has(type));
}

function toApplicationView(
  row: ApplicationRow,
  documents: ApplicationDocumentView[],
  reliability: Reliability = noReliability,
): ApplicationView {
  return {
    userId: row.userId,
    fullName: row.fullName,
    businessName: row.businessName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    serviceZipCodes: row.serviceZipCodes,
    travelRadius: row.travelRadius,
    status: row.status,
    documentsSubmittedAt: row.documentsSubmittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    adminNotes: row.adminNotes,
    documentOverrideReason: row.documentOverrideReason,
    insuranceExpiresOn: row.insuranceExpiresOn,
    missingDocuments: missingDocumentsOf(documents),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewerName: row.reviewerName,
    documents,
    reliability,
    pausedAt: row.pausedAt?.toISOString() ?? null,
  };
}

export interface ListApplicationsOptions {
  db: DbOrTx;
  filter: ApplicationFilter;
  cursor: string | undefined;
  dir: PageDirection;
  limit: number;
}

export async function listApplications(options: ListApplicationsOptions): Promise<Page<ApplicationView>> {
  const { db } = options;
  const where = applicationFilterCondition(options.filter);
  const page = await keysetPage({
    cursor: options.cursor,
    dir: options.dir,
    limit: options.limit,
    fetch: (position) => selectApplications(db, { where, ...position }),
    cursorOf: (row): Cursor => ({ ts: row.cursorTs, id: row.userId }),
    toItem: (row) => row,
  });
  const ids = page.items.map((row) => row.userId);
  const [documents, figures] = await Promise.all([documentsOf(db, ids), reliabilityOf(db, ids)]);
  return {
    ...page,
    items: page.items.map((row) =>
      toApplicationView(row, documents.get(row.userId) ?? [], figures.get(row.userId)),
    ),
  };
}

async function findApplication(db: DbOrTx, userId: string): Promise<ApplicationView | null> {
  const [row] = await selectApplications(db, {
    where: eq(landscaper.userId, userId),
    cursor: null,
    order: "desc",
    limit: 1,
  });
  if (!row) return null;
  const [documents, figures] = await Promise.all([documentsOf(db, [userId]), reliabilityOf(db, [userId])]);
  return toApplicationView(row, documents.get(userId) ?? [], figures.get(userId));
}

export type ApplicationDecision = Exclude<ApplicationStatus, "pending">;

export interface ReviewApplicationOptions {
  db: Db;
  env: Env;
  principal: Principal;
  userId: string;
  decision: ApplicationDecision;
  notes: string;
  expectedStatus?: ApplicationStatus | undefined;
  /** An approval without every required document: the admin's reason, kept on the application. */
  overrideReason?: string | undefined;
}

/** 409 documents_missing: what is missing, and how to approve anyway, in the admin's words. */
function documentsMissing(missing: DocumentType[]): AppError {
  const names = missing.map((type) => documentLabels[type].title).join(" and ");
  return new AppError(
    409,
    "documents_missing",
    `${names} ${missing.length === 1 ? "is" : "are"} missing. Approve without ${missing.length === 1 ? "it" : "them"} only with a reason.`,
  );
}

const reviewedMeanwhile =
  "This application was just reviewed by another admin. Reload the list to see its current status.";

/**
 * Approves or denies an application (from any status, as spec 02 §4 allows) with the reviewer, time and
 * notes, the applicant's email and in-app notification, all in one transaction. The UPDATE applies only
 * while the status is still the one the reviewer saw: of two decisions racing on one application, one wins
 * and the other gets 409 and changes nothing (no second email, no mixed notes).
 */
export async function reviewApplication(
  options: ReviewApplicationOptions,
): Promise<ReviewApplicationResponse> {
  const { db, env, principal, userId, decision } = options;
  const notes = options.notes.trim() || null;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: landscaper.status, fullName: landscaper.fullName, email: user.email })
      .from(landscaper)
      .innerJoin(user, eq(user.id, landscaper.userId))
      .where(eq(landscaper.userId, userId));
    if (!current) throw notFound("Application not found.");
    const expected = options.expectedStatus ?? current.status;
    if (current.status !== expected) throw conflict(reviewedMeanwhile);
    if (current.status === decision) throw conflict(`This application is already ${decision}.`);
    // Approval needs the required documents, read in this transaction (a file deleted since the dialog
    // opened counts as missing), or an override whose reason is kept with the decision.
    let overrideReason: string | null = null;
    if (decision === "approved") {
      const missing = missingDocumentsOf(
        await tx
          .select({ documentType: landscaperDocument.documentType })
          .from(landscaperDocument)
          .where(eq(landscaperDocument.userId, userId)),
      );
      if (missing.length > 0) {
        overrideReason = options.overrideReason?.trim() || null;
        if (!overrideReason) throw documentsMissing(missing);
      }
    }

    const now = new Date();
    const [updated] = await tx
      .update(landscaper)
      .set({
        status: decision,
        reviewedBy: principal.userId,
        reviewedAt: now,
        adminNotes: notes,
        documentOverrideReason: overrideReason,
        updatedAt: now,
      })
      .where(and(eq(landscaper.userId, userId), eq(landscaper.status, expected)))
      .returning({ userId: landscaper.userId });
    if (!updated) throw conflict(reviewedMeanwhile);
    await recordAudit(tx, {
      actor: principal,
      action: decision === "approved" ? "application.approve" : "application.deny",
      target: { type: "user", id: userId, label: current.email },
      reason: overrideReason
        ? `${notes ?? ""} Documents missing, approved because: ${overrideReason}`.trim()
        : notes,
      before: { status: current.status },
      after: { status: decision },
    });

    const landscaperName = current.fullName || current.email;
    if (decision === "approved") {
      await enqueueEmail(tx, current.email, {
        template: "application_approved",
        landscaperName,
        dashboardUrl: `${env.PUBLIC_URL}/landscaper-dashboard`,
      });
    } else {
      await enqueueEmail(tx, current.email, { template: "application_denied", landscaperName, notes });
    }
    await notify(tx, [
      {
        userId,
        type: "application",
        message:
          decision === "approved"
            ? "Your application was approved. You can now accept jobs in your service area."
            : "Your application was not approved. Check your email for the details.",
        link: "/landscaper-dashboard",
      },
    ]);
  });
  const application = await findApplication(db, userId);
  return {
    application: application!,
    message: decision === "approved" ? adminMessages.applicationApproved : adminMessages.applicationDenied,
  };
}
