import { UserRoundPlus } from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";
import { pageMeta } from "../../../lib/meta";
import { AuthShell, authLinkClass } from "../components/auth-shell";
import { SignUpForm } from "../components/sign-up-form";
import { signUpRoleOf } from "../lib/variants";

export function meta() {
  return pageMeta(
    "Sign Up",
    "Create a GreenScape Charlotte account to book lawn and garden work, or to take jobs as a landscaper.",
  );
}

export default function SignUpPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const defaultRole = signUpRoleOf(pathname);

  return (
    <AuthShell
      title="Create Your Account"
      description="Book trusted Charlotte lawn and garden pros, or join them as a landscaper."
      icon={UserRoundPlus}
      footer={
        <p>
          Already have an account?{" "}
          <Link to="/login/client" className={authLinkClass}>
            Sign In
          </Link>
        </p>
      }
    >
      {/* A new form per path, so the header's Client/Landscaper Sign Up links reset the chosen role. */}
      <SignUpForm
        key={defaultRole}
        defaultRole={defaultRole}
        onSignedUp={(role) => {
          void navigate(role === "customer" ? "/onboarding/client" : "/onboarding/landscaper", {
            replace: true,
          });
        }}
      />
    </AuthShell>
  );
}
