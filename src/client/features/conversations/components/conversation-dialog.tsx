import { EyeOff, LoaderCircle, Lock } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef } from "react";
import { jobLabel } from "../../../../shared/services";
import { LoadError } from "../../../components/load-error";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "../../../components/ui/dialog";
import { failureMessage } from "../../../lib/form-errors";
import { markConversationOpen } from "../../../lib/open-conversation";
import { useConversation, useMarkConversationRead } from "../api/conversation";
import { MessageComposer } from "./message-composer";
import { MessageThread } from "./message-thread";

export const maskingNotice = "Phone numbers and email addresses are hidden until the job is scheduled.";

/** Phones get the whole screen; from 640 px up a tall centred panel. */
const sheet =
  "flex flex-col gap-0 overflow-hidden p-0 max-sm:inset-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0 sm:h-[min(46rem,calc(100dvh-4rem))] sm:max-w-2xl";

export interface ConversationDialogProps {
  jobId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (focus returns there on close); none for a dialog a link opened. */
  trigger?: React.ReactElement;
  /** 'Report' on the other person's messages (not for admins reading a dispute). */
  canReport?: boolean;
}

/**
 * A job's conversation between its customer and its landscaper (admins read it, and write while a reported
 * problem is open): the thread, the masking notice before the job is scheduled, and the composer.
 */
export function ConversationDialog({
  jobId,
  open,
  onOpenChange,
  trigger,
  canReport = true,
}: ConversationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        className={sheet}
        data-testid="conversation-dialog"
        // The panel itself takes focus (the thread and composer may still be loading); the composer then
        // takes it on wider screens, while on a phone the keyboard stays down until the person taps it.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        {open ? <ConversationPanel jobId={jobId} canReport={canReport} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ConversationPanel({ jobId, canReport }: { jobId: string; canReport: boolean }) {
  const conversation = useConversation(jobId, true);
  const markRead = useMarkConversationRead();
  const data = conversation.data;

  // The notification stream does not toast messages of the conversation on screen.
  useEffect(() => markConversationOpen(jobId), [jobId]);

  // Read on open, then again whenever the newest message is one still unread.
  const readFor = useRef<string | null>(null);
  const loaded = data !== undefined;
  const lastId = data?.messages.at(-1)?.id ?? "";
  const unread = data?.unread ?? 0;
  const { mutate } = markRead;
  useEffect(() => {
    if (!loaded || readFor.current === lastId) return;
    const first = readFor.current === null;
    readFor.current = lastId;
    if (first || unread > 0) mutate(jobId);
  }, [loaded, jobId, lastId, unread, mutate]);

  const wide = typeof window !== "undefined" && window.matchMedia?.("(min-width: 640px)").matches;

  return (
    <>
      <DialogHeading
        className="border-b border-slate-200 px-4 py-3 pr-12 sm:px-6 sm:py-4 sm:pr-12"
        title={`Messages${data ? ` · ${jobLabel(data.jobNumber)}` : ""}`}
        description={
          data ? `With ${data.withName}` : conversation.isError ? "Not loaded" : "Loading the conversation..."
        }
      />

      {data?.masking ? (
        <p className="flex items-start gap-2 border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950 sm:px-6">
          <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {maskingNotice}
        </p>
      ) : null}

      {data ? (
        <>
          <MessageThread jobId={jobId} messages={data.messages} canReport={canReport} />
          {data.canWrite ? (
            <MessageComposer jobId={jobId} autoFocus={wide} />
          ) : (
            <p className="flex items-start gap-2 border-t border-slate-200 bg-white px-4 py-3 text-sm text-slate-700 sm:px-6">
              <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {data.closedReason ?? "This conversation is closed."}
            </p>
          )}
        </>
      ) : conversation.isError ? (
        <div className="flex-1 p-4 sm:p-6">
          <LoadError title="We couldn't load the messages." query={conversation}>
            {failureMessage(conversation.error)}
          </LoadError>
        </div>
      ) : (
        <p role="status" className="flex flex-1 items-center justify-center gap-2 text-sm text-slate-600">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Loading messages...
        </p>
      )}
    </>
  );
}
