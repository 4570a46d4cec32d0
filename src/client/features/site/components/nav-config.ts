import { withoutTrailingSlashes } from "../../../../shared/paths";
import type { SessionUser } from "../../../../shared/session";

export interface NavItem {
  label: string;
  to: string;
}

/** Main navigation, in display order. "Services" opens /services (the spec pointed it at the terms page). */
export const mainNav: NavItem[] = [
  { label: "Home", to: "/" },
  { label: "Services", to: "/services" },
  { label: "About Us", to: "/about" },
  { label: "Contact", to: "/#contact" },
  { label: "Find Professionals", to: "/professionals" },
  { label: "Help", to: "/troubleshooting" },
];

export const adminNavItem: NavItem = { label: "Admin Dashboard", to: "/admin" };

/**
 * The header's links for whoever is signed in. Visitors and customers get the site's (the spec's list);
 * landscapers and admins come to work, so theirs lead to their dashboard and to help instead of the
 * marketing pages (issue 33, item 13; docs/spec-deviations.md). Master users preview everything and keep all.
 */
export function navFor(user: SessionUser | null): NavItem[] {
  if (!user) return mainNav;
  if (user.isMaster) return [...mainNav, adminNavItem];
  const help = mainNav.find((item) => item.to === "/troubleshooting")!;
  const home = mainNav[0]!;
  switch (accountKindOf(user)) {
    case "admin":
      return [home, adminNavItem, help];
    case "landscaper":
      return [home, { label: "My Dashboard", to: "/landscaper-dashboard" }, help];
    default:
      return showsAdminLink(user) ? [...mainNav, adminNavItem] : mainNav;
  }
}

export const signInMenu: NavItem[] = [
  { label: "Client Login", to: "/login/client" },
  { label: "Landscaper Login", to: "/login/landscaper" },
];

export const signUpMenu: NavItem[] = [
  { label: "Client Sign Up", to: "/register/client" },
  { label: "Landscaper Sign Up", to: "/register/landscaper" },
];

export type AccountKind = "customer" | "landscaper" | "admin";

export function accountKindOf(user: SessionUser): AccountKind {
  if (user.isAdmin || user.isMaster || user.role === "admin") return "admin";
  if (user.role === "landscaper") return "landscaper";
  return "customer";
}

export interface AccountMenu {
  /** The menu's name, read by screen readers before the user's first name on the trigger. */
  title: string;
  items: NavItem[];
}

/** The signed-in user's menu; a Logout entry is always added after these items. */
export function accountMenuFor(user: SessionUser): AccountMenu {
  switch (accountKindOf(user)) {
    case "admin":
      return { title: "Admin Account", items: [{ label: "Admin Dashboard", to: "/admin" }] };
    case "landscaper":
      return {
        title: "Landscaper Account",
        items: [
          { label: "View Dashboard", to: "/landscaper-dashboard" },
          { label: "My Profile", to: "/landscaper-dashboard?tab=profile" },
        ],
      };
    default:
      return {
        title: "My Account",
        items: [
          { label: "View My Jobs", to: "/customer-dashboard" },
          { label: "Edit My Profile", to: "/customer-dashboard?tab=profile" },
          // Customers have no bell: without this their alerts and preferences were reachable by URL only.
          { label: "Notifications", to: "/dashboard/notifications" },
        ],
      };
  }
}

/** Admins, landscapers and master users get the notifications bell. */
export function showsBell(user: SessionUser): boolean {
  return user.isAdmin || user.isMaster || user.role === "admin" || user.role === "landscaper";
}

export function showsAdminLink(user: SessionUser | null): boolean {
  return Boolean(user && (user.isAdmin || user.isMaster));
}

/** Whether a nav item is the current page; "/" and "/#contact" share a path, so the hash decides. */
export function isCurrent(item: NavItem, pathname: string, hash: string): boolean {
  const [path, itemHash] = item.to.split("#");
  const cleanPath = withoutTrailingSlashes(pathname);
  if (cleanPath !== path) return false;
  if (itemHash) return hash === `#${itemHash}`;
  return path !== "/" || hash !== "#contact";
}
