import { MAX_PHOTO_BYTES } from "../../../../shared/jobs";
import { photoMessages } from "../../../../shared/proof";

/** What the photo routes take; the server checks the bytes again. */
export const photoTypes = ["image/jpeg", "image/png", "image/webp"] as const;
export const photoAccept = photoTypes.join(",");

type FileLike = { type: string; size: number };

/** The message for a file the server would refuse, or null when it may be sent. */
export function photoFileProblem(file: FileLike): string | null {
  if (!(photoTypes as readonly string[]).includes(file.type)) return photoMessages.notImage;
  if (file.size > MAX_PHOTO_BYTES) return photoMessages.tooLarge;
  return null;
}

/**
 * The picked files after adding `added` to `current`: files the server would refuse are left out, and no
 * more than `max` are kept. `error` says why something was left out (the first reason), or is null.
 */
export function addPhotoFiles<T extends FileLike>(
  current: readonly T[],
  added: readonly T[],
  max: number,
): { files: T[]; error: string | null } {
  let error: string | null = null;
  const files = [...current];
  for (const file of added) {
    const problem = photoFileProblem(file);
    if (problem) {
      error ??= problem;
      continue;
    }
    if (files.length >= max) {
      error ??= photoMessages.tooMany;
      continue;
    }
    files.push(file);
  }
  return { files, error };
}
