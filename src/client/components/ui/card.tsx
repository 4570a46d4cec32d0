import type * as React from "react";
import { cn } from "../../lib/utils";
import { styled } from "./styled";

/** A bordered surface grouping related content. Compose with the parts below; every part takes className. */
export const Card = styled(
  "div",
  "card",
  "flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm",
);

export const CardHeader = styled("div", "card-header", "flex flex-col gap-1.5");

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

export const CardDescription = styled("p", "card-description", "text-sm text-slate-600");

export const CardContent = styled("div", "card-content", "text-sm text-slate-700");
