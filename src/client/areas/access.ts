import { homePathFor, type SessionUser } from "../../shared/session";

/** Spec 01 §4 and 02 §9: the account must load within 3 seconds, or the screen says so. */
export const ACCOUNT_LOAD_TIMEOUT_MS = 3000;

/**
 * The guarded areas of the route table (src/client/routes.ts). The public area has no guard; each of these
 * is a layout route whose loader applies `decideAccess`.
 */
export type Area =
  | "signed-in"
  | "customer"
  | "customer-onboarding"
  | "landscaper"
  | "landscaper-onboarding"
  | "admin";

export type AccessDecision =
  | { kind: "allow"; user: SessionUser; preview: boolean }
  | { kind: "redirect"; to: string }
  | { kind: "forbidden"; signedIn: boolean };

type SignedIn = Pick<SessionUser, "role" | "isAdmin" | "isMaster">;

/** Where a signed-in user who is not a customer goes from the customer screens (spec 01 §4). */
function customerElsewhere(user: SignedIn): string | null {
  if (user.isMaster) return null;
  if (user.role === "landscaper") return "/landscaper-dashboard";
  if (user.isAdmin) return "/admin";
  if (user.role === "customer") return null;
  return "/";
}

const visitorLogin: Record<Area, ((back: string) => string) | null> = {
  // Customers and signed-in screens send a visitor back where they were after signing in.
  "signed-in": (back) => `/login/client?redirect=${encodeURIComponent(back)}`,
  customer: (back) => `/login/client?redirect=${encodeURIComponent(back)}`,
  "customer-onboarding": (back) => `/login/client?redirect=${encodeURIComponent(back)}`,
  landscaper: () => "/login/landscaper",
  "landscaper-onboarding": () => "/login/landscaper",
  // The admin area shows its 403 content in place, with a login link that comes back.
  admin: null,
};

/**
 * The one place that says who may open which screen. `back` is the path and query the visitor asked for.
 * Every API call is checked again by the server: this only decides what to show.
 */
export function decideAccess(area: Area, user: SessionUser | null, back: string): AccessDecision {
  if (!user) {
    const login = visitorLogin[area];
    return login ? { kind: "redirect", to: login(back) } : { kind: "forbidden", signedIn: false };
  }
  const allow = (preview = false): AccessDecision => ({ kind: "allow", user, preview });
  switch (area) {
    case "signed-in":
      return allow();
    case "customer": {
      // Master users preview the customer screens with bookings hidden.
      const elsewhere = customerElsewhere(user);
      return elsewhere ? { kind: "redirect", to: elsewhere } : allow(user.role !== "customer");
    }
    case "customer-onboarding":
      return user.role === "customer" ? allow() : { kind: "redirect", to: homePathFor(user) };
    case "landscaper":
      if (user.role === "landscaper") return allow();
      // Master users preview the landscaper screens read-only.
      return user.isMaster ? allow(true) : { kind: "redirect", to: homePathFor(user) };
    case "landscaper-onboarding":
      return user.role === "landscaper" ? allow() : { kind: "redirect", to: homePathFor(user) };
    case "admin":
      return user.isAdmin ? allow() : { kind: "forbidden", signedIn: true };
  }
}
