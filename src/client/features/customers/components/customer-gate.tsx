import type * as React from "react";
import { Navigate } from "react-router";
import type { SessionUser } from "../../../../shared/session";
import { TroubleLoading } from "../../../components/trouble-loading";
import { PageStatus } from "../../accounts/components/page-status";
import { useCustomerAccess } from "../hooks/use-customer-access";

/** Renders its children only for users allowed on the customer screens; the others are sent on. */
export function CustomerGate({ children }: { children: (user: SessionUser) => React.ReactNode }) {
  const access = useCustomerAccess();
  switch (access.state) {
    case "loading":
      return <PageStatus>Loading...</PageStatus>;
    case "trouble":
      return <TroubleLoading loginPath="/login/client" />;
    case "redirect":
      return <Navigate to={access.to} replace />;
    case "allowed":
      return <>{children(access.user)}</>;
  }
}
