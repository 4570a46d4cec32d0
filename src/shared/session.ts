import { z } from "zod";
import { roles } from "./roles.js";

/** What GET /api/session answers: the signed-in user as every screen sees it, or null. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** metadata first name, else the first word of the full name, else "User". */
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  /** role admin, or an email in ADMIN_EMAILS or MASTER_EMAILS. */
  isAdmin: z.boolean(),
  /** an email in MASTER_EMAILS: decided by the server, never by the browser. */
  isMaster: z.boolean(),
  /** set for landscapers who have started onboarding. */
  landscaperStatus: z.enum(["pending", "approved", "denied"]).nullable(),
  /** false until the user opens the confirmation link (or a reset link) sent to their address. */
  emailVerified: z.boolean(),
  /** set while an admin is impersonating this user. */
  impersonatedBy: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/session, and sign-up and sign-in (the user they signed in, or null when it cannot be read). */
export const sessionAnswerSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionAnswerSchema>;

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
