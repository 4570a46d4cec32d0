import { Progress as Primitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/utils";

/**
 * A determinate progress bar (role="progressbar" with aria-valuenow from Radix). Give it an accessible name
 * with aria-label or aria-labelledby; `value` is 0-100, or null while the amount is unknown.
 */
export function Progress({
  className,
  indicatorClassName,
  value,
  ...props
}: React.ComponentProps<typeof Primitive.Root> & { indicatorClassName?: string }) {
  const percent = Math.max(0, Math.min(100, value ?? 0));
  return (
    <Primitive.Root
      data-slot="progress"
      value={value}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-slate-200", className)}
      {...props}
    >
      <Primitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          "h-full w-full bg-brand-600 transition-transform duration-200 ease-out",
          indicatorClassName,
        )}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </Primitive.Root>
  );
}
