import { AlertDialog as Primitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/utils";
import { buttonVariants } from "./button";
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
      <Primitive.Overlay
        data-slot="alert-dialog-overlay"
        className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px]"
      />
      <Primitive.Content
        data-slot="alert-dialog-content"
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl focus:outline-none",
          className,
        )}
        {...props}
      />
    </Primitive.Portal>
  );
}

export const AlertDialogHeader = styled("div", "alert-dialog-header", "grid gap-1.5");

export const AlertDialogFooter = styled(
  "div",
  "alert-dialog-footer",
  "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
);

export const AlertDialogTitle = styled(
  Primitive.Title,
  "alert-dialog-title",
  "text-lg leading-tight font-semibold text-slate-900",
);

export const AlertDialogDescription = styled(
  Primitive.Description,
  "alert-dialog-description",
  "text-sm text-slate-600",
);

/** The confirming button; styled as the default Button unless className says otherwise. */
export function AlertDialogAction({ className, ...props }: React.ComponentProps<typeof Primitive.Action>) {
  return <Primitive.Action className={cn(buttonVariants(), className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: React.ComponentProps<typeof Primitive.Cancel>) {
  return <Primitive.Cancel className={cn(buttonVariants({ variant: "outline" }), className)} {...props} />;
}
