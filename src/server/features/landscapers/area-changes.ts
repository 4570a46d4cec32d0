import { and, asc, eq } from "drizzle-orm";
import type { AreaChangeDecision, AreaChangeView, PendingAreaChange } from "../../../shared/landscapers.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import type { Env } from "../../config/env.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { areaChange, landscaper, user } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";
import { notify, notifyAdmins } from "../notifications/index.js";
import { coveredZipCodes } from "./coverage.js";

type LandscaperRow = typeof landscaper.$inferSelect;

const sameArea = (a: { serviceZipCodes: string[]; travelRadius: number }, b: typeof a) =>
  a.travelRadius === b.travelRadius &&
  a.serviceZipCodes.length === b.serviceZipCodes.length &&
  [...a.serviceZipCodes].sort().join() === [...b.serviceZipCodes].sort().join();

/**
 * An approved landscaper's new service area is a request, not a change: the area they were approved for
 * stays in force (queue, alerts) until an admin approves the new one. Asking again replaces the pending
 * request; asking for the current area withdraws it. Answers whether the request is (still) pending.
 */
export async function requestAreaChange(options: {
  tx: DbOrTx;
  env: Env;
  current: LandscaperRow;
  requested: { serviceZipCodes: string[]; travelRadius: number };
}): Promise<void> {
  const { tx, env, current, requested } = options;
  const [pending] = await tx
    .select()
    .from(areaChange)
    .where(and(eq(areaChange.landscaperId, current.userId), eq(areaChange.status, "pending")))
    .for("update");
  if (sameArea(current, requested)) {
    if (pending) await tx.delete(areaChange).where(eq(areaChange.id, pending.id));
    return;
  }
  if (pending) {
    if (sameArea(pending, requested)) return;
    await tx
      .update(areaChange)
      .set({ serviceZipCodes: requested.serviceZipCodes, travelRadius: requested.travelRadius })
      .where(eq(areaChange.id, pending.id));
  } else {
    await tx.insert(areaChange).values({ landscaperId: current.userId, ...requested });
  }
  await notifyAdmins(tx, env, {
    type: "application",
    message: `${landscaperDisplayName(current)} asked to change their service area.`,
    link: "/admin/landscaper-approvals",
  });
}

export async function pendingAreaChangeOf(
  db: DbOrTx,
  landscaperId: string,
): Promise<PendingAreaChange | null> {
  const [row] = await db
    .select()
    .from(areaChange)
    .where(and(eq(areaChange.landscaperId, landscaperId), eq(areaChange.status, "pending")));
  return row
    ? {
        serviceZipCodes: row.serviceZipCodes,
        travelRadius: row.travelRadius,
        requestedAt: row.createdAt.toISOString(),
      }
    : null;
}

/** Pending requests for the admins' review, oldest first, with the area in force beside the one asked for. */
export async function listAreaChanges(db: Db): Promise<AreaChangeView[]> {
  const rows = await db
    .select({ change: areaChange, profile: landscaper, email: user.email })
    .from(areaChange)
    .innerJoin(landscaper, eq(landscaper.userId, areaChange.landscaperId))
    .innerJoin(user, eq(user.id, areaChange.landscaperId))
    .where(eq(areaChange.status, "pending"))
    .orderBy(asc(areaChange.createdAt))
    .limit(100);
  const views: AreaChangeView[] = [];
  for (const { change, profile, email } of rows) {
    views.push({
      id: change.id,
      landscaperId: profile.userId,
      landscaperName: landscaperDisplayName(profile),
      email,
      current: {
        serviceZipCodes: profile.serviceZipCodes,
        travelRadius: profile.travelRadius,
        coveredZipCount: profile.coveredZipCodes.length,
      },
      requested: {
        serviceZipCodes: change.serviceZipCodes,
        travelRadius: change.travelRadius,
        coveredZipCount: (await coveredZipCodes(db, change.serviceZipCodes, change.travelRadius)).length,
      },
      requestedAt: change.createdAt.toISOString(),
    });
  }
  return views;
}

/** Approving puts the new area in force (coverage recomputed); denying keeps the old one. Either way the landscaper is told. */
export async function decideAreaChange(options: {
  db: Db;
  principal: Principal;
  changeId: string;
  decision: AreaChangeDecision;
}) {
  const { db, principal, changeId, decision } = options;
  return db.transaction(async (tx) => {
    const [change] = await tx.select().from(areaChange).where(eq(areaChange.id, changeId)).for("update");
    if (!change) throw notFound("This area change request was not found.");
    if (change.status !== "pending") throw conflict("This area change request has already been decided.");
    const now = new Date();
    await tx
      .update(areaChange)
      .set({
        status: decision === "approve" ? "approved" : "denied",
        decidedBy: principal.userId,
        decidedAt: now,
      })
      .where(eq(areaChange.id, change.id));
    const [before] = await tx
      .select({
        serviceZipCodes: landscaper.serviceZipCodes,
        travelRadius: landscaper.travelRadius,
        email: user.email,
      })
      .from(landscaper)
      .innerJoin(user, eq(user.id, landscaper.userId))
      .where(eq(landscaper.userId, change.landscaperId));
    await recordAudit(tx, {
      actor: principal,
      action: decision === "approve" ? "area_change.approve" : "area_change.deny",
      target: { type: "area_change", id: change.id, label: before?.email ?? change.landscaperId },
      before: before ? { serviceZipCodes: before.serviceZipCodes, travelRadius: before.travelRadius } : null,
      after:
        decision === "approve"
          ? { serviceZipCodes: change.serviceZipCodes, travelRadius: change.travelRadius }
          : before
            ? { serviceZipCodes: before.serviceZipCodes, travelRadius: before.travelRadius }
            : null,
    });
    if (decision === "approve") {
      await tx
        .update(landscaper)
        .set({
          serviceZipCodes: change.serviceZipCodes,
          travelRadius: change.travelRadius,
          coveredZipCodes: await coveredZipCodes(tx, change.serviceZipCodes, change.travelRadius),
          updatedAt: now,
        })
        .where(eq(landscaper.userId, change.landscaperId));
    }
    await notify(tx, [
      {
        userId: change.landscaperId,
        type: "application",
        message:
          decision === "approve"
            ? "Your new service area was approved: your job queue now covers it."
            : "Your service area change was not approved. Your current area stays as it was; contact us if you have questions.",
        link: "/landscaper-dashboard?tab=profile",
      },
    ]);
    return { status: decision === "approve" ? ("approved" as const) : ("denied" as const) };
  });
}
