import { LogIn, Trees } from "lucide-react";
import { useLocation } from "react-router";
import { pageMeta } from "../../../lib/meta";
import { LoginScreen } from "../components/login-screen";
import type { Route } from "./+types/login";

/** The two public sign-in pages, one per portal: the same screen with its own words and links. */
const screens = {
  client: {
    title: "Client Login",
    summary: "Sign in to GreenScape Charlotte to book lawn and garden services and follow your requests.",
    description: "Sign in to book services and follow your project requests.",
    icon: LogIn,
    signUp: { prompt: "Don't have an account?", to: "/register/client", label: "Sign up" },
  },
  landscaper: {
    title: "Landscaper Login",
    summary:
      "Landscapers sign in to GreenScape Charlotte to see new jobs in their service area and manage their work.",
    description: "Sign in to see your job queue, application status and alerts.",
    icon: Trees,
    signUp: { prompt: "New to GreenScape?", to: "/register/landscaper", label: "Apply as a landscaper" },
  },
} as const;

function portalOf(pathname: string): keyof typeof screens {
  return pathname.startsWith("/login/landscaper") ? "landscaper" : "client";
}

export function meta({ location }: Route.MetaArgs) {
  const screen = screens[portalOf(location.pathname)];
  return pageMeta(screen.title, screen.summary);
}

export default function LoginPage() {
  const portal = portalOf(useLocation().pathname);
  const screen = screens[portal];
  return (
    <LoginScreen
      key={portal}
      portal={portal}
      title={screen.title}
      description={screen.description}
      icon={screen.icon}
      forgotPasswordTo={`/forgot-password/${portal}`}
      signUp={screen.signUp}
    />
  );
}
