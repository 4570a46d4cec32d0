import { Trees, UserRound } from "lucide-react";
import { Link, useLocation } from "react-router";
import type { SessionUser } from "../../../../shared/session";
import { cn } from "../../../lib/utils";

const views = [
  { label: "Landscaper View", to: "/landscaper-dashboard", icon: Trees },
  { label: "Customer View", to: "/dashboard/customer", icon: UserRound },
] as const;

/** Lets master users preview both dashboards. Renders nothing unless the server says isMaster. */
export function MasterSwitcher({ user, className }: { user: SessionUser | null; className?: string }) {
  const { pathname } = useLocation();
  if (!user?.isMaster) return null;
  return (
    <nav aria-label="Master view switcher" className={cn("flex flex-wrap items-center gap-2", className)}>
      {views.map(({ label, to, icon: Icon }) => {
        const current = pathname === to;
        return (
          <Link
            key={to}
            to={to}
            aria-current={current ? "page" : undefined}
            className={cn(
              "inline-flex h-9 items-center gap-1.5 rounded-md border px-3 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none",
              current
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-slate-300 bg-white text-slate-800 hover:bg-brand-50 hover:text-brand-900",
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
