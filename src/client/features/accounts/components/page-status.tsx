import { cn } from "../../../lib/utils";

/** A full-height status line ('Loading...', 'Redirecting...') announced politely to screen readers. */
export function PageStatus({ children, pulse = false }: { children: string; pulse?: boolean }) {
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center px-4">
      <p className={cn("text-lg font-medium text-slate-600", pulse && "animate-pulse")}>{children}</p>
    </div>
  );
}
