import { ArrowLeft, LogIn } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "../../../lib/meta";
import { authLinkClass } from "../components/auth-shell";
import { LoginScreen } from "../components/login-screen";

export function meta() {
  return pageMeta(
    "Client Login",
    "Sign in to GreenScape Charlotte to book lawn and garden services and follow your requests.",
  );
}

export default function LoginClientPage() {
  return (
    <LoginScreen
      portal="client"
      title="Client Login"
      description="Sign in to book services and follow your project requests."
      icon={LogIn}
      forgotPasswordTo="/forgot-password/client"
      footer={
        <>
          <p>
            Don't have an account?{" "}
            <Link to="/register/client" className={authLinkClass}>
              Sign up
            </Link>
          </p>
          <Link to="/" className={`${authLinkClass} inline-flex items-center gap-1.5 font-medium`}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
        </>
      }
    />
  );
}
