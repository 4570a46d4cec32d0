import { Navigate } from "react-router";

export function meta() {
  return [{ title: "Admin Dashboard | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

/** Spec 02 §2 left /admin-dashboard's content open; it is the same dashboard, so it forwards to /admin. */
export default function AdminDashboardRedirect() {
  return <Navigate to="/admin" replace />;
}
