import { ShieldAlert } from "lucide-react";
import type * as React from "react";
import { Link, useLocation } from "react-router";
import { adminMessages } from "../../../../shared/admin";
import { Button } from "../../../components/ui/button";
import { useSession } from "../../accounts/api/session";

/**
 * The admin area's guard: a verifying state while the session loads, then the screen for admins (and
 * master users, whom the server counts as admins) or the 403 content for everyone else, visitors included.
 * It only decides what to show; every admin API call is checked again by the server.
 */
export function AdminGuard({ children }: { children: React.ReactNode }) {
  const { user, isPending } = useSession();
  if (isPending) {
    return (
      <div role="status" className="flex min-h-[60vh] items-center justify-center px-4">
        <p className="animate-pulse text-lg font-medium text-slate-600">Verifying access...</p>
      </div>
    );
  }
  if (!user?.isAdmin) return <AdminAccessDenied signedIn={Boolean(user)} />;
  return <>{children}</>;
}

function AdminAccessDenied({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  // A visitor who signs in as an admin comes back to the screen they asked for.
  const loginHref = signedIn
    ? "/login/admin"
    : `/login/admin?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  return (
    <div className="flex items-center justify-center px-4 py-20 sm:py-28">
      <div className="flex max-w-lg flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-red-50 text-red-700 ring-8 ring-red-50/60">
          <ShieldAlert className="size-8" aria-hidden="true" />
        </span>
        <p className="mt-6 text-sm font-semibold tracking-wide text-red-700 uppercase">Error 403</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Access Denied</h1>
        <p className="mt-4 text-lg text-slate-600">{adminMessages.forbidden}</p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to={loginHref}>Admin Login</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
