import { CircleCheck, FileUp, LoaderCircle } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import {
  type DocumentType,
  documentAccept,
  documentLabels,
  type LandscaperDocumentView,
  landscaperMessages,
  MAX_DOCUMENT_BYTES,
} from "../../../../../shared/landscapers";
import { Badge } from "../../../../components/ui/badge";
import { FieldError } from "../../../../components/ui/form-field";
import { Progress } from "../../../../components/ui/progress";
import { ApiError } from "../../../../lib/api-client";
import { toast } from "../../../../lib/toast";
import { cn } from "../../../../lib/utils";
import { uploadDocument } from "../../api/documents";

type UploadState =
  | { phase: "idle" }
  | { phase: "uploading"; sent: number; total: number; fileName: string }
  | { phase: "uploaded" };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface DocumentPickerProps {
  type: DocumentType;
  /** The stored document of this type, if any. */
  document: LandscaperDocumentView | undefined;
  onUploaded: (document: LandscaperDocumentView) => void;
  /** Reports whether an upload is running, so the page can hold the submit button. */
  onBusyChange: (type: DocumentType, busy: boolean) => void;
}

/**
 * One credential: pick a file and it uploads at once, with a progress bar fed by the bytes really sent.
 * The server decides whether the content is an image or a PDF; a failed upload returns the bar to 0.
 */
export function DocumentPicker({ type, document, onUploaded, onBusyChange }: DocumentPickerProps) {
  const { title, help, required } = documentLabels[type];
  const inputId = useId();
  const helpId = `${inputId}-help`;
  const statusId = `${inputId}-status`;
  const errorId = `${inputId}-error`;
  const [state, setState] = useState<UploadState>(document ? { phase: "uploaded" } : { phase: "idle" });
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (document) setState((current) => (current.phase === "uploading" ? current : { phase: "uploaded" }));
  }, [document]);

  async function upload(file: File) {
    setError(null);
    if (file.size > MAX_DOCUMENT_BYTES) {
      // The server refuses it too (413); saying so now saves sending 10 MB for nothing.
      setError(landscaperMessages.fileTooLarge);
      toast({
        title: "Upload failed",
        description: `${landscaperMessages.fileTooLarge} Please try again.`,
        variant: "destructive",
      });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: "uploading", sent: 0, total: file.size, fileName: file.name });
    onBusyChange(type, true);
    try {
      const answer = await uploadDocument(
        type,
        file,
        (sent, total) => setState({ phase: "uploading", sent, total, fileName: file.name }),
        controller.signal,
      );
      setState({ phase: "uploaded" });
      onUploaded(answer.document);
      toast({
        title: "File uploaded successfully!",
        description: `${title}: ${answer.document.originalName}`,
        variant: "success",
      });
    } catch (caught) {
      if (controller.signal.aborted) return;
      setState(document ? { phase: "uploaded" } : { phase: "idle" });
      if (caught instanceof ApiError && caught.code === "unauthorized") {
        setError("Your session has ended. Please sign in again.");
        toast({ title: "Not authenticated", description: "Please sign in again.", variant: "destructive" });
      } else if (caught instanceof ApiError && caught.status >= 400 && caught.status < 500) {
        setError(caught.message);
        toast({
          title: "Upload failed",
          description: `${caught.message} Please try again.`,
          variant: "destructive",
        });
      } else {
        setError("The upload did not finish.");
        toast({ title: "Upload failed", description: "Please try again", variant: "destructive" });
      }
    } finally {
      if (abort.current === controller) abort.current = null;
      onBusyChange(type, false);
    }
  }

  const percent =
    state.phase === "uploaded"
      ? 100
      : state.phase === "uploading"
        ? Math.min(99, Math.floor((state.sent / Math.max(1, state.total)) * 100))
        : 0;
  const uploading = state.phase === "uploading";

  let statusText: string;
  if (state.phase === "uploading") {
    statusText = `Uploading ${state.fileName}: ${formatBytes(state.sent)} of ${formatBytes(state.total)}`;
  } else if (state.phase === "uploaded" && document) {
    statusText = `${document.originalName} (${formatBytes(document.sizeBytes)})`;
  } else {
    statusText = "No file chosen";
  }

  return (
    <div
      className={cn(
        "grid gap-4 rounded-xl border bg-white p-5 shadow-sm transition-colors",
        state.phase === "uploaded" ? "border-brand-200" : "border-slate-200",
        error && "border-red-300",
      )}
    >
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4">
        <div className="grid gap-1">
          <h2 className="font-semibold text-slate-900">{title}</h2>
          <p id={helpId} className="text-sm text-slate-600">
            {help} Images or PDF, up to 10 MB.
          </p>
        </div>
        {state.phase === "uploaded" ? (
          <Badge variant="success">
            <CircleCheck aria-hidden="true" />
            Uploaded
          </Badge>
        ) : (
          <Badge variant={required ? "warning" : "muted"}>{required ? "Required" : "Optional"}</Badge>
        )}
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <input
          id={inputId}
          type="file"
          accept={documentAccept}
          className="peer sr-only"
          disabled={uploading}
          aria-describedby={[helpId, statusId, error ? errorId : null].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Clear the input so choosing the same file again still uploads it.
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
        <label
          htmlFor={inputId}
          className={cn(
            "inline-flex h-10 shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 transition-colors hover:bg-slate-50",
            "peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2",
            "peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
          )}
        >
          {uploading ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <FileUp className="size-4" aria-hidden="true" />
          )}
          {state.phase === "uploaded" ? "Replace file" : "Choose file"}
          <span className="sr-only"> for {title}</span>
        </label>
        <p id={statusId} className="min-w-0 truncate text-sm text-slate-700" aria-live="polite">
          {statusText}
        </p>
      </div>

      <div className="flex items-center gap-3">
        <Progress
          value={percent}
          aria-label={`${title} upload progress`}
          className="flex-1"
          indicatorClassName={state.phase === "uploaded" ? "bg-brand-700" : undefined}
        />
        <span className="w-10 text-right text-sm font-medium text-slate-700 tabular-nums" aria-hidden="true">
          {percent}%
        </span>
      </div>

      <FieldError id={errorId} message={error} />
    </div>
  );
}
