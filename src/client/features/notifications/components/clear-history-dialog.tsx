import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../lib/toast";
import { useClearHistory } from "../api/notifications";

/** 'Clear History' with a confirmation: deletes every notification of the user. */
export function ClearHistoryDialog({ disabled }: { disabled: boolean }) {
  const clear = useClearHistory();

  async function confirm(close: () => void) {
    try {
      const answer = await clear.mutateAsync();
      close();
      toast({ title: answer.message, variant: "success" });
    } catch (error) {
      console.error("Could not clear the notification history.", error);
      toast({
        title: "Error",
        description: "We couldn't clear your notification history. Please try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          className="px-2 text-red-700 hover:bg-red-50 hover:text-red-800 sm:px-3"
        >
          <Trash2 className="hidden size-4 sm:block" aria-hidden="true" />
          Clear History
        </Button>
      }
      title="Clear notification history?"
      description="This permanently deletes all of your notifications, read and unread. This can't be undone."
      confirmLabel="Clear History"
      pendingLabel="Clearing..."
      pending={clear.isPending}
      confirmVariant="destructive"
      onConfirm={confirm}
    />
  );
}
