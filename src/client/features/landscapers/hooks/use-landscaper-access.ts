import { homePathFor, type SessionUser } from "../../../../shared/session";
import { useSession } from "../../accounts/api/session";
import { useTimedOut } from "./use-timed-out";

/** Spec 01 §4 and 02 §9: the account must load within 3 seconds, or the screen says so. */
export const ACCOUNT_LOAD_TIMEOUT_MS = 3000;

export type LandscaperAccess =
  | { state: "loading" }
  | { state: "timed-out" }
  | { state: "redirect"; to: string }
  | { state: "ready"; user: SessionUser; preview: boolean };

/**
 * Who may open a landscaper screen. Visitors go to the landscaper login, customers to their portal, admins
 * to /admin; master users may preview the dashboard (`allowPreview`) with bookings hidden and no actions.
 */
export function useLandscaperAccess({ allowPreview }: { allowPreview: boolean }): LandscaperAccess {
  const { user, isPending, isError } = useSession();
  const timedOut = useTimedOut(isPending, ACCOUNT_LOAD_TIMEOUT_MS);
  if (isError || (isPending && timedOut)) return { state: "timed-out" };
  if (isPending) return { state: "loading" };
  if (!user) return { state: "redirect", to: "/login/landscaper" };
  if (user.role === "landscaper") return { state: "ready", user, preview: false };
  if (user.isMaster && allowPreview) return { state: "ready", user, preview: true };
  return { state: "redirect", to: homePathFor(user) };
}
