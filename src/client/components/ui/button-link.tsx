import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link, type LinkProps } from "react-router";
import { Button, type ButtonProps } from "./button";

/** A link styled as a button, with an optional icon before its label. */
export function ButtonLink({
  icon: Icon,
  variant,
  size,
  className,
  children,
  ...link
}: LinkProps &
  Pick<ButtonProps, "variant" | "size"> & {
    icon?: LucideIcon;
    children: React.ReactNode;
  }) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link {...link}>
        {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
        {children}
      </Link>
    </Button>
  );
}
