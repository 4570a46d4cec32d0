import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import type { LoginPortal } from "../../../../shared/accounts";
import { PageStatus } from "../../../components/page-status";
import { useSession } from "../../../lib/session";
import { postSignInPath } from "../lib/redirect-target";
import { AuthShell } from "./auth-shell";
import { SignInForm } from "./sign-in-form";

interface LoginScreenProps {
  portal: LoginPortal;
  title: string;
  description: string;
  icon: LucideIcon;
  eyebrow?: string;
  forgotPasswordTo?: string;
  describeError?: (error: unknown) => string | null;
  /** Where a successful sign-in goes; defaults to the ?redirect= path or the role's home. */
  destination?: (user: Parameters<typeof postSignInPath>[0], search: string) => string;
  footer?: React.ReactNode;
}

/**
 * A login page: 'Loading...' while the session resolves, straight on to the user's page when already
 * signed in (rendering nothing meanwhile), the sign-in form otherwise.
 */
export function LoginScreen({
  portal,
  title,
  description,
  icon,
  eyebrow,
  forgotPasswordTo,
  describeError,
  destination = postSignInPath,
  footer,
}: LoginScreenProps) {
  const { user, isPending } = useSession();
  const location = useLocation();
  const navigate = useNavigate();

  if (isPending) return <PageStatus>Loading...</PageStatus>;
  if (user) return <Navigate to={destination(user, location.search)} replace />;

  return (
    <AuthShell title={title} description={description} icon={icon} eyebrow={eyebrow} footer={footer}>
      <SignInForm
        portal={portal}
        forgotPasswordTo={forgotPasswordTo}
        describeError={describeError}
        onSignedIn={(signedIn) => {
          void navigate(signedIn ? destination(signedIn, location.search) : "/", { replace: true });
        }}
      />
    </AuthShell>
  );
}
