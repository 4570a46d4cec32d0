import type * as React from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../../components/ui/alert-dialog";
import { Button } from "../../../../components/ui/button";

/**
 * "Publish version N?": the confirmation the form opens once its own checks pass. ConfirmDialog's shape, with
 * a say in where focus goes when it closes: on a refusal, to the first field the server named (the dialog's
 * focus trap would otherwise take it back to the Publish button).
 */
export function PublishDialog({
  open,
  onOpenChange,
  version,
  description,
  pending,
  onConfirm,
  onCloseAutoFocus,
  changes = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  version: number;
  description: React.ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onCloseAutoFocus: (event: Event) => void;
  /** Each figure that changes, one line each (the first 12, then how many more). */
  changes?: readonly string[];
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Publish version {version}?</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {changes.length > 0 ? (
          <ul
            className="grid gap-1 text-sm text-slate-700"
            aria-label="What changes"
            data-testid="publish-changes"
          >
            {changes.slice(0, 12).map((line) => (
              <li key={line} className="tabular-nums">
                {line}
              </li>
            ))}
            {changes.length > 12 ? <li>and {changes.length - 12} more</li> : null}
          </ul>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button type="button" onClick={onConfirm} pending={pending} pendingLabel="Publishing...">
            Publish version {version}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
