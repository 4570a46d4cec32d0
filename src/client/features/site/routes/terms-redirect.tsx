import { Navigate, redirect } from "react-router";

/** /terms is a legacy path: send it to /terms-of-service without keeping /terms in history. */
export function clientLoader() {
  return redirect("/terms-of-service");
}

export function meta() {
  return [{ title: "Terms of Service | GreenScape Charlotte" }];
}

/** Fallback if the loader's redirect did not apply (it always should). */
export default function TermsRedirect() {
  return <Navigate to="/terms-of-service" replace />;
}
