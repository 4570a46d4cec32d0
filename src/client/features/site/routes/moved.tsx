import { Navigate, useLocation } from "react-router";
import type { Route } from "./+types/moved";

/**
 * Addresses that now live elsewhere: the spec's older paths and aliases. Each forwards, keeping the query and
 * the fragment (the forgot-password form links to /landscaper-login), and leaves no entry of its own in history.
 */
const moved: Record<string, { to: string; title: string }> = {
  "/about-us": { to: "/about", title: "About Us" },
  "/terms": { to: "/terms-of-service", title: "Terms of Service" },
  "/landscaper-login": { to: "/login/landscaper", title: "Landscaper Login" },
  // Spec 02 §2 left /admin-dashboard's content open; it is the same dashboard as /admin.
  "/admin-dashboard": { to: "/admin", title: "Admin Dashboard" },
};

function target(pathname: string) {
  return moved[pathname.replace(/\/+$/, "")] ?? { to: "/", title: "Redirecting" };
}

export function meta({ location }: Route.MetaArgs) {
  return [
    { title: `${target(location.pathname).title} | GreenScape Charlotte` },
    { name: "robots", content: "noindex" },
  ];
}

export default function Moved() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={{ pathname: target(pathname).to, search, hash }} replace />;
}
