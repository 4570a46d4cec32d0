import { useState } from "react";
import type { PhotoKind } from "../../../../shared/proof";
import { failureMessage } from "../../../lib/form-errors";
import { useUploadPhotos } from "../api/photos";
import { useUploadProgress } from "./use-upload-progress";

/**
 * "Upload the chosen photos, then act" for a dialog with a photo picker (complete, start work, report a
 * problem): the files chosen, the picker's error, the upload's progress label, and `uploadThen(act)`, which
 * uploads first and acts only if that worked. Photos an earlier try uploaded stay on the job, so a second
 * try after a refused action only acts.
 */
export function useUploadThen(jobId: string, kind: PhotoKind) {
  const upload = useUploadPhotos();
  const progress = useUploadProgress();
  const [files, setFiles] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);

  async function uploadThen(act: () => Promise<void>): Promise<void> {
    setPhotoError(null);
    if (files.length > 0) {
      try {
        await upload.mutateAsync({ jobId, kind, files, onProgress: progress.track });
        setFiles([]);
      } catch (error) {
        setPhotoError(failureMessage(error));
        return;
      } finally {
        progress.reset();
      }
    }
    await act();
  }

  return {
    files,
    photoError,
    setPhotoError,
    uploading: upload.isPending,
    /** "Uploading photos... 40%" while the upload runs. */
    progressLabel: progress.label,
    uploadThen,
    /** A newly chosen set of files clears the picker's error. */
    onFilesChange: (next: File[]) => {
      setFiles(next);
      setPhotoError(null);
    },
    /** The dialog closed: nothing chosen, no error. */
    clear: () => {
      setFiles([]);
      setPhotoError(null);
    },
  };
}
