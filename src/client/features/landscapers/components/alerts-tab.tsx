import { ArrowRight, BellRing, History, type LucideIcon } from "lucide-react";
import { Link } from "react-router";

const links: { to: string; title: string; text: string; icon: LucideIcon }[] = [
  {
    to: "/dashboard/settings/notifications",
    title: "Notification Settings",
    text: "Choose push, SMS and email alerts for new jobs and updates.",
    icon: BellRing,
  },
  {
    to: "/dashboard/notifications",
    title: "Notification History",
    text: "Every alert we've sent you, with search and filters.",
    icon: History,
  },
];

/** The alerts tab: the two notification screens. */
export function AlertsTab() {
  return (
    <div className="grid gap-4">
      <h2 className="sr-only">Alerts</h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {links.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="grid flex-1 gap-1">
                <span className="font-semibold text-slate-900">{title}</span>
                <span className="text-sm text-slate-600">{text}</span>
              </span>
              <ArrowRight
                className="mt-1 size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
