import { CloudAlert } from "lucide-react";
import type * as React from "react";
import { Navigate, useLocation } from "react-router";
import type { SessionUser } from "../../../../shared/session";
import { Button } from "../../../components/ui/button";
import { useSession } from "../../accounts/api/session";
import { PageStatus } from "../../accounts/components/page-status";

/**
 * The notification screens are for signed-in users only (they act on the user's own records): visitors go
 * to the client login and come back here afterwards.
 */
export function SignedInGate({
  loadingText,
  children,
}: {
  loadingText: string;
  children: (user: SessionUser) => React.ReactNode;
}) {
  const { user, isPending, isError } = useSession();
  const location = useLocation();
  if (isPending) return <PageStatus>{loadingText}</PageStatus>;
  if (isError) {
    return (
      <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-5 px-4 py-16 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <CloudAlert className="size-6" aria-hidden="true" />
        </span>
        <p role="alert" className="text-lg font-medium text-pretty text-slate-800">
          We're having trouble loading your account. Please try refreshing or logging in again.
        </p>
        <Button type="button" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      </div>
    );
  }
  if (!user) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/login/client?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <>{children(user)}</>;
}
