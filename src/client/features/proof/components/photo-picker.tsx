import { Camera, ImagePlus, LoaderCircle, type LucideIcon, X } from "lucide-react";
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import type { JobPhoto, PhotoKind } from "../../../../shared/proof";
import { MAX_PHOTOS_PER_KIND } from "../../../../shared/proof";
import { Button } from "../../../components/ui/button";
import { FieldError } from "../../../components/ui/form-field";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { cn } from "../../../lib/utils";
import { useDeletePhoto } from "../api/photos";
import { addPhotoFiles, photoAccept } from "../lib/photo-files";
import { photoTimeText } from "../lib/visit";

/** A stable key per chosen file (two photos may share a name: every phone names them IMG_…). */
const fileKeys = new WeakMap<File, string>();
let nextFileKey = 0;
function keyOf(file: File): string {
  let key = fileKeys.get(file);
  if (!key) {
    nextFileKey += 1;
    key = `file-${nextFileKey}`;
    fileKeys.set(file, key);
  }
  return key;
}

/** Object URLs for the chosen files' previews, revoked when the files change or the picker goes. */
function usePreviewUrls(files: readonly File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((file) => URL.createObjectURL(file));
    setUrls(made);
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

export interface PhotoPickerProps {
  jobId: string;
  kind: PhotoKind;
  /** Photos of this kind already uploaded for this visit: shown first, and the uploader may remove them. */
  uploaded: readonly JobPhoto[];
  /** The files chosen and not yet uploaded; the owner keeps them and uploads them on submit. */
  files: File[];
  onFilesChange: (files: File[]) => void;
  label: string;
  /** At least one photo is needed (the label gets the required marker). */
  required?: boolean;
  /** What to photograph, read with the buttons. */
  description?: string;
  /** A refusal from the owner (none chosen, the server's message); the picker's own checks show first. */
  error?: string | null | undefined;
  disabled?: boolean;
}

/**
 * Choose up to six photos of one kind: 'Take photo' opens the camera on phones (shown only on touch
 * screens), 'Choose photos' the library or file chooser. Each shows as a preview with a remove button until
 * the owner uploads them. Files the server would refuse (type, 10 MB, count) are left out with its message.
 */
export function PhotoPicker({
  jobId,
  kind,
  uploaded,
  files,
  onFilesChange,
  label,
  required = false,
  description,
  error,
  disabled = false,
}: PhotoPickerProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const camera = useRef<HTMLInputElement>(null);
  const library = useRef<HTMLInputElement>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const previews = usePreviewUrls(files);
  const remove = useDeletePhoto();
  const [removing, setRemoving] = useState<string | null>(null);

  const max = Math.max(0, MAX_PHOTOS_PER_KIND - uploaded.length);
  const total = uploaded.length + files.length;
  const full = files.length >= max;
  const shownError = pickError ?? error ?? null;

  function add(list: FileList | null) {
    if (!list || list.length === 0) return;
    const result = addPhotoFiles(files, Array.from(list), max);
    setPickError(result.error);
    onFilesChange(result.files);
  }

  /** A photo source: its hidden file input and the button that opens it (the camera, or the library). */
  function source(
    ref: RefObject<HTMLInputElement | null>,
    options: { capture: boolean; label: string; icon: LucideIcon; className?: string },
  ) {
    const Icon = options.icon;
    return (
      <>
        <input
          ref={ref}
          type="file"
          accept={photoAccept}
          multiple
          hidden
          tabIndex={-1}
          {...(options.capture ? { capture: "environment" } : {})}
          onChange={(event) => {
            add(event.target.files);
            // Cleared, so choosing the same photo again after removing it still adds it.
            event.target.value = "";
          }}
        />
        <Button
          type="button"
          variant="outline"
          className={options.className}
          icon={<Icon className="size-4" aria-hidden="true" />}
          disabled={disabled || full}
          onClick={() => ref.current?.click()}
        >
          {options.label}
        </Button>
      </>
    );
  }

  async function removeUploaded(photo: JobPhoto) {
    setRemoving(photo.id);
    try {
      const answer = await remove.mutateAsync({ jobId, photoId: photo.id });
      toast({ title: answer.message, variant: "success" });
    } catch (caught) {
      toast({
        title: "Could not remove the photo",
        description: failureMessage(caught),
        variant: "destructive",
      });
    } finally {
      setRemoving(null);
    }
  }

  const tile =
    "relative aspect-square overflow-hidden rounded-lg border border-slate-200 bg-slate-100 [&>img]:size-full [&>img]:object-cover";
  const removeButton =
    "absolute top-1 right-1 inline-flex size-9 items-center justify-center rounded-full bg-slate-950/70 text-white transition-colors hover:bg-slate-950 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-700 focus-visible:outline-none disabled:opacity-60";

  return (
    <fieldset
      aria-describedby={[helpId, statusId, shownError ? errorId : null].filter(Boolean).join(" ")}
      className="grid min-w-0 gap-2"
      data-testid={`photo-picker-${kind}`}
    >
      <legend className="mb-2 text-sm leading-snug font-medium text-slate-800">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      <p id={helpId} className="text-sm text-slate-600">
        {description ? `${description} ` : ""}Up to {MAX_PHOTOS_PER_KIND} photos, JPEG, PNG or WebP, 10 MB
        each.
      </p>

      {total > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Photos chosen">
          {uploaded.map((photo, index) => (
            <li key={photo.id} className={tile}>
              <img
                src={photo.thumbUrl}
                alt={`Sent earlier (${index + 1}), ${photoTimeText(photo).toLowerCase()}`}
                loading="lazy"
              />
              <button
                type="button"
                className={removeButton}
                disabled={disabled || removing !== null}
                aria-label={`Remove uploaded photo ${index + 1}`}
                onClick={() => void removeUploaded(photo)}
              >
                {removing === photo.id ? (
                  <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                ) : (
                  <X className="size-4" aria-hidden="true" />
                )}
              </button>
            </li>
          ))}
          {files.map((file, index) => (
            <li key={keyOf(file)} className={tile}>
              {previews[index] ? (
                <img src={previews[index]} alt={`Chosen (${uploaded.length + index + 1}): ${file.name}`} />
              ) : null}
              <button
                type="button"
                className={removeButton}
                disabled={disabled}
                aria-label={`Remove photo ${uploaded.length + index + 1} (${file.name})`}
                onClick={() => {
                  setPickError(null);
                  onFilesChange(files.filter((_, i) => i !== index));
                }}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row">
        {source(camera, {
          capture: true,
          label: "Take photo",
          icon: Camera,
          // Only where a camera is at hand (a touch screen); elsewhere the library serves.
          className: "hidden pointer-coarse:inline-flex",
        })}
        {source(library, { capture: false, label: "Choose photos", icon: ImagePlus })}
      </div>
      <p id={statusId} className={cn("text-sm text-slate-600", total === 0 && "sr-only")} aria-live="polite">
        {total === 0
          ? "No photos chosen yet."
          : `${total} of ${MAX_PHOTOS_PER_KIND} photos${files.length > 0 && uploaded.length > 0 ? ` (${files.length} not sent yet)` : ""}.`}
      </p>
      <FieldError id={errorId} message={shownError} />
    </fieldset>
  );
}
