import type * as React from "react";
import { cn } from "../lib/utils";

const widths = { "3xl": "max-w-3xl", "4xl": "max-w-4xl", "6xl": "max-w-6xl" } as const;

/** A signed-in screen's column: centred, padded for phones and desktops, its sections 1.5rem apart. */
export function PageBody({
  width = "6xl",
  className,
  children,
}: {
  width?: keyof typeof widths;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      className={cn("mx-auto grid w-full gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8", widths[width], className)}
    >
      {children}
    </div>
  );
}
