import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import { missedVisitOf, type PausedLandscaper, pauseMessages } from "../../../shared/reliability.js";
import type { Env } from "../../config/env.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { job, landscaper, user } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";
import { notify, notifyAdmins } from "../notifications/index.js";
import { landscaperNameSql } from "./names.js";
import { reliabilityOf } from "./reliability.js";

/**
 * Pauses a landscaper from new jobs (the late lock-out), in the caller's transaction. A landscaper already
 * paused stays paused since the first time, with its reason: answers whether this call paused them.
 */
export async function pauseLandscaper(tx: DbOrTx, options: { userId: string; reason: string; now: Date }) {
  const [updated] = await tx
    .update(landscaper)
    .set({ pausedAt: options.now, pausedReason: options.reason, updatedAt: options.now })
    .where(and(eq(landscaper.userId, options.userId), sql`${landscaper.pausedAt} is null`))
    .returning({ userId: landscaper.userId });
  return { newlyPaused: Boolean(updated) };
}

/** The admins' review queue: every paused landscaper, longest paused first, with their record. */
export async function listPausedLandscapers(db: DbOrTx): Promise<PausedLandscaper[]> {
  const rows = await db
    .select({
      userId: landscaper.userId,
      name: landscaperNameSql(user.name),
      email: user.email,
      pausedAt: landscaper.pausedAt,
      pausedReason: landscaper.pausedReason,
      scheduledVisits: sql<number>`(select count(*) from ${job}
        where ${job.landscaperId} = ${landscaper.userId} and ${job.status} = 'scheduled')`,
    })
    .from(landscaper)
    .innerJoin(user, eq(user.id, landscaper.userId))
    .where(isNotNull(landscaper.pausedAt))
    .orderBy(asc(landscaper.pausedAt))
    .limit(100);
  const figures = await reliabilityOf(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((row) => ({
    userId: row.userId,
    name: row.name ?? row.email,
    email: row.email,
    pausedAt: (row.pausedAt as Date).toISOString(),
    pausedReason: row.pausedReason,
    missedVisit: missedVisitOf(row.pausedReason),
    reliability: figures.get(row.userId)!,
    scheduledVisits: Number(row.scheduledVisits),
  }));
}

/**
 * An admin lifts a landscaper's pause with a note: they can accept new jobs again and are told, with the
 * note. No column keeps who lifted it: the admins' bell item names them (the way the other admin decisions
 * are announced). Of two admins lifting at once, one does it and the other is told it is not paused.
 */
export async function liftPause(options: {
  db: Db;
  env: Env;
  principal: Principal;
  userId: string;
  note: string;
}): Promise<{ message: string }> {
  const { db, env, principal, userId, note } = options;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        fullName: landscaper.fullName,
        businessName: landscaper.businessName,
        pausedReason: landscaper.pausedReason,
      })
      .from(landscaper)
      .where(eq(landscaper.userId, userId));
    if (!current) throw notFound("Landscaper not found.");
    const [lifted] = await tx
      .update(landscaper)
      .set({ pausedAt: null, pausedReason: null, updatedAt: new Date() })
      .where(and(eq(landscaper.userId, userId), isNotNull(landscaper.pausedAt)))
      .returning({ userId: landscaper.userId });
    if (!lifted) throw conflict(pauseMessages.notPaused);
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    await recordAudit(tx, {
      actor: principal,
      action: "pause.lift",
      target: { type: "user", id: userId, label: account?.email ?? userId },
      reason: note,
      before: { paused: true, pausedReason: current.pausedReason },
      after: { paused: false },
    });
    const name = landscaperDisplayName(current);
    await notify(tx, [
      {
        userId,
        type: "system",
        message: `Our team lifted your pause: you can accept new jobs again. ${note}`,
        link: "/landscaper-dashboard",
      },
    ]);
    await notifyAdmins(tx, env, {
      type: "system",
      message: `${principal.name || principal.email} lifted the pause of ${name}${
        current.pausedReason ? ` (${current.pausedReason})` : ""
      }: ${note}`,
      link: "/admin",
    });
    return { message: pauseMessages.lifted(name) };
  });
}
