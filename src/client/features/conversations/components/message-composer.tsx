import { ImagePlus, SendHorizontal, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { conversationMessages, MESSAGE_MAX_LENGTH } from "../../../../shared/conversations";
import { Button } from "../../../components/ui/button";
import { Textarea } from "../../../components/ui/textarea";
import { ApiError } from "../../../lib/api-client";
import { failureMessage } from "../../../lib/form-errors";
import { cn } from "../../../lib/utils";
import { useSendMessage } from "../api/conversation";
import { ATTACHMENT_TYPES, attachmentProblem, isSendKey } from "../lib/format";

/** What the server said about a refused message: its field message when it names one, else its message. */
function sendFailure(error: unknown): string {
  if (error instanceof ApiError && error.fields)
    return error.fields.body ?? error.fields.image ?? error.message;
  return failureMessage(error);
}

/**
 * Write a message (Enter sends, Shift+Enter makes a new line) and optionally attach one photo. Refusals
 * (too long, too many messages at once, a photo it cannot read) stay under the box until the next try.
 */
export function MessageComposer({ jobId, autoFocus }: { jobId: string; autoFocus: boolean }) {
  const send = useSendMessage();
  const [body, setBody] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const ids = { text: `${id}-text`, count: `${id}-count`, hint: `${id}-hint`, error: `${id}-error` };

  useEffect(() => {
    if (autoFocus) textRef.current?.focus();
  }, [autoFocus]);

  // The chosen photo's preview lives as long as it stays chosen.
  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  function choose(file: File | undefined) {
    if (fileRef.current) fileRef.current.value = "";
    if (!file) return;
    const problem = attachmentProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setImage(file);
  }

  async function submit() {
    if (send.isPending) return;
    if (!body.trim() && !image) {
      setError(conversationMessages.empty);
      textRef.current?.focus();
      return;
    }
    setError(null);
    try {
      await send.mutateAsync({ jobId, body, image });
      setBody("");
      setImage(null);
      textRef.current?.focus();
    } catch (failure) {
      setError(sendFailure(failure));
    }
  }

  const nearLimit = body.length >= MESSAGE_MAX_LENGTH * 0.9;
  return (
    <form
      noValidate
      className="grid gap-2 border-t border-slate-200 bg-white px-3 py-3 sm:px-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {image && preview ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-2">
          <img src={preview} alt="" className="size-12 shrink-0 rounded-md object-cover" />
          <p className="min-w-0 flex-1 truncate text-sm text-slate-700">
            <span className="sr-only">Attached photo: </span>
            {image.name}
          </p>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-9 shrink-0"
            aria-label={`Remove the photo ${image.name}`}
            onClick={() => {
              setImage(null);
              textRef.current?.focus();
            }}
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      <label htmlFor={ids.text} className="sr-only">
        Message
      </label>
      <Textarea
        ref={textRef}
        id={ids.text}
        rows={2}
        maxLength={MESSAGE_MAX_LENGTH}
        value={body}
        placeholder="Write a message…"
        aria-invalid={error ? true : undefined}
        aria-describedby={[ids.hint, ids.count, error ? ids.error : null].filter(Boolean).join(" ")}
        className="max-h-40 min-h-16 resize-none"
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          const { key, shiftKey } = event;
          if (!isSendKey({ key, shiftKey, isComposing: event.nativeEvent.isComposing })) return;
          event.preventDefault();
          void submit();
        }}
      />
      <p id={ids.hint} className="sr-only">
        Enter sends the message; Shift and Enter start a new line.
      </p>
      {error ? (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <input
          ref={fileRef}
          type="file"
          accept={ATTACHMENT_TYPES.join(",")}
          hidden
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          icon={<ImagePlus className="size-4" aria-hidden="true" />}
          onClick={() => fileRef.current?.click()}
          disabled={send.isPending}
        >
          {image ? "Change photo" : "Attach photo"}
        </Button>
        <p
          id={ids.count}
          className={cn(
            "ml-auto text-xs tabular-nums",
            nearLimit ? "font-semibold text-amber-800" : "text-slate-600",
          )}
        >
          {body.length}/{MESSAGE_MAX_LENGTH}
          <span className="sr-only"> characters</span>
        </p>
        <Button
          type="submit"
          size="sm"
          pending={send.isPending}
          icon={<SendHorizontal className="size-4" aria-hidden="true" />}
        >
          Send
        </Button>
      </div>
    </form>
  );
}
