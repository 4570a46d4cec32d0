import type * as React from "react";
import { cn } from "../../lib/utils";

/**
 * A component (a Radix part or an element) with our classes first and the caller's after, and a
 * `data-slot` naming the part for styling and tests: the one shape every plain wrapper of this folder has.
 */
export function styled<C extends React.ElementType>(Component: C, slot: string, base = "") {
  const Inner = Component as React.ElementType;
  function Styled({ className, ...props }: React.ComponentProps<C>) {
    return <Inner data-slot={slot} className={cn(base, className) || undefined} {...props} />;
  }
  Styled.displayName = slot;
  return Styled;
}
