import { X } from "lucide-react";
import { Dialog as Primitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/utils";
import { modal } from "./modal-styles";
import { styled } from "./styled";

/**
 * shadcn-style wrappers around Radix Dialog: focus is trapped inside, Escape and the overlay close it,
 * and focus returns to the trigger. Every dialog needs a DialogTitle (and usually a DialogDescription).
 */
export const Dialog = styled(Primitive.Root, "dialog");

export const DialogTrigger = styled(Primitive.Trigger, "dialog-trigger");

export const DialogClose = styled(Primitive.Close, "dialog-close");

export function DialogContent({
  className,
  children,
  showClose = true,
  ...props
}: React.ComponentProps<typeof Primitive.Content> & { showClose?: boolean }) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay data-slot="dialog-overlay" className={modal.overlay} />
      <Primitive.Content data-slot="dialog-content" className={cn(modal.content, className)} {...props}>
        {children}
        {showClose ? (
          <Primitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            <X className="size-4" aria-hidden="true" />
          </Primitive.Close>
        ) : null}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export const DialogHeader = styled("div", "dialog-header", cn(modal.header, "pr-6"));

export const DialogFooter = styled("div", "dialog-footer", modal.footer);

export const DialogTitle = styled(Primitive.Title, "dialog-title", modal.title);

export const DialogDescription = styled(Primitive.Description, "dialog-description", modal.description);

/** The title and the sentence under it that every dialog starts with. */
export function DialogHeading({
  title,
  description,
  className,
}: {
  title: React.ReactNode;
  description: React.ReactNode;
  className?: string;
}) {
  return (
    <DialogHeader className={className}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}
