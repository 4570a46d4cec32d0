import { X } from "lucide-react";
import { Dialog as Primitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/utils";
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
      <Primitive.Overlay
        data-slot="dialog-overlay"
        className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px]"
      />
      <Primitive.Content
        data-slot="dialog-content"
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl focus:outline-none",
          className,
        )}
        {...props}
      >
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

export const DialogHeader = styled("div", "dialog-header", "grid gap-1.5 pr-6");

export const DialogFooter = styled(
  "div",
  "dialog-footer",
  "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
);

export const DialogTitle = styled(
  Primitive.Title,
  "dialog-title",
  "text-lg leading-tight font-semibold text-slate-900",
);

export const DialogDescription = styled(
  Primitive.Description,
  "dialog-description",
  "text-sm text-slate-600",
);
