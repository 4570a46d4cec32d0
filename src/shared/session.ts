import type { Role } from "./roles.js";

/** What GET /api/session answers: the signed-in user as every screen sees it, or null. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** metadata first name, else the first word of the full name, else "User". */
  firstName: string;
  lastName: string;
  role: Role;
  /** role admin, or an email in ADMIN_EMAILS or MASTER_EMAILS. */
  isAdmin: boolean;
  /** an email in MASTER_EMAILS: decided by the server, never by the browser. */
  isMaster: boolean;
  /** set for landscapers who have started onboarding. */
  landscaperStatus: "pending" | "approved" | "denied" | null;
  /** false until the user opens the confirmation link (or a reset link) sent to their address. */
  emailVerified: boolean;
  /** set while an admin is impersonating this user. */
  impersonatedBy: string | null;
}

export interface SessionResponse {
  user: SessionUser | null;
}

export function firstNameOf(fullName: string | null | undefined): string {
  const first = fullName?.trim().split(/\s+/)[0];
  return first ? first : "User";
}

export function lastNameOf(fullName: string | null | undefined): string {
  const parts = fullName?.trim().split(/\s+/) ?? [];
  return parts.length > 1 ? parts.slice(1).join(" ") : "";
}

/** Where a user lands after signing in (spec 01 section 4). */
export function homePathFor(user: Pick<SessionUser, "role" | "isAdmin" | "isMaster">): string {
  if (user.isAdmin || user.isMaster) return "/admin";
  if (user.role === "customer") return "/dashboard/customer-portal";
  return "/landscaper-dashboard";
}
