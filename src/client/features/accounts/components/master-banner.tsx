import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import type { SessionUser } from "../../../../shared/session";
import { cn } from "../../../lib/utils";

/**
 * Spec 02 "Master tools": the strip above the header for master users (decided by the server's
 * isMaster flag, never by the browser). Renders nothing for anyone else.
 */
export function MasterBanner({ user, className }: { user: SessionUser | null; className?: string }) {
  if (!user?.isMaster) return null;
  return (
    <section aria-label="Master mode" className={cn("bg-slate-900 text-white", className)}>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 py-2 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="flex items-center gap-2 text-xs font-bold tracking-wide text-amber-300 sm:text-sm">
          <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
          MASTER MODE ENABLED — Admin Tools Activated
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to="/admin/jobs"
            className="inline-flex h-8 items-center rounded-md bg-amber-300 px-3 text-xs font-semibold text-slate-900 transition-colors hover:bg-amber-200 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900 focus-visible:outline-none"
          >
            View All Jobs
          </Link>
          <button
            type="button"
            disabled
            className="inline-flex h-8 cursor-not-allowed items-center rounded-md border border-slate-600 px-3 text-xs font-semibold text-slate-300"
          >
            Impersonate User (coming soon)
          </button>
        </div>
      </div>
    </section>
  );
}
