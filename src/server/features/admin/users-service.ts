import { and, eq, type SQL, sql } from "drizzle-orm";
import {
  type AdminUserStatus,
  type AdminUserView,
  adminMessages,
  type Page,
  type PageDirection,
  type PromoteUserResponse,
  type UserRoleFilter,
} from "../../../shared/admin.js";
import { profilePath } from "../../../shared/profiles.js";
import { type Role, roles } from "../../../shared/roles.js";
import type { Env } from "../../config/env.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { landscaper, user } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { AppError, conflict, notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";
import { reliabilityOf } from "../landscapers/index.js";
import { notify } from "../notifications/index.js";
import { customerAverages } from "../reviews/index.js";
import {
  type Cursor,
  containsText,
  cursorTimestamp,
  inKeysetSlice,
  isAdminUser,
  type KeysetSlice,
  keysetPage,
  searchExpressions,
} from "./query-helpers.js";

export interface UserFilter {
  q: string;
  role: UserRoleFilter;
}

export function userFilterCondition(env: Env, filter: UserFilter): SQL | undefined {
  const admin = isAdminUser(env);
  const byRole: Record<UserRoleFilter, SQL | undefined> = {
    all: undefined,
    admin,
    customer: sql`(not ${admin} and ${user.role} = 'customer')`,
    landscaper: sql`(not ${admin} and ${user.role} = 'landscaper')`,
  };
  return and(
    byRole[filter.role],
    filter.q ? containsText(searchExpressions.user(user), filter.q) : undefined,
  );
}

function selectUsers(db: DbOrTx, env: Env, options: KeysetSlice) {
  return inKeysetSlice(
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        isAdmin: sql<boolean>`${isAdminUser(env)}`,
        banned: user.banned,
        emailVerified: user.emailVerified,
        applicationStatus: landscaper.status,
        pausedAt: landscaper.pausedAt,
        slug: landscaper.slug,
        profileHiddenAt: landscaper.profileHiddenAt,
        createdAt: user.createdAt,
        cursorTs: cursorTimestamp(user.createdAt),
      })
      .from(user)
      .leftJoin(landscaper, eq(landscaper.userId, user.id))
      .$dynamic(),
    user,
    options,
  );
}

type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

function toAdminUserView(row: UserRow): AdminUserView {
  const role: Role = (roles as readonly string[]).includes(row.role) ? (row.role as Role) : "customer";
  let status: AdminUserStatus = "active";
  if (role === "landscaper") status = row.applicationStatus ?? "incomplete";
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role,
    isAdmin: Boolean(row.isAdmin),
    // Only a role can be revoked: an admin by the settings stays one until the settings change.
    adminByRole: row.role === "admin",
    suspended: Boolean(row.banned),
    emailVerified: row.emailVerified,
    status,
    createdAt: row.createdAt.toISOString(),
    ...(role === "landscaper"
      ? {
          pausedAt: row.pausedAt?.toISOString() ?? null,
          profile:
            row.applicationStatus === "approved" && row.slug
              ? { path: profilePath(row.slug), hidden: row.profileHiddenAt !== null }
              : null,
        }
      : {}),
  };
}

export interface ListUsersOptions {
  db: DbOrTx;
  env: Env;
  filter: UserFilter;
  cursor: string | undefined;
  dir: PageDirection;
  limit: number;
}

export async function listUsers({
  db,
  env,
  filter,
  cursor,
  dir,
  limit,
}: ListUsersOptions): Promise<Page<AdminUserView>> {
  const where = userFilterCondition(env, filter);
  const page = await keysetPage({
    cursor,
    dir,
    limit,
    fetch: (position) => selectUsers(db, env, { where, ...position }),
    cursorOf: (row): Cursor => ({ ts: row.cursorTs, id: row.id }),
    toItem: toAdminUserView,
  });
  // The landscapers' records, one query for the page.
  const landscapers = page.items.filter((item) => item.role === "landscaper" && !item.isAdmin);
  const figures = await reliabilityOf(
    db,
    landscapers.map((item) => item.id),
  );
  // The customers' averages from landscapers' ratings (issue 36): admins see the average, never a rating.
  const averages = await customerAverages(
    db,
    page.items.filter((item) => item.role === "customer").map((item) => item.id),
  );
  return {
    ...page,
    items: page.items.map((item) =>
      figures.has(item.id)
        ? { ...item, reliability: figures.get(item.id)! }
        : averages.has(item.id)
          ? { ...item, customerAverage: averages.get(item.id)! }
          : item,
    ),
  };
}

export interface PromoteUserOptions {
  db: Db;
  env: Env;
  principal: Principal;
  userId: string;
}

/**
 * Makes a user an admin (spec 02 §4 called it irreversible; since issue 38 another admin can revoke it, with a
 * reason). The row is locked first, so of two admins promoting the same person at once one succeeds and the
 * other gets 409 already_admin. A suspended account, or a landscaper whose application is still pending, is
 * refused: the screen hides the button for them, and the server holds the same rule.
 */
export async function promoteUser({
  db,
  env,
  principal,
  userId,
}: PromoteUserOptions): Promise<PromoteUserResponse> {
  const email = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ email: user.email, role: user.role, banned: user.banned, proStatus: landscaper.status })
      .from(user)
      .leftJoin(landscaper, eq(landscaper.userId, user.id))
      .where(eq(user.id, userId))
      .for("update", { of: user });
    if (!existing) throw notFound("User not found.");
    if (existing.role === "admin")
      throw new AppError(409, "already_admin", `${existing.email} is already an admin.`);
    if (existing.banned) throw conflict(`${existing.email} is suspended. Reinstate them first.`);
    if (existing.proStatus === "pending")
      throw conflict(`${existing.email}'s landscaper application is still pending. Review it first.`);
    await tx.update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, userId));
    await notify(tx, [
      {
        userId,
        type: "system",
        message: "You are now an administrator. The Admin Dashboard is open to you.",
        link: "/admin",
      },
    ]);
    await recordAudit(tx, {
      actor: principal,
      action: "user.promote",
      target: { type: "user", id: userId, label: existing.email },
      before: { role: existing.role },
      after: { role: "admin" },
    });
    return existing.email;
  });
  const [row] = await selectUsers(db, env, {
    where: eq(user.id, userId),
    cursor: null,
    order: "desc",
    limit: 1,
  });
  return { user: toAdminUserView(row!), message: adminMessages.promoted(email) };
}
