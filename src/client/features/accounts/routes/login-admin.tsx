import { ShieldCheck } from "lucide-react";
import { messages } from "../../../../shared/account-texts";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { LoginScreen } from "../components/login-screen";

export function meta() {
  return [{ title: "Admin Login | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

/** Spec 02 section 8: non-admins are told inline; other refusals get the 'Login Failed' toast. */
function adminSignInError(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.code === "admin_access_required") return messages.adminAccessDenied;
    toast({ title: "Login Failed", description: error.message, variant: "destructive" });
    return null;
  }
  return "Login Error: An unexpected error occurred";
}

export default function LoginAdminPage() {
  return (
    <LoginScreen
      portal="admin"
      title="Admin Login"
      eyebrow="GreenScape Staff"
      description="Sign in with your administrator account."
      icon={ShieldCheck}
      describeError={adminSignInError}
    />
  );
}
