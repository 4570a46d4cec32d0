import { Pencil } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/utils";
import { Button } from "./button";
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

/**
 * A card's title and description with an 'Edit' button on the right, shown while the card is not being
 * edited (saved details a person can change: profile, business and service area).
 */
export function EditableCardHeader({
  title,
  description,
  editLabel,
  onEdit,
}: {
  title: string;
  description: React.ReactNode;
  editLabel: string;
  /** Absent while editing, or when there is nothing saved to edit yet. */
  onEdit?: (() => void) | undefined;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <CardHeader>
        <CardTitle asHeading="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {onEdit ? (
        <Button type="button" variant="outline" size="sm" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
          {editLabel}
        </Button>
      ) : null}
    </div>
  );
}
