import { cn } from "../lib/utils";

/**
 * A pale block that pulses where something is loading, sized by `className`. With `label` it is the status
 * a screen reader announces ("Loading your cards"); without, it is decoration inside a status of its own.
 */
export function Skeleton({ label, className }: { label?: string; className?: string }) {
  const classes = cn("animate-pulse rounded-lg bg-slate-100", className);
  return label ? (
    <div role="status" aria-label={label} className={classes} />
  ) : (
    <div aria-hidden="true" className={classes} />
  );
}
