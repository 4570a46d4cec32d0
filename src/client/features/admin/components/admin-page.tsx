import {
  BarChart3,
  BriefcaseBusiness,
  ClipboardCheck,
  CreditCard,
  HeartPulse,
  LayoutDashboard,
  type LucideIcon,
  MailWarning,
  Scale,
  ScrollText,
  Tags,
  UserSearch,
  Users,
} from "lucide-react";
import type * as React from "react";
import { useEffect, useRef } from "react";
import { NavLink } from "react-router";
import { container, focusRing } from "../../../lib/styles";
import { cn } from "../../../lib/utils";

const sections: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/landscaper-approvals", label: "Applications", icon: ClipboardCheck },
  { to: "/admin/users", label: "Users", icon: Users },
  { to: "/admin/jobs", label: "Job History", icon: BriefcaseBusiness },
  { to: "/admin/needs-a-pro", label: "Needs a Pro", icon: UserSearch },
  { to: "/admin/payments", label: "Payments", icon: CreditCard },
  { to: "/admin/pricing", label: "Pricing", icon: Tags },
  { to: "/admin/resolutions", label: "Resolutions", icon: Scale },
  { to: "/admin/analytics", label: "Analytics", icon: BarChart3 },
  { to: "/admin/health", label: "Health", icon: HeartPulse },
  { to: "/admin/deliveries", label: "Deliveries", icon: MailWarning },
  { to: "/admin/audit", label: "Audit", icon: ScrollText },
];

/**
 * The admin area's own navigation: a row of tabs, and on a phone a grid of them, three across (a sideways scroller
 * hid half the sections behind the screen's edge with nothing to say they were there).
 */
function AdminNav() {
  const navRef = useRef<HTMLElement>(null);
  // On a phone the current section may sit off screen to the right: bring it into view.
  useEffect(() => {
    navRef.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, []);
  return (
    <nav ref={navRef} aria-label="Admin">
      <ul className="grid grid-cols-3 gap-1 border-b border-slate-200 sm:flex sm:flex-wrap">
        {sections.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  "-mb-px flex h-full flex-col items-center gap-1 rounded-t-md border-b-2 px-1 py-2 text-xs font-medium whitespace-nowrap transition-colors sm:flex-row sm:gap-2 sm:px-3 sm:py-2.5 sm:text-sm",
                  isActive
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                  focusRing,
                )
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Every admin screen: the guard, the page's one h1 with its lead and actions, the admin navigation, then
 * the content.
 */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="bg-slate-50/70">
      <div className={cn(container, "py-8 sm:py-10")}>
        <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
              {title}
            </h1>
            {description ? <p className="mt-2 max-w-2xl text-slate-600">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2 sm:justify-end">{actions}</div> : null}
        </header>
        <div className="mt-6">
          <AdminNav />
        </div>
        <div className="mt-6 grid gap-6 sm:mt-8">{children}</div>
      </div>
    </div>
  );
}
