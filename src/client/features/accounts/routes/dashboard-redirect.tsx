import { Navigate } from "react-router";
import { homePathFor } from "../../../../shared/session";
import { PageStatus } from "../../../components/page-status";
import { useSession } from "../../../lib/session";

export function meta() {
  return [{ title: "Redirecting | GreenScape Charlotte" }];
}

/**
 * /dashboard sends each user to their own page (admins and master users to /admin). The spec's
 * version sent non-admins to /dashboard itself, an endless loop; homePathFor fixes that.
 */
export default function DashboardRedirect() {
  const { user, isPending, isError } = useSession();
  if (isPending) return <PageStatus pulse>Redirecting...</PageStatus>;
  if (isError || !user) return <Navigate to="/" replace />;
  return <Navigate to={homePathFor(user)} replace />;
}
