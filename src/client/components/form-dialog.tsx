import type * as React from "react";
import { useRef, useState } from "react";
import { type TriggerButton, triggerElement } from "./trigger-button";
import type { ButtonProps } from "./ui/button";
import { Button } from "./ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeading, DialogTrigger } from "./ui/dialog";

export interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The open state of a FormDialog, kept by its owner: `close()` after a success, and a refused field keeps it
 * open. `onClose` runs when the person closes it (Cancel, Escape, the overlay) to drop what they typed or
 * chose, `onOpen` when they open it; while `locked` (photos uploading, say) it does not close at all.
 */
export function useDialogState({
  onOpen,
  onClose,
  locked = false,
}: {
  onOpen?: () => void;
  onClose?: () => void;
  locked?: boolean;
} = {}) {
  const [open, setOpen] = useState(false);
  const dialog: DialogState = {
    open,
    onOpenChange: (next) => {
      if (locked) return;
      setOpen(next);
      (next ? onOpen : onClose)?.();
    },
  };
  return { dialog, close: () => setOpen(false) };
}

/**
 * A dialog that is one small form: its trigger, a title and what will happen, the fields, then a way out
 * and the submit button with its pending state. The owner keeps its state (`useDialogState`) so it can close
 * on success and keep the dialog open on a field the server refused.
 */
export function FormDialog({
  dialog,
  trigger,
  title,
  description,
  onSubmit,
  children,
  submitLabel,
  pendingLabel,
  pending,
  submitVariant,
  cancelLabel = "Cancel",
}: {
  dialog: DialogState;
  trigger: TriggerButton | React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  children: React.ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  submitVariant?: ButtonProps["variant"];
  cancelLabel?: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>{triggerElement(trigger)}</DialogTrigger>
      <DialogContent
        onOpenAutoFocus={(event) => {
          // A confirmation with no fields opens on its way out, so one Enter never confirms by accident.
          if (formRef.current?.querySelector("input, textarea, select")) return;
          event.preventDefault();
          cancelRef.current?.focus();
        }}
      >
        <DialogHeading title={title} description={description} />
        <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-5">
          {children}
          <DialogFooter>
            <DialogClose asChild>
              <Button ref={cancelRef} type="button" variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </DialogClose>
            <Button type="submit" variant={submitVariant} pending={pending} pendingLabel={pendingLabel}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
