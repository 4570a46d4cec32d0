import type * as React from "react";
import { useState } from "react";
import { type TriggerButton, triggerElement } from "./trigger-button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./ui/alert-dialog";
import type { ButtonProps } from "./ui/button";
import { Button } from "./ui/button";

/**
 * A confirmation with no fields (promote, pay out, clear the history): its trigger, the question and what
 * will happen, Cancel (where focus starts) and the confirming button with its pending state. It cannot be
 * closed while `pending`, so the answer lands in the dialog that asked; `onConfirm` gets `close`, to call
 * once the server has answered (or not, to keep the dialog open on a failure).
 */
export function ConfirmDialog({
  trigger,
  open: controlledOpen,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  confirmVariant,
  onConfirm,
  onCloseAutoFocus,
  children,
}: {
  /** The button that opens it; left out when the caller opens it (`open`, after a form's own checks). */
  trigger?: TriggerButton | React.ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  confirmLabel: string;
  /** The confirming button's label while pending; its usual label (beside the spinner) when not given. */
  pendingLabel?: string;
  pending: boolean;
  confirmVariant?: ButtonProps["variant"];
  onConfirm: (close: () => void) => Promise<void>;
  /** Where focus goes when it closes (say, to the field a refusal named), instead of back to the trigger. */
  onCloseAutoFocus?: (event: Event) => void;
  /** More than a sentence under the description (a list of what changes). */
  children?: React.ReactNode;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => (onOpenChange ? onOpenChange(next) : setOwnOpen(next));
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger ? <AlertDialogTrigger asChild>{triggerElement(trigger)}</AlertDialogTrigger> : null}
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button
            type="button"
            variant={confirmVariant}
            onClick={() => void onConfirm(() => setOpen(false))}
            pending={pending}
            pendingLabel={pendingLabel}
          >
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
