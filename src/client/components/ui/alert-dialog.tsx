import { AlertDialog as Primitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/utils";
import { buttonVariants } from "./button";
import { modal } from "./modal-styles";
import { styled } from "./styled";

/**
 * shadcn-style wrappers around Radix AlertDialog, for confirmations that need an answer: focus starts on
 * Cancel, Escape cancels, a click on the overlay does nothing, and focus returns to the trigger.
 */
export const AlertDialog = styled(Primitive.Root, "alert-dialog");

export const AlertDialogTrigger = styled(Primitive.Trigger, "alert-dialog-trigger");

export function AlertDialogContent({ className, ...props }: React.ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay data-slot="alert-dialog-overlay" className={modal.overlay} />
      <Primitive.Content
        data-slot="alert-dialog-content"
        className={cn(modal.content, className)}
        {...props}
      />
    </Primitive.Portal>
  );
}

export const AlertDialogHeader = styled("div", "alert-dialog-header", modal.header);

export const AlertDialogFooter = styled("div", "alert-dialog-footer", modal.footer);

export const AlertDialogTitle = styled(Primitive.Title, "alert-dialog-title", modal.title);

export const AlertDialogDescription = styled(
  Primitive.Description,
  "alert-dialog-description",
  modal.description,
);

export function AlertDialogCancel({ className, ...props }: React.ComponentProps<typeof Primitive.Cancel>) {
  return <Primitive.Cancel className={cn(buttonVariants({ variant: "outline" }), className)} {...props} />;
}
