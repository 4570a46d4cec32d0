import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, isNull, like, or, sql } from "drizzle-orm";
import { addDaysIso, formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import {
  INSURANCE_WARNING_DAYS,
  PROFILE_PHOTO_MAX_EDGE,
  type PublicProfileSettings,
  type PublicProfileSettingsView,
  profileSettingsMessages,
  slugBase,
} from "../../../shared/profile-settings.js";
import type { Env } from "../../config/env.js";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { landscaper, user } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { badRequest, notFound, unsupportedFile } from "../../lib/errors.js";
import { sniffFileType } from "../../lib/file-type.js";
import { cleanImage } from "../../lib/images.js";
import type { Storage } from "../../lib/storage.js";
import type { Principal } from "../accounts/index.js";
import { notify, notifyAdmins } from "../notifications/index.js";

type LandscaperRow = typeof landscaper.$inferSelect;

export function toSettingsView(row: LandscaperRow): PublicProfileSettingsView {
  return {
    slug: row.slug,
    description: row.description ?? "",
    yearsInBusiness: row.yearsInBusiness,
    hidden: row.profileHiddenAt !== null,
    hasPhoto: row.photoKey !== null,
    photoVersion: row.photoKey ? row.photoKey.slice(row.photoKey.lastIndexOf("/") + 1, -4) : null,
    insuranceExpiresOn: row.insuranceExpiresOn,
  };
}

async function ownRow(db: DbOrTx, userId: string, lock = false): Promise<LandscaperRow> {
  const query = db.select().from(landscaper).where(eq(landscaper.userId, userId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw badRequest(profileSettingsMessages.noProfile);
  return row;
}

export async function profileSettingsOf(db: DbOrTx, userId: string): Promise<PublicProfileSettingsView> {
  return toSettingsView(await ownRow(db, userId));
}

/**
 * A free profile address for a new landscaper: the name's base, or base-2, base-3 … when taken. The address
 * never changes afterwards (links and search engines keep it), even when the business is renamed.
 */
export async function freeSlug(db: DbOrTx, name: string): Promise<string> {
  const base = slugBase(name);
  const rows = await db
    .select({ slug: landscaper.slug })
    .from(landscaper)
    .where(or(eq(landscaper.slug, base), like(landscaper.slug, `${base}-%`)));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Gives a landscaper without one their profile address, inside the caller's transaction. Two sign-ups of the
 * same name at once both find the base free: the second's update waits for the first, breaks the unique
 * index, and is undone to its savepoint; the next try sees the first's address and takes -2.
 */
export async function assignSlug(tx: Tx, userId: string, name: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const slug = attempt < 5 ? await freeSlug(tx, name) : `${slugBase(name)}-${randomUUID().slice(0, 8)}`;
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.update(landscaper).set({ slug }).where(eq(landscaper.userId, userId));
      });
      return slug;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 6) throw error;
    }
  }
}

export async function saveProfileSettings(options: {
  db: Db;
  userId: string;
  input: PublicProfileSettings;
  now?: Date;
}): Promise<PublicProfileSettingsView> {
  const { db, userId, input } = options;
  return db.transaction(async (tx) => {
    const current = await ownRow(tx, userId, true);
    const hiddenAt = input.hidden ? (current.profileHiddenAt ?? options.now ?? new Date()) : null;
    const [row] = await tx
      .update(landscaper)
      .set({
        description: input.description || null,
        yearsInBusiness: input.yearsInBusiness,
        profileHiddenAt: hiddenAt,
        updatedAt: new Date(),
      })
      .where(eq(landscaper.userId, userId))
      .returning();
    return toSettingsView(row!);
  });
}

/** The profile photo through the one image pipeline (upright, no EXIF, fitted to 800 px); replaces the old. */
export async function uploadProfilePhoto(options: {
  db: Db;
  storage: Storage;
  userId: string;
  file: { buffer: Buffer };
}): Promise<PublicProfileSettingsView> {
  const { db, storage, userId } = options;
  await ownRow(db, userId);
  const sniffed = sniffFileType(options.file.buffer);
  if (!sniffed || sniffed === "application/pdf") throw unsupportedFile(profileSettingsMessages.photoType);
  const image = await cleanImage(options.file.buffer, { maxEdge: PROFILE_PHOTO_MAX_EDGE });
  if (!image) throw unsupportedFile(profileSettingsMessages.photoType);
  const key = `profiles/${userId}/${randomUUID()}.${image.contentType === "image/png" ? "png" : "jpg"}`;
  await storage.put(key, image.data);
  let previousKey: string | null = null;
  let row: LandscaperRow;
  try {
    row = await db.transaction(async (tx) => {
      const current = await ownRow(tx, userId, true);
      previousKey = current.photoKey;
      const [saved] = await tx
        .update(landscaper)
        .set({ photoKey: key, photoContentType: image.contentType, updatedAt: new Date() })
        .where(eq(landscaper.userId, userId))
        .returning();
      return saved!;
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  // After the commit, so the row never points at a deleted file.
  if (previousKey && previousKey !== key) await storage.delete(previousKey).catch(() => undefined);
  return toSettingsView(row);
}

export async function removeProfilePhoto(options: {
  db: Db;
  storage: Storage;
  userId: string;
}): Promise<PublicProfileSettingsView> {
  const { db, storage, userId } = options;
  const { row, previousKey } = await db.transaction(async (tx) => {
    const current = await ownRow(tx, userId, true);
    const [saved] = await tx
      .update(landscaper)
      .set({ photoKey: null, photoContentType: null, updatedAt: new Date() })
      .where(eq(landscaper.userId, userId))
      .returning();
    return { row: saved!, previousKey: current.photoKey };
  });
  if (previousKey) await storage.delete(previousKey).catch(() => undefined);
  return toSettingsView(row);
}

/** The landscaper's own photo (also while the profile is hidden). */
export async function ownPhoto(db: DbOrTx, userId: string) {
  const row = await ownRow(db, userId);
  if (!row.photoKey || !row.photoContentType) throw notFound("No photo.");
  return { key: row.photoKey, contentType: row.photoContentType };
}

/**
 * An admin records the insurance certificate's expiry, read from the certificate on file. A new date resets
 * the 30-day warning (it is sent once per expiry date).
 */
export async function setInsuranceExpiry(options: {
  db: Db;
  principal: Principal;
  landscaperId: string;
  expiresOn: string | null;
}): Promise<PublicProfileSettingsView> {
  return options.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ expiresOn: landscaper.insuranceExpiresOn, email: user.email })
      .from(landscaper)
      .innerJoin(user, eq(user.id, landscaper.userId))
      .where(eq(landscaper.userId, options.landscaperId))
      .for("update", { of: landscaper });
    if (!before) throw notFound("Landscaper not found.");
    const [row] = await tx
      .update(landscaper)
      .set({ insuranceExpiresOn: options.expiresOn, updatedAt: new Date() })
      .where(eq(landscaper.userId, options.landscaperId))
      .returning();
    await recordAudit(tx, {
      actor: options.principal,
      action: "insurance.set",
      target: { type: "user", id: options.landscaperId, label: before.email },
      before: { insuranceExpiresOn: before.expiresOn },
      after: { insuranceExpiresOn: options.expiresOn },
    });
    return toSettingsView(row!);
  });
}

/** Whether the "Insured" badge holds on `today` (Charlotte date): a known expiry not yet passed. */
export const insuredOn = (expiresOn: string | null, today: string) =>
  expiresOn !== null && expiresOn >= today;

/**
 * The scheduled pass: every approved landscaper whose certificate lapses within 30 days, not yet warned for
 * that date, is told (bell, push, SMS per their settings), and so are the admins. Claimed with SKIP LOCKED so
 * two instances never warn twice.
 */
export async function runInsuranceWarnings(options: { db: Db; env: Env; now?: Date }): Promise<number> {
  const today = todayInCharlotte(options.now ?? new Date());
  const horizon = addDaysIso(today, INSURANCE_WARNING_DAYS);
  return options.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(landscaper)
      .where(
        and(
          eq(landscaper.status, "approved"),
          isNotNull(landscaper.insuranceExpiresOn),
          sql`${landscaper.insuranceExpiresOn} between ${today} and ${horizon}`,
          or(
            isNull(landscaper.insuranceWarnedFor),
            sql`${landscaper.insuranceWarnedFor} <> ${landscaper.insuranceExpiresOn}`,
          ),
        ),
      )
      .limit(100)
      .for("update", { skipLocked: true });
    for (const row of due) {
      const on = formatLongDate(row.insuranceExpiresOn!);
      await notify(tx, [
        {
          userId: row.userId,
          type: "system",
          message: `Your liability insurance certificate expires on ${on}. Upload the renewed certificate before then, or your profile loses its "Insured" badge.`,
          link: "/upload-documents",
        },
      ]);
      await notifyAdmins(tx, options.env, {
        type: "system",
        message: `${landscaperDisplayName(row)}'s insurance certificate expires on ${on}.`,
        link: "/admin/users",
      });
      await tx
        .update(landscaper)
        .set({ insuranceWarnedFor: row.insuranceExpiresOn })
        .where(eq(landscaper.userId, row.userId));
    }
    return due.length;
  });
}
