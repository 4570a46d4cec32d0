import { useLocation } from "react-router";
import type { SessionUser } from "../../../../shared/session";
import { useSession } from "../../accounts/api/session";
import { useTimedOut } from "./use-timed-out";

/** The spec's limit before the customer screens admit they cannot load the account. */
export const SESSION_TIMEOUT_MS = 3000;

export type CustomerAccess =
  | { state: "loading" }
  | { state: "trouble" }
  | { state: "redirect"; to: string }
  | { state: "allowed"; user: SessionUser };

/** Where a signed-in user who is not a customer goes instead (spec 01 section 4), or null to stay. */
export function redirectForRole(user: Pick<SessionUser, "role" | "isAdmin" | "isMaster">): string | null {
  if (user.isMaster) return null;
  if (user.role === "landscaper") return "/landscaper-dashboard";
  if (user.isAdmin) return "/admin";
  if (user.role === "customer") return null;
  return "/";
}

/**
 * Who may see the customer dashboard and portal: customers, and master users as a preview with bookings
 * hidden. Visitors go to the client login (and come back here after signing in).
 */
export function useCustomerAccess(): CustomerAccess {
  const { user, isPending, isError } = useSession();
  const location = useLocation();
  const slow = useTimedOut(isPending, SESSION_TIMEOUT_MS);

  if (isError || (isPending && slow)) return { state: "trouble" };
  if (isPending) return { state: "loading" };
  if (!user) {
    const back = `${location.pathname}${location.search}`;
    return { state: "redirect", to: `/login/client?redirect=${encodeURIComponent(back)}` };
  }
  const elsewhere = redirectForRole(user);
  if (elsewhere) return { state: "redirect", to: elsewhere };
  return { state: "allowed", user };
}
