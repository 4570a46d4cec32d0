import type { Readable } from "node:stream";
import exifReader from "exif-reader";
import type { FastifyReply } from "fastify";
import { charlotteTime } from "../../../shared/dates.js";
import { PHOTO_MAX_EDGE, photoMessages, THUMB_EDGE } from "../../../shared/proof.js";
import { badRequest, unsupportedFile } from "../../lib/errors.js";
import { sniffFileType } from "../../lib/file-type.js";
import { cleanImage } from "../../lib/images.js";

export interface ProcessedPhoto {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  /** When the camera says it took the photo, if it says (and it is plausible). */
  takenAt: Date | null;
}

/**
 * A stored photo (full size or thumbnail, a JPEG as processPhoto wrote it) as the answer to a GET: proof photos
 * and message images alike. Private to the people on the job; a photo never changes once stored.
 */
export function sendPhoto(reply: FastifyReply, file: { stream: Readable; size: number }) {
  reply.header("content-type", "image/jpeg");
  reply.header("content-length", file.size);
  reply.header("cache-control", "private, max-age=86400, immutable");
  reply.header("content-disposition", "inline");
  return reply.send(file.stream);
}

const accepted = new Set(["image/jpeg", "image/png", "image/webp", "image/heic"]);

/**
 * A proof or message photo through the one image pipeline (cleanImage: upright, at most PHOTO_MAX_EDGE, a new
 * JPEG with no metadata), with its thumbnail from the same decoded pixels; the capture time is read from the
 * EXIF first and returned for the database.
 */
export async function processPhoto(input: Buffer, now: Date = new Date()): Promise<ProcessedPhoto> {
  const type = sniffFileType(input);
  if (!type || !accepted.has(type)) throw unsupportedFile(photoMessages.notImage);
  const image = await cleanImage(input, { maxEdge: PHOTO_MAX_EDGE, thumbEdge: THUMB_EDGE });
  if (!image?.thumb) throw badRequest(photoMessages.unreadable);
  const takenAt = image.exif ? captureTime(image.exif, now) : null;
  return { full: image.data, thumb: image.thumb, width: image.width, height: image.height, takenAt };
}

/**
 * EXIF keeps the camera's wall-clock time without a zone (newer cameras add OffsetTimeOriginal): read as
 * Charlotte time unless an offset is given. A time in the future or before 2000 is a wrong clock: ignored.
 */
export function captureTime(exif: Buffer, now: Date): Date | null {
  let tags: ReturnType<typeof exifReader>;
  try {
    tags = exifReader(exif);
  } catch {
    return null;
  }
  const wall = tags.Photo?.DateTimeOriginal ?? tags.Photo?.DateTimeDigitized ?? tags.Image?.DateTime;
  if (!(wall instanceof Date) || Number.isNaN(wall.getTime())) return null;
  const offset = tags.Photo?.OffsetTimeOriginal;
  let when: Date;
  if (typeof offset === "string" && /^[+-]\d{2}:\d{2}$/.test(offset)) {
    const sign = offset.startsWith("-") ? -1 : 1;
    const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
    when = new Date(wall.getTime() - minutes * 60_000);
  } else {
    const iso = wall.toISOString().slice(0, 10);
    when = new Date(
      charlotteTime(iso, wall.getUTCHours(), wall.getUTCMinutes()).getTime() + wall.getUTCSeconds() * 1000,
    );
  }
  if (when.getTime() > now.getTime() + 24 * 3_600_000 || when.getUTCFullYear() < 2000) return null;
  return when;
}
