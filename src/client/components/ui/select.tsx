import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/utils";
import { inputClass } from "./input";

/**
 * A styled native <select>: the platform picker is the most accessible one on phones and with screen
 * readers, costs no JavaScript, and works with react-hook-form's register(). Props go to the select.
 */
export function Select({ className, children, ...props }: React.ComponentProps<"select">) {
  return (
    <div className="relative">
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
