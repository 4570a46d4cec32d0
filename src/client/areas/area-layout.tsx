import { Navigate, Outlet, useLoaderData, useLocation, useOutletContext } from "react-router";
import type { SessionUser } from "../../shared/session";
import { AccessDenied } from "../components/access-denied";
import { PageStatus } from "../components/page-status";
import { TroubleLoading } from "../components/trouble-loading";
import { useSession } from "../lib/session";
import { type Area, decideAccess } from "./access";
import type { AreaLoaderData } from "./load-area";

export interface AreaContext {
  user: SessionUser;
  /** a master user looking at another role's screens: bookings hidden, no actions. */
  preview: boolean;
}

const troubleLogin: Record<Area, "/login/client" | "/login/landscaper"> = {
  "signed-in": "/login/client",
  customer: "/login/client",
  "customer-onboarding": "/login/client",
  landscaper: "/login/landscaper",
  "landscaper-onboarding": "/login/landscaper",
  admin: "/login/client",
};

/**
 * The element of every guarded layout route. The loader has already redirected whoever may not be here;
 * this re-applies the same decision to the live session, so signing out in another tab or an expired
 * session takes the screen away too.
 */
export function AreaLayout({ area }: { area: Area }) {
  const { trouble } = useLoaderData<AreaLoaderData>();
  const { user, isPending, isError } = useSession();
  const location = useLocation();
  if (isError || (isPending && trouble)) return <TroubleLoading loginPath={troubleLogin[area]} />;
  if (isPending) return <AreaPending area={area} />;
  const decision = decideAccess(area, user, `${location.pathname}${location.search}`);
  switch (decision.kind) {
    case "redirect":
      return <Navigate to={decision.to} replace />;
    case "forbidden":
      return (
        <AccessDenied comeBack={decision.signedIn ? undefined : `${location.pathname}${location.search}`} />
      );
    case "allow":
      return <Outlet context={{ user: decision.user, preview: decision.preview } satisfies AreaContext} />;
  }
}

/** What an area shows while the account loads (the layout routes' HydrateFallback too). */
export function AreaPending({ area }: { area: Area }) {
  return area === "admin" ? (
    <PageStatus pulse>Verifying access...</PageStatus>
  ) : (
    <PageStatus>Loading...</PageStatus>
  );
}

/** The signed-in user (and preview flag) of the area a screen sits in. */
export function useAreaUser(): AreaContext {
  return useOutletContext<AreaContext>();
}
