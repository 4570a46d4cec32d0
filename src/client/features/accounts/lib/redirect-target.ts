import { homePathFor, type SessionUser } from "../../../../shared/session";

const probe = "http://same-site.invalid";

/**
 * A ?redirect= value we may follow: a path on this site only. Anything that could leave the site
 * ("//evil.test", "/\\evil.test", "https://...", tabs the URL parser strips) is refused, and so are the
 * login pages themselves, which would only bounce the user back.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(value, probe);
  } catch {
    return null;
  }
  if (url.origin !== probe) return null;
  if (url.pathname === "/login" || url.pathname.startsWith("/login/") || url.pathname === "/landscaper-login")
    return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a user goes once signed in: the spec rewrites a request for /customer-dashboard to the customer
 * portal; any other same-site ?redirect= is honoured; otherwise the role's home.
 */
export function postSignInPath(
  user: Pick<SessionUser, "role" | "isAdmin" | "isMaster">,
  search: string | URLSearchParams,
): string {
  const requested = new URLSearchParams(search).get("redirect");
  if (requested === "/customer-dashboard") return "/dashboard/customer-portal";
  return safeRedirectPath(requested) ?? homePathFor(user);
}
