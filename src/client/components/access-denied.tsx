import { ShieldAlert } from "lucide-react";
import { adminMessages } from "../../shared/admin";
import { ActionButtons } from "./empty-state";
import { ButtonLink } from "./ui/button-link";

/**
 * The 403 content: at /403, and in place of an admin screen for anyone who is not an admin. `comeBack` is
 * where a visitor who signs in as an admin returns to.
 */
export function AccessDenied({ comeBack }: { comeBack?: string }) {
  const loginHref = comeBack ? `/login/admin?redirect=${encodeURIComponent(comeBack)}` : "/login/admin";
  return (
    <div className="flex items-center justify-center px-4 py-20 sm:py-28">
      <div className="flex max-w-lg flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-red-50 text-red-700 ring-8 ring-red-50/60">
          <ShieldAlert className="size-8" aria-hidden="true" />
        </span>
        <p className="mt-6 text-sm font-semibold tracking-wide text-red-700 uppercase">Error 403</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Access Denied</h1>
        <p className="mt-4 text-lg text-slate-600">{adminMessages.forbidden}</p>
        <ActionButtons className="mt-8">
          <ButtonLink to={loginHref} size="lg">
            Admin Login
          </ButtonLink>
          <ButtonLink to="/" size="lg" variant="outline">
            Back to Home
          </ButtonLink>
        </ActionButtons>
      </div>
    </div>
  );
}
