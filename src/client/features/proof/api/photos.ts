import type { PhotoKind, PhotosAnswer } from "../../../../shared/proof";
import { photoFields } from "../../../../shared/proof";
import { ApiError, apiErrorOf, apiFetch } from "../../../lib/api-client";
import { connectionHint } from "../../../lib/form-errors";
import { jobUrl, useJobChange } from "./job-change";

function errorOf(xhr: XMLHttpRequest): ApiError {
  if (xhr.status === 0) return new ApiError(0, "network_error", connectionHint);
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = undefined;
  }
  return apiErrorOf(xhr.status, body, `Upload failed (${xhr.status})`);
}

export interface UploadPhotosInput {
  jobId: string;
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
  kind,
  files,
  onProgress,
  signal,
}: UploadPhotosInput): Promise<PhotosAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", jobUrl(jobId, "photos"));
    xhr.setRequestHeader("accept", "application/json");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as PhotosAnswer);
        } catch {
          reject(new ApiError(xhr.status, "unknown", "Unexpected answer from the server."));
        }
      } else {
        reject(errorOf(xhr));
      }
    };
    xhr.onerror = () => reject(errorOf(xhr));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("kind", kind);
    files.forEach((file, index) => {
      const field = photoFields[index];
      if (field) form.append(field, file, file.name);
    });
    xhr.send(form);
  });
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
