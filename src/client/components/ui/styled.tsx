import type * as React from "react";
import { cn } from "../../lib/utils";

/**
 * A component (a Radix part or an element) with our classes first and the caller's after, and a
 * `data-slot` naming the part for styling and tests: the one shape every plain wrapper of this folder has.
 * `inside` is fixed content the part always holds (a checkbox's tick, a switch's thumb).
 */
export function styled<C extends React.ElementType>(
  Component: C,
  slot: string,
  base = "",
  inside?: React.ReactNode,
) {
  const Inner = Component as React.ElementType;
  function Styled({ className, ...props }: React.ComponentProps<C>) {
    // No className key at all when there is none: a Radix part with `asChild` hands its props to the child,
    // and `className: undefined` spread there would wipe the child's own classes.
    const classes = cn(base, className);
    return (
      <Inner data-slot={slot} {...(classes ? { className: classes } : {})} {...props}>
        {inside ?? (props as { children?: React.ReactNode }).children}
      </Inner>
    );
  }
  Styled.displayName = slot;
  return Styled;
}
