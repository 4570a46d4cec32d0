import { useSearchParams } from "react-router";
import { CONVERSATION_PARAM } from "../../../lib/open-conversation";
import { ConversationDialog } from "./conversation-dialog";

/**
 * Opens the conversation a link names (`?conversation=<jobId>`, as message notifications link) on the page
 * that mounts it; closing it takes the parameter off the address.
 */
export function ConversationFromLink({ canReport = true }: { canReport?: boolean }) {
  const [params, setParams] = useSearchParams();
  const jobId = params.get(CONVERSATION_PARAM)?.trim();
  if (!jobId) return null;
  return (
    <ConversationDialog
      key={jobId}
      jobId={jobId}
      open
      canReport={canReport}
      onOpenChange={(open) => {
        if (open) return;
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(CONVERSATION_PARAM);
            return next;
          },
          { replace: true, preventScrollReset: true },
        );
      }}
    />
  );
}
