import type * as React from "react";
import { cn } from "../../lib/utils";

/** A bordered surface grouping related content. Compose with the parts below; every part takes className. */
export function Card({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="card"
      className={cn(
        "flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-header" className={cn("flex flex-col gap-1.5", className)} {...props} />;
}

/**
 * The card's title. It renders a div by default so the page keeps control of its heading outline:
 * pass `asHeading="h2"` (or h3...) when the title belongs in the outline.
 */
export function CardTitle({
  className,
  asHeading,
  ...props
}: React.ComponentProps<"div"> & { asHeading?: "h2" | "h3" | "h4" }) {
  const Component = asHeading ?? "div";
  return (
    <Component
      data-slot="card-title"
      className={cn("text-lg leading-tight font-semibold text-slate-900", className)}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn("text-sm text-slate-600", className)} {...props} />;
}

export function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("text-sm text-slate-700", className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div data-slot="card-footer" className={cn("mt-auto flex items-center gap-2", className)} {...props} />
  );
}
