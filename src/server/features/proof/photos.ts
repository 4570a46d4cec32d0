import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import {
  type JobPhoto,
  MAX_PHOTOS_PER_KIND,
  type PhotoKind,
  photoMessages,
  proofPhotoKinds,
} from "../../../shared/proof.js";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import { job, jobPhoto } from "../../db/schema.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { Storage } from "../../lib/storage.js";
import type { Principal } from "../accounts/index.js";
import { type ProcessedPhoto, processPhoto } from "./process-photo.js";

type JobRow = typeof job.$inferSelect;
type PhotoRow = typeof jobPhoto.$inferSelect;

/**
 * The job, if the caller may see its proof of work and conversation: its customer, its assigned landscaper,
 * admins. Anyone else is told the job does not exist (its id says nothing about whether it does).
 */
export async function jobForParty(db: DbOrTx, principal: Principal, jobId: string): Promise<JobRow> {
  const [row] = await db.select().from(job).where(eq(job.id, jobId));
  if (!row || !isParty(principal, row)) throw notFound("Job not found.");
  return row;
}

function isParty(principal: Principal, row: Pick<JobRow, "customerId" | "landscaperId">) {
  return principal.isAdmin || row.customerId === principal.userId || row.landscaperId === principal.userId;
}

export function toJobPhoto(row: PhotoRow): JobPhoto {
  const base = `/api/jobs/${row.jobId}/photos/${row.id}`;
  return {
    id: row.id,
    kind: row.kind as PhotoKind,
    visit: row.visit,
    takenAt: row.takenAt?.toISOString() ?? null,
    uploadedAt: row.createdAt.toISOString(),
    width: row.width,
    height: row.height,
    thumbUrl: `${base}?size=thumb`,
    fullUrl: `${base}?size=full`,
  };
}

/**
 * Every proof-of-work photo of these jobs, oldest first, by job. A price change's photos are not proof: they
 * are shown with the request (photosByPriceChange), never in the galleries of the work.
 */
export async function photosByJob(db: DbOrTx, jobIds: string[]): Promise<Map<string, JobPhoto[]>> {
  const byJob = new Map<string, JobPhoto[]>();
  if (jobIds.length === 0) return byJob;
  const rows = await db
    .select()
    .from(jobPhoto)
    .where(and(inArray(jobPhoto.jobId, jobIds), inArray(jobPhoto.kind, [...proofPhotoKinds])))
    .orderBy(asc(jobPhoto.createdAt));
  for (const row of rows) {
    const list = byJob.get(row.jobId) ?? [];
    list.push(toJobPhoto(row));
    byJob.set(row.jobId, list);
  }
  return byJob;
}

/** The photos sent with these price changes, oldest first, by request. */
export async function photosByPriceChange(db: DbOrTx, changeIds: string[]): Promise<Map<string, JobPhoto[]>> {
  const byChange = new Map<string, JobPhoto[]>();
  if (changeIds.length === 0) return byChange;
  const rows = await db
    .select()
    .from(jobPhoto)
    .where(inArray(jobPhoto.priceChangeId, changeIds))
    .orderBy(asc(jobPhoto.createdAt));
  for (const row of rows) {
    const list = byChange.get(row.priceChangeId!) ?? [];
    list.push(toJobPhoto(row));
    byChange.set(row.priceChangeId!, list);
  }
  return byChange;
}

export async function photosOf(db: DbOrTx, jobId: string): Promise<JobPhoto[]> {
  return (await photosByJob(db, [jobId])).get(jobId) ?? [];
}

/** How many photos of a kind the job's current visit has (completion needs an 'after' one). */
export async function countPhotos(db: DbOrTx, jobId: string, kind: PhotoKind, visit: number) {
  const [row] = await db
    .select({ n: count() })
    .from(jobPhoto)
    .where(and(eq(jobPhoto.jobId, jobId), eq(jobPhoto.kind, kind), eq(jobPhoto.visit, visit)));
  return row?.n ?? 0;
}

/**
 * Who may add a photo of a kind now: the assigned landscaper on the visit (before, after), the customer
 * while the finished work waits for their word (problem).
 */
function assertMayAdd(current: JobRow, principal: Principal, kind: PhotoKind) {
  // They travel with their request (price-changes/), which keeps them as sent: none added or taken back here.
  if (kind === "price_change") throw conflict("Photos of a price change stay as they were sent with it.");
  if (kind === "problem") {
    if (current.customerId !== principal.userId) throw notFound("Job not found.");
    if (current.status !== "completed" || current.workApprovedAt || current.problemReportedAt)
      throw conflict("Photos of a problem can be added only while the work waits for your approval.");
    return;
  }
  if (current.landscaperId !== principal.userId) throw notFound("Job not found.");
  if (current.status !== "scheduled")
    throw conflict("Photos of the work can be added only on a scheduled visit, before it is completed.");
}

/** A photo written to the storage and not recorded yet: its job_photo row, without the visit or request. */
export type WrittenPhoto = Omit<typeof jobPhoto.$inferInsert, "visit" | "priceChangeId">;

/**
 * Re-encodes the uploads (processPhoto, all at once) and writes each, with its thumbnail, under the job's
 * folder in the storage: the rows for the caller to insert in its own transaction, and `discard` to remove
 * the files when that transaction refuses or fails. A refusal names the first refused file; nothing is
 * written then.
 */
export async function writePhotos(options: {
  storage: Storage;
  jobId: string;
  uploaderId: string;
  kind: PhotoKind;
  files: Buffer[];
}): Promise<{ rows: WrittenPhoto[]; discard: () => Promise<void> }> {
  const { storage } = options;
  // Side by side (each on its own libuv thread); a refusal names the first refused file, as one by one did.
  const settled = await Promise.allSettled(options.files.map((file) => processPhoto(file)));
  const refused = settled.find((s) => s.status === "rejected");
  if (refused) throw refused.reason;
  const processed = settled.map((s) => (s as PromiseFulfilledResult<ProcessedPhoto>).value);
  const written: string[] = [];
  const discard = async () => {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
  };
  const rows: WrittenPhoto[] = [];
  try {
    for (const photo of processed) {
      const id = randomUUID();
      const key = `job-photos/${options.jobId}/${id}.jpg`;
      const thumbKey = `job-photos/${options.jobId}/${id}-thumb.jpg`;
      await storage.put(key, photo.full);
      written.push(key);
      await storage.put(thumbKey, photo.thumb);
      written.push(thumbKey);
      rows.push({
        id,
        jobId: options.jobId,
        kind: options.kind,
        uploaderId: options.uploaderId,
        key,
        thumbKey,
        width: photo.width,
        height: photo.height,
        bytes: photo.full.length,
        takenAt: photo.takenAt,
      });
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { rows, discard };
}

/**
 * Stores photos for a job: each re-encoded and written to the storage (writePhotos), then recorded in one
 * transaction that holds the job row, so two uploads at once cannot pass the limit of 6 per kind and visit.
 * Files written for a refused or failed upload are removed.
 */
export async function addPhotos(options: {
  db: Db;
  storage: Storage;
  principal: Principal;
  jobId: string;
  kind: PhotoKind;
  files: Buffer[];
  /**
   * Claims the upload's idempotency key in the transaction that records the photos (issue 37); false when
   * the same upload was recorded before, and then nothing is added.
   */
  claim?: ((tx: Tx) => Promise<boolean>) | undefined;
}): Promise<{ photos: JobPhoto[]; repeated: boolean }> {
  const { db, principal, kind } = options;
  if (options.files.length === 0) throw conflict(photoMessages.none);
  const current = await jobForParty(db, principal, options.jobId);
  assertMayAdd(current, principal, kind);
  if ((await countPhotos(db, current.id, kind, current.visit)) + options.files.length > MAX_PHOTOS_PER_KIND)
    throw conflict(photoMessages.tooMany);

  const { rows, discard } = await writePhotos({
    storage: options.storage,
    jobId: current.id,
    uploaderId: principal.userId,
    kind,
    files: options.files,
  });
  let repeated = false;
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(job).where(eq(job.id, current.id)).for("update");
      if (!locked) throw notFound("Job not found.");
      if (options.claim && !(await options.claim(tx))) {
        repeated = true;
        return;
      }
      assertMayAdd(locked, principal, kind);
      const visit = locked.visit;
      if ((await countPhotos(tx, locked.id, kind, visit)) + rows.length > MAX_PHOTOS_PER_KIND)
        throw conflict(photoMessages.tooMany);
      await tx.insert(jobPhoto).values(rows.map((row) => ({ ...row, visit })));
    });
  } catch (error) {
    await discard();
    throw error;
  }
  if (repeated) await discard();
  return { photos: await photosOf(db, current.id), repeated };
}

/** The uploader takes back a photo while it can still be added (a wrong shot before completing). */
export async function removePhoto(options: {
  db: Db;
  storage: Storage;
  principal: Principal;
  jobId: string;
  photoId: string;
}): Promise<JobPhoto[]> {
  const { db, principal } = options;
  const current = await jobForParty(db, principal, options.jobId);
  const [photo] = await db
    .select()
    .from(jobPhoto)
    .where(and(eq(jobPhoto.id, options.photoId), eq(jobPhoto.jobId, current.id)));
  if (!photo || photo.uploaderId !== principal.userId || photo.visit !== current.visit)
    throw notFound("Photo not found.");
  assertMayAdd(current, principal, photo.kind as PhotoKind);
  await db.delete(jobPhoto).where(eq(jobPhoto.id, photo.id));
  await Promise.all(
    [photo.key, photo.thumbKey].map((key) => options.storage.delete(key).catch(() => undefined)),
  );
  return photosOf(db, current.id);
}

/** The stored bytes of one photo, for a party to the job. */
export async function readPhoto(options: {
  db: Db;
  storage: Storage;
  principal: Principal;
  jobId: string;
  photoId: string;
  size: "thumb" | "full";
}) {
  // One statement (a page of cards asks for a thumbnail each): the job's parties and the photo, if it is the job's.
  const [row] = await options.db
    .select({
      customerId: job.customerId,
      landscaperId: job.landscaperId,
      key: jobPhoto.key,
      thumbKey: jobPhoto.thumbKey,
    })
    .from(job)
    .leftJoin(jobPhoto, and(eq(jobPhoto.id, options.photoId), eq(jobPhoto.jobId, job.id)))
    .where(eq(job.id, options.jobId));
  if (!row || !isParty(options.principal, row)) throw notFound("Job not found.");
  if (row.key === null || row.thumbKey === null) throw notFound("Photo not found.");
  const file = await options.storage.get(options.size === "thumb" ? row.thumbKey : row.key);
  if (!file) throw notFound("Photo not found.");
  return file;
}
