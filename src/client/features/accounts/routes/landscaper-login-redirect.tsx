import { Navigate, useLocation } from "react-router";

export function meta() {
  return [{ title: "Landscaper Login | GreenScape Charlotte" }];
}

/** The old landscaper login address (the forgot-password form still links here). */
export default function LandscaperLoginRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: "/login/landscaper", search, hash }} replace />;
}
