import type { JobPhoto, PhotoKind } from "../../../../shared/proof";
import { photoKindLabel, photoKinds } from "../../../../shared/proof";
import { photoTimeText } from "./visit";

/**
 * Before, after, then problem photos; within a kind the first visit first, then in upload order. Photos of
 * one upload share its time, so they follow the time taken, then their id: every list (the customer's, the
 * landscaper's, the admin's) then shows "After photo 2 of 3" as the same photo, whatever order it came in.
 */
export function orderPhotos(photos: readonly JobPhoto[]): JobPhoto[] {
  return [...photos].sort(
    (a, b) =>
      photoKinds.indexOf(a.kind) - photoKinds.indexOf(b.kind) ||
      a.visit - b.visit ||
      a.uploadedAt.localeCompare(b.uploadedAt) ||
      (a.takenAt ?? "").localeCompare(b.takenAt ?? "") ||
      a.id.localeCompare(b.id),
  );
}

/** "After", or "After · redo visit" for a photo of a second (or later) visit. */
export function photoLabel(photo: Pick<JobPhoto, "kind" | "visit">): string {
  return photo.visit > 1 ? `${photoKindLabel[photo.kind]} · redo visit` : photoKindLabel[photo.kind];
}

/** The thumbnail button's name: "After photo 2 of 3, taken Nov 26, 10:42 AM". */
export function photoName(photo: JobPhoto, index: number, count: number): string {
  const time = photoTimeText(photo);
  return `${photoLabel(photo)} photo ${index + 1} of ${count}, ${time.charAt(0).toLowerCase()}${time.slice(1)}`;
}

/** The photos of one kind taken on the job's current visit. */
export function photosOf(
  photos: readonly JobPhoto[] | undefined,
  kind: PhotoKind,
  visit: number,
): JobPhoto[] {
  return (photos ?? []).filter((photo) => photo.kind === kind && photo.visit === visit);
}
