import { Trees } from "lucide-react";
import { pageMeta } from "../../../lib/meta";
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
      signUp={{ prompt: "New to GreenScape?", to: "/register/landscaper", label: "Apply as a landscaper" }}
    />
  );
}
