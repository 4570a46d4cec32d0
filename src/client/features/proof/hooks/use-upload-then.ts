import { useState } from "react";
import type { JobView } from "../../../../shared/jobs";
import type { PhotoKind } from "../../../../shared/proof";
import { failureMessage } from "../../../lib/form-errors";
import { fieldJobTitle } from "../../field";
import { useUploadPhotosBeforeAction } from "../api/photos";
import { photosOf } from "../lib/photo-labels";
import { useUploadProgress } from "./use-upload-progress";

/**
 * "Upload the chosen photos, then act" for a dialog with a photo picker (complete, start work, report a
 * problem): the files chosen, the picker's error, the upload's progress label, and `uploadThen(act)`, which
 * uploads first and acts only if that worked. Photos an earlier try uploaded stay on the job, so a second
 * try after a refused action only acts. `act` must be a job change (its settling reads the job lists again,
 * with the new photos): the upload alone does not. `picker` and `labels` are what the dialog's PhotoPicker and submit
 * button take from here.
 */
export function useUploadThen(
  job: Pick<JobView, "id" | "number" | "customerName" | "address" | "photos" | "visit">,
  kind: PhotoKind,
) {
  const upload = useUploadPhotosBeforeAction();
  const progress = useUploadProgress();
  const [files, setFiles] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);

  async function uploadThen(act: () => Promise<void>): Promise<void> {
    setPhotoError(null);
    if (files.length > 0) {
      try {
        await upload.mutateAsync({
          jobId: job.id,
          jobTitle: fieldJobTitle(job),
          kind,
          files,
          onProgress: progress.track,
        });
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

  /** A newly chosen set of files clears the picker's error. */
  const onFilesChange = (next: File[]) => {
    setFiles(next);
    setPhotoError(null);
  };
  /** This visit's photos of the kind, already on the job. */
  const uploaded = photosOf(job.photos, kind, job.visit ?? 1);

  return {
    files,
    setPhotoError,
    uploading: upload.isPending,
    uploadThen,
    uploaded,
    /** The PhotoPicker's props but its label (and whether it is required, or disabled while busy). */
    picker: { jobId: job.id, kind, uploaded, files, onFilesChange, error: photoError },
    /**
     * The submit button's labels: it says it uploads first while photos are chosen, then counts the upload
     * ("Uploading photos... 40%").
     */
    labels: (label: { submit: string; withPhotos: string; pending: string }) => ({
      submitLabel: files.length > 0 ? label.withPhotos : label.submit,
      pendingLabel: upload.isPending ? progress.label : label.pending,
    }),
    /** The dialog closed: nothing chosen, no error. */
    clear: () => {
      setFiles([]);
      setPhotoError(null);
    },
  };
}
