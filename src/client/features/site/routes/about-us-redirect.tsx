import { Navigate, redirect } from "react-router";

/** /about-us is a legacy path: send it to /about without keeping /about-us in history. */
export function clientLoader() {
  return redirect("/about");
}

export function meta() {
  return [{ title: "About Us | GreenScape Charlotte" }];
}

/** Fallback if the loader's redirect did not apply (it always should). */
export default function AboutUsRedirect() {
  return <Navigate to="/about" replace />;
}
