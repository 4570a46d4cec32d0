import { ArrowLeft, type LucideIcon } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { LoginPortal } from "../../../../shared/account-texts";
import { useSession } from "../../../lib/session";
import { postSignInPath } from "../lib/redirect-target";
import { AuthShell, authLinkClass } from "./auth-shell";
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
  /** The line under the form that points a newcomer to sign-up; staff logins have none. */
  signUp?: { prompt: string; to: string; label: string };
}

/**
 * A login page: the sign-in form at once (first paint does not wait for the session request), with
 * 'Loading...' said above it while the session resolves; straight on to the user's page when already signed in.
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
  signUp,
}: LoginScreenProps) {
  const { user, isPending } = useSession();
  const location = useLocation();
  const navigate = useNavigate();

  // A signed-in visitor is sent on; the card stays up saying so while the next page's code loads (a
  // <Navigate> drew nothing in that time: an empty page on a slow phone).
  const onwards = user ? destination(user, location.search) : null;
  useEffect(() => {
    if (onwards) void navigate(onwards, { replace: true });
  }, [onwards, navigate]);

  return (
    <AuthShell
      title={title}
      description={description}
      icon={icon}
      eyebrow={eyebrow}
      footer={<LoginFooter signUp={signUp} />}
    >
      {/* Reserved height: the line clears without moving the form (no layout shift). */}
      <p role="status" className="-mt-2 mb-2 h-5 text-center text-sm text-slate-500">
        {onwards ? "You are signed in. Opening your page..." : isPending ? "Loading..." : ""}
      </p>
      {onwards ? null : (
        <SignInForm
          portal={portal}
          forgotPasswordTo={forgotPasswordTo}
          describeError={describeError}
          onSignedIn={(signedIn) => {
            // A signed-in user is now in the session query, and the effect above sends them on.
            if (!signedIn) void navigate("/", { replace: true });
          }}
        />
      )}
    </AuthShell>
  );
}

function LoginFooter({ signUp }: { signUp: LoginScreenProps["signUp"] }) {
  return (
    <>
      {signUp ? (
        <p>
          {signUp.prompt}{" "}
          <Link to={signUp.to} className={authLinkClass}>
            {signUp.label}
          </Link>
        </p>
      ) : null}
      <Link to="/" className={`${authLinkClass} inline-flex items-center gap-1.5 font-medium`}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Home
      </Link>
    </>
  );
}
