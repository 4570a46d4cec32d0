import type * as React from "react";
import { cn } from "../lib/utils";

/**
 * One term and its value inside a `<dl>`: a small grey label over the value. `caps` is the spaced
 * upper-case label of summary cards.
 */
export function Detail({
  label,
  className,
  caps = false,
  children,
}: {
  label: string;
  className?: string;
  caps?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt
        className={cn(
          "text-xs text-slate-500",
          caps ? "font-semibold tracking-wide uppercase" : "font-medium",
        )}
      >
        {label}
      </dt>
      <dd
        className={cn(caps ? "mt-1 text-sm text-slate-800" : "mt-0.5 font-medium break-words text-slate-900")}
      >
        {children}
      </dd>
    </div>
  );
}
