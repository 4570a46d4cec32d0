import { Label as Primitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/utils";

/** A form label (Radix keeps double-click from selecting the text). Tie it to its control with htmlFor. */
export function Label({ className, ...props }: React.ComponentProps<typeof Primitive.Root>) {
  return (
    <Primitive.Root
      data-slot="label"
      className={cn(
        "text-sm leading-snug font-medium text-slate-800 select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
