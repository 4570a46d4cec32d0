import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PhotoKind, PhotosAnswer } from "../../../../shared/proof";
import { photoFields } from "../../../../shared/proof";
import { apiFetch } from "../../../lib/api-client";
import { uploadForm } from "../../../lib/upload";
import { type KeptAnswer, sendOrKeep } from "../../field";
import { jobUrl, refreshJobLists, useJobChange } from "./job-change";

export interface UploadPhotosInput {
  jobId: string;
  /** Names the job if the upload is kept on the phone and later refused (issue 37). */
  jobTitle?: string | undefined;
  kind: PhotoKind;
  files: readonly File[];
  /** The bytes the browser has really sent, of all the photos together. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/jobs/:id/photos as multipart: `kind` first, then photo1…photoN. Through XMLHttpRequest, because
 * fetch cannot report upload progress (six phone photos are many megabytes on a mobile connection).
 */
export function uploadPhotos({
  jobId,
  jobTitle,
  kind,
  files,
  onProgress,
  signal,
}: UploadPhotosInput): Promise<PhotosAnswer | KeptAnswer> {
  const form = new FormData();
  form.append("kind", kind);
  files.forEach((file, index) => {
    const field = photoFields[index];
    if (field) form.append(field, file, file.name);
  });
  const send = (headers: Record<string, string> = {}) =>
    uploadForm<PhotosAnswer>(jobUrl(jobId, "photos"), form, { onProgress, signal, headers });
  // The landscaper's before and after photos can be taken without a network and sent later (issue 37).
  if (kind !== "before" && kind !== "after") return send();
  const photos = { kind, files: [...files], names: files.map((file) => file.name) };
  return sendOrKeep<PhotosAnswer>({ jobId, jobTitle, action: "photos", photos }, (request) =>
    send(request.headers),
  );
}

/** DELETE /api/jobs/:id/photos/:photoId: the uploader takes a photo back before the job is completed. */
export function deletePhoto(input: { jobId: string; photoId: string }): Promise<PhotosAnswer> {
  return apiFetch<PhotosAnswer>(`${jobUrl(input.jobId, "photos")}/${encodeURIComponent(input.photoId)}`, {
    method: "DELETE",
  });
}

/** Photos change the job's card on both sides; the job lists are read again after an upload or a removal. */
export const useUploadPhotos = () => useJobChange(uploadPhotos);
export const useDeletePhoto = () => useJobChange(deletePhoto);

/**
 * The upload a dialog's action follows (complete, start work, report a problem): the action reads the job
 * lists again when it settles, so reading them between the two as well only delayed the action (issue 33
 * item 15). A refused upload, which no action follows, reads them at once.
 */
export function useUploadPhotosBeforeAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadPhotos, onError: () => refreshJobLists(queryClient) });
}
