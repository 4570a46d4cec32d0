import { useEffect, useRef } from "react";
import type { MessageItem } from "../../../../shared/conversations";
import { useSession } from "../../../lib/session";
import { cn } from "../../../lib/utils";
import { formatMessageTime, senderLabel } from "../lib/format";
import { ReportMessageDialog } from "./report-message-dialog";

/**
 * The messages of a job, oldest first: mine on the right, theirs on the left, our team's tinted. Bodies are
 * plain text (React escapes them; line breaks kept). The newest stays in view as messages arrive.
 */
export function MessageThread({
  jobId,
  messages,
  canReport,
}: {
  jobId: string;
  messages: MessageItem[];
  canReport: boolean;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Our team reads both sides: each name then says which side wrote, and the landscaper's are tinted.
  const observer = useSession().user?.isAdmin ?? false;
  const lastId = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the newest message changes.
  useEffect(() => {
    const box = scrollRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastId]);

  return (
    <div
      ref={scrollRef}
      role="log"
      aria-label="Messages"
      // Focusable so a keyboard user can scroll a long thread.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none focus-visible:ring-inset sm:px-5"
    >
      {messages.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-600">
          No messages yet. Ask a question or share a detail about the job.
        </p>
      ) : (
        <ol className="flex flex-col gap-4">
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              jobId={jobId}
              message={message}
              canReport={canReport}
              observer={observer}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function MessageBubble({
  jobId,
  message,
  canReport,
  observer,
}: {
  jobId: string;
  message: MessageItem;
  canReport: boolean;
  observer: boolean;
}) {
  const { mine } = message;
  const fromTeam = message.senderRole === "admin";
  const side = observer && !mine && !fromTeam ? message.senderRole : null;
  const who = side ? `${senderLabel(message)} (${side})` : senderLabel(message);
  const time = formatMessageTime(message.createdAt);
  return (
    <li
      className={cn(
        "flex max-w-[85%] flex-col gap-1",
        mine ? "items-end self-end" : "items-start self-start",
      )}
      data-testid="message"
      data-mine={mine}
    >
      {/* No separator: a long name wraps the time onto its own line, which must not start with a dot. */}
      <p
        className={cn(
          "flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600",
          mine && "justify-end text-right",
        )}
      >
        <span className={cn("font-semibold", fromTeam && !mine ? "text-amber-900" : "text-slate-800")}>
          {who}
        </span>
        <time dateTime={message.createdAt} className="whitespace-nowrap">
          {time}
        </time>
      </p>
      <div
        className={cn(
          "grid gap-2 rounded-2xl text-sm leading-relaxed shadow-xs",
          message.body ? "px-3.5 py-2.5" : "p-1.5",
          mine
            ? "rounded-br-md bg-brand-700 text-white"
            : fromTeam
              ? "rounded-bl-md border border-amber-300 bg-amber-50 text-amber-950"
              : side === "landscaper"
                ? "rounded-bl-md border border-sky-200 bg-sky-50 text-sky-950"
                : "rounded-bl-md border border-slate-200 bg-white text-slate-900",
        )}
      >
        {message.image ? (
          <a
            href={message.image.fullUrl}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-lg focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <img
              src={message.image.thumbUrl}
              alt={`Attachment from ${mine ? "you" : message.senderName} (opens full size in a new tab)`}
              // A fixed box, so the thread's height (and its scroll to the newest) does not jump as it loads.
              width={256}
              height={192}
              className="aspect-[4/3] w-64 max-w-full bg-slate-200 object-cover"
            />
          </a>
        ) : null}
        {message.body ? <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{message.body}</p> : null}
      </div>
      {message.masked ? (
        <p className="text-xs text-slate-600">Contact details in this message are hidden.</p>
      ) : null}
      {!mine && !fromTeam && canReport ? (
        message.reportedByMe ? (
          <p className="text-xs text-slate-600">Reported to our team</p>
        ) : (
          <ReportMessageDialog
            jobId={jobId}
            messageId={message.id}
            senderName={message.senderName}
            sentAt={time}
          />
        )
      ) : null}
    </li>
  );
}
