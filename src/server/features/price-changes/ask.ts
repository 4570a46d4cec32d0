// The landscaper's side of a price change: ask (with a reason and photos), or take the ask back.
import { and, eq, isNull } from "drizzle-orm";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import { maxFinalPriceCents } from "../../../shared/price-bounds.js";
import { type PriceChangeState, priceChangeMessages } from "../../../shared/price-change.js";
import { formatCents } from "../../../shared/services.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { job, jobPhoto, jobPriceChange, jobSeries } from "../../db/schema.js";
import { conflict, fieldInvalid, forbidden, notFound } from "../../lib/errors.js";
import type { Storage } from "../../lib/storage.js";
import type { Principal } from "../accounts/index.js";
import { type ActionOptions, assertAllowed, type JobRow, loadJob, move } from "../jobs/index.js";
import { findProfile } from "../landscapers/index.js";
import { writePhotos } from "../proof/index.js";
import {
  agreedPriceOf,
  askProblem,
  isFirm,
  latestOfAssignment,
  type SeriesRow,
  seriesOf,
  setOff,
} from "./rules.js";
import { tellAsked, tellWithdrawn } from "./tell.js";

/** The job's row, locked for the rest of the transaction: asks and answers on one job happen one at a time. */
export async function lockedJob(tx: Tx, jobId: string): Promise<JobRow> {
  const [row] = await tx.select().from(job).where(eq(job.id, jobId)).for("update");
  if (!row) throw notFound("Job not found.");
  return row;
}

/** The series' row, locked: two visits of one series cannot both get an open request. */
async function lockedSeries(tx: Tx, current: JobRow): Promise<SeriesRow | null> {
  if (!current.seriesId) return null;
  const [row] = await tx.select().from(jobSeries).where(eq(jobSeries.id, current.seriesId)).for("update");
  return row ?? null;
}

function assertLandscaperOf(principal: Principal, current: JobRow) {
  if (principal.isMaster && principal.role !== "landscaper")
    throw forbidden("Job actions are disabled in preview mode.");
  if (current.landscaperId !== principal.userId) throw notFound("Job not found.");
}

/**
 * Everything an ask must meet, checked before the photos are processed and again under the job's lock: the
 * landscaper's own job, open to a price change (askProblem), at a price other than the agreed one and at most
 * MAX_PRICE_INCREASE_RATIO above it. Answers the agreed price it changes.
 */
async function checkAsk(
  db: DbOrTx,
  options: { current: JobRow; series: SeriesRow | null; principal: Principal; priceCents: number },
) {
  const { current, series } = options;
  assertLandscaperOf(options.principal, current);
  assertAllowed("ask_price_change", current);
  const latest = await latestOfAssignment(db, current, series);
  const problem = askProblem({
    status: current.status,
    firm: await isFirm(db, current),
    visit: current.visit,
    setOff: setOff(current),
    latest: (latest?.status ?? null) as PriceChangeState | null,
  });
  if (problem) throw conflict(problem);
  const agreed = agreedPriceOf(current, series);
  const max = maxFinalPriceCents(agreed);
  if (options.priceCents === agreed)
    throw fieldInvalid("price", priceChangeMessages.samePrice(formatCents(agreed)));
  if (options.priceCents > max)
    throw fieldInvalid("price", priceChangeMessages.tooHigh(formatCents(max), formatCents(agreed)));
  return agreed;
}

/**
 * The assigned landscaper asks for a new price before the work, with a reason and 1–6 photos (re-encoded and
 * stored as proof photos are, kept with the request). The job's price does not change: the customer is told
 * and answers. One request waits at a time, per job and per series; another is refused (409) until this one
 * is withdrawn, and once the customer has answered the price is settled for the job (a series: the series).
 */
export async function askPriceChange(
  options: ActionOptions & { storage: Storage; priceCents: number; reason: string; files: Buffer[] },
) {
  const { db, env, principal } = options;
  const before = await loadJob(db, options.jobId);
  await checkAsk(db, {
    current: before,
    series: await seriesOf(db, before),
    principal,
    priceCents: options.priceCents,
  });
  if (options.files.length === 0) throw fieldInvalid("photos", priceChangeMessages.photoNeeded);
  const photos = await writePhotos({
    storage: options.storage,
    jobId: before.id,
    uploaderId: principal.userId,
    kind: "price_change",
    files: options.files,
  });
  try {
    return await db.transaction(async (tx) => {
      const series = await lockedSeries(tx, before);
      const current = await lockedJob(tx, options.jobId);
      const agreed = await checkAsk(tx, { current, series, principal, priceCents: options.priceCents });
      const updated = await move(tx, {
        current,
        action: "ask_price_change",
        actorId: principal.userId,
        set: {},
        alsoWhere: and(isNull(job.onTheWayAt), isNull(job.arrivedAt), isNull(job.workStartedAt)),
        note: `Asked ${formatCents(options.priceCents)} instead of ${formatCents(agreed)}${series ? " per visit" : ""}: ${options.reason}`,
      });
      const [change] = await tx
        .insert(jobPriceChange)
        .values({
          jobId: current.id,
          seriesId: series?.id ?? null,
          landscaperId: principal.userId,
          agreedCents: agreed,
          askedCents: options.priceCents,
          reason: options.reason,
        })
        .returning();
      await tx
        .insert(jobPhoto)
        .values(photos.rows.map((row) => ({ ...row, visit: current.visit, priceChangeId: change!.id })));
      const profile = await findProfile(tx, principal.userId);
      await tellAsked(
        tx,
        env,
        updated,
        change!,
        profile ? landscaperDisplayName(profile) : "Your landscaper",
      );
      return updated;
    });
  } catch (error) {
    await photos.discard();
    throw error;
  }
}

/** The landscaper takes back a request the customer has not answered: the agreed price stands, they may ask again. */
export async function withdrawPriceChange(options: ActionOptions) {
  const { db, env, principal } = options;
  return db.transaction(async (tx) => {
    const current = await lockedJob(tx, options.jobId);
    assertLandscaperOf(principal, current);
    assertAllowed("withdraw_price_change", current);
    const [change] = await tx
      .update(jobPriceChange)
      .set({ status: "withdrawn", closedAt: new Date() })
      .where(
        and(
          eq(jobPriceChange.jobId, current.id),
          eq(jobPriceChange.landscaperId, principal.userId),
          eq(jobPriceChange.status, "open"),
        ),
      )
      .returning();
    if (!change) throw conflict(priceChangeMessages.noneOpen);
    const updated = await move(tx, {
      current,
      action: "withdraw_price_change",
      actorId: principal.userId,
      set: {},
      note: `Took back the ask for ${formatCents(change.askedCents)}.`,
    });
    await tellWithdrawn(tx, env, updated, change);
    return updated;
  });
}
