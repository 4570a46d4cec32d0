import { ImagePlus, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef } from "react";
import { photoProblem } from "../../../../shared/quotes";
import { Button } from "../../../components/ui/button";
import { FieldError } from "../../../components/ui/form-field";
import { Label } from "../../../components/ui/label";

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

interface PhotoFieldProps {
  /** The file input's id; generated when omitted. */
  id?: string;
  file: File | null;
  error: string | null;
  onChange: (file: File | null, error: string | null) => void;
  disabled?: boolean;
}

/**
 * The optional property photo: checked here by type and size (the server checks the content again),
 * with a preview and a way to remove it.
 */
export function PhotoField({ id: givenId, file, error, onChange, disabled }: PhotoFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    return () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    };
  }, [previewUrl]);

  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Photo of your property (optional)</Label>
      <p id={descriptionId} className="text-sm text-slate-600">
        A JPEG, PNG, GIF or WebP image up to 10 MB (not HEIC). Your landscaper sees it once you approve their
        offer, to plan the work; we remove its location and camera details.
      </p>
      {file && previewUrl ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <img
            src={previewUrl}
            alt="Preview of your chosen file"
            className="size-16 shrink-0 rounded-md border border-slate-200 object-cover"
          />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
            <p className="text-xs text-slate-600">{formatSize(file.size)}</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => {
              onChange(null, null);
              if (inputRef.current) {
                inputRef.current.value = "";
                inputRef.current.focus();
              }
            }}
          >
            <X className="size-4" aria-hidden="true" />
            Remove
            <span className="sr-only"> photo</span>
          </Button>
        </div>
      ) : null}
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/*"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[descriptionId, error ? errorId : null].filter(Boolean).join(" ")}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            if (!chosen) return;
            const problem = photoProblem(chosen);
            if (problem) {
              event.target.value = "";
              onChange(null, problem);
            } else {
              onChange(chosen, null);
            }
          }}
          className="block w-full scroll-mt-28 rounded-md border border-dashed border-slate-300 bg-white p-3 text-sm text-slate-600 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-900 hover:border-brand-600 focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40 focus-visible:outline-none aria-invalid:border-red-600"
        />
        <ImagePlus
          className="pointer-events-none absolute top-1/2 right-3 hidden size-5 -translate-y-1/2 text-slate-400 sm:block"
          aria-hidden="true"
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
