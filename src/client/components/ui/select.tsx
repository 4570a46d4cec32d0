import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/utils";
import { inputClass } from "./input";

/**
 * A styled native <select>: the platform picker is the most accessible one on phones and with screen
 * readers, costs no JavaScript, and works with react-hook-form's register(). Props go to the select.
 */
export function Select({ className, children, ...props }: React.ComponentProps<"select">) {
  // The wrapper takes the width a caller gives (e.g. `sm:max-w-xs`) as well as the select, so the chevron,
  // placed against the wrapper's right edge, stays inside a narrowed box instead of at the row's far end.
  return (
    <div className={cn("relative", widthClasses(className))}>
      <select
        data-slot="select"
        className={cn(inputClass, "cursor-pointer appearance-none truncate pr-9", className)}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
    </div>
  );
}

/** The width limits among a caller's classes (`max-w-*`, `w-*`, with any breakpoint prefix). */
function widthClasses(className: string | undefined): string {
  return (className ?? "")
    .split(/\s+/)
    .filter((name) => /^(?:[a-z0-9]+:)*(?:max-w|w)-/.test(name))
    .join(" ");
}
