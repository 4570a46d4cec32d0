import { cn } from "../lib/utils";

/**
 * A full-height status line ('Loading...', 'Redirecting...') announced politely to screen readers. As tall as
 * the sign-in card that usually replaces it, so the footer below does not jump (layout shift).
 */
export function PageStatus({ children, pulse = false }: { children: string; pulse?: boolean }) {
  return (
    <div role="status" className="flex min-h-[80vh] items-center justify-center px-4">
      <p className={cn("text-lg font-medium text-slate-600", pulse && "animate-pulse")}>{children}</p>
    </div>
  );
}
