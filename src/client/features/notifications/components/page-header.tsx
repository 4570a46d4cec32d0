import { ArrowLeft, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { homePathFor, type SessionUser } from "../../../../shared/session";
import { ButtonLink } from "../../../components/ui/button-link";

/**
 * Shared heading block of the two notification screens: back to the person's dashboard, the title, and a
 * button to the other screen.
 */
export function NotificationsPageHeader({
  user,
  title,
  description,
  otherScreen,
}: {
  user: SessionUser;
  title: string;
  description: string;
  otherScreen: { to: string; label: string; icon: LucideIcon };
}) {
  return (
    <header className="grid gap-4">
      <Link
        to={homePathFor(user)}
        className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to dashboard
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Notifications</p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="text-slate-600">{description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={otherScreen.to} variant="outline" icon={otherScreen.icon}>
            {otherScreen.label}
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}
