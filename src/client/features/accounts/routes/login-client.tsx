import { LogIn } from "lucide-react";
import { pageMeta } from "../../../lib/meta";
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
      signUp={{ prompt: "Don't have an account?", to: "/register/client", label: "Sign up" }}
    />
  );
}
