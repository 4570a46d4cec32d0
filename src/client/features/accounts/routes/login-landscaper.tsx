import { ArrowLeft, Trees } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "../../../lib/meta";
import { authLinkClass } from "../components/auth-shell";
import { LoginScreen } from "../components/login-screen";

export function meta() {
  return pageMeta(
    "Landscaper Login",
    "Landscapers sign in to GreenScape Charlotte to see new jobs in their service area and manage their work.",
  );
}

export default function LoginLandscaperPage() {
  return (
    <LoginScreen
      portal="landscaper"
      title="Landscaper Login"
      description="Sign in to see your job queue, application status and alerts."
      icon={Trees}
      forgotPasswordTo="/forgot-password/landscaper"
      footer={
        <>
          <p>
            New to GreenScape?{" "}
            <Link to="/register/landscaper" className={authLinkClass}>
              Apply as a landscaper
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
