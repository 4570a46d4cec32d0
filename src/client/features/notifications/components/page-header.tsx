import { ArrowLeft } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { homePathFor, type SessionUser } from "../../../../shared/session";

/** Where "Back to dashboard" leads for this user. */
export function dashboardPathFor(user: SessionUser): string {
  return homePathFor(user);
}

/** Shared heading block of the two notification screens. */
export function NotificationsPageHeader({
  user,
  eyebrow,
  title,
  description,
  actions,
}: {
  user: SessionUser;
  eyebrow: string;
  title: string;
  description: string;
  actions?: React.ReactNode;
}) {
  return (
    <header className="grid gap-4">
      <Link
        to={dashboardPathFor(user)}
        className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to dashboard
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="text-slate-600">{description}</p>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
