import { MessageCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import { messagesLabel, unreadBadge } from "../lib/format";
import { ConversationDialog } from "./conversation-dialog";

/** 'Messages' on a job card, with the unread count as a badge; opens the job's conversation. */
export function MessagesButton({
  jobId,
  unread = 0,
  canReport = true,
  className,
}: {
  jobId: string;
  unread?: number | undefined;
  canReport?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const badge = unreadBadge(unread);
  return (
    <ConversationDialog
      jobId={jobId}
      open={open}
      onOpenChange={setOpen}
      canReport={canReport}
      trigger={
        <Button
          type="button"
          size="sm"
          variant={badge ? "secondary" : "outline"}
          aria-label={messagesLabel(unread)}
          data-testid="messages-button"
          className={cn("relative", className)}
          icon={<MessageCircle className="size-4" aria-hidden="true" />}
        >
          {/* The space keeps what the button shows "Messages 1", words its name contains (WCAG 2.5.3). */}
          Messages{" "}
          {badge ? (
            <span
              aria-hidden="true"
              className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white tabular-nums"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      }
    />
  );
}
