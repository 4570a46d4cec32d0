import type * as React from "react";
import { cn } from "../../lib/utils";
import { inputClass } from "./input";

/** A multi-line text control with the same look, focus ring and error state as Input. */
export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(inputClass, "h-auto min-h-20 resize-y py-2 leading-relaxed sm:h-auto", className)}
      {...props}
    />
  );
}
