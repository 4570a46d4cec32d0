import { Trash2 } from "lucide-react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../lib/toast";
import { useClearHistory } from "../api/notifications";

/** 'Clear History' with a confirmation: deletes every notification of the user. */
export function ClearHistoryDialog({ disabled }: { disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const clear = useClearHistory();

  async function confirm() {
    try {
      const answer = await clear.mutateAsync();
      setOpen(false);
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
    <AlertDialog open={open} onOpenChange={(next) => (clear.isPending ? undefined : setOpen(next))}>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          className="px-2 text-red-700 hover:bg-red-50 hover:text-red-800 sm:px-3"
        >
          <Trash2 className="hidden size-4 sm:block" aria-hidden="true" />
          Clear History
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Clear notification history?</AlertDialogTitle>
          <AlertDialogDescription>
            This permanently deletes all of your notifications, read and unread. This can't be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={clear.isPending}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            onClick={() => void confirm()}
            pending={clear.isPending}
            pendingLabel="Clearing..."
          >
            Clear History
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
