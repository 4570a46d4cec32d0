import { and, asc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import {
  NEEDS_PRO_AFTER_HOURS,
  REANNOUNCE_AFTER_HOURS,
  waitMessages,
} from "../../../shared/nothing-waits.js";
import { jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { Db, Tx } from "../../db/client.js";
import { job, jobOffer, jobReach } from "../../db/schema.js";
import { type JobRow, move } from "../jobs/index.js";
import { notify, notifyAdmins } from "../notifications/index.js";
import { tellRequester } from "./reoffer.js";
import { fartherPros } from "./wider-ring.js";

export interface EscalationOptions {
  db: Db;
  env: Env;
  /** The pass's clock (tests move it); the rows are stamped by the database's. */
  now?: () => Date;
}

/** At most this many requests per step and pass; the next pass takes the rest. */
const CLAIM = 20;

/** Since when a request has waited: its creation, or its latest return to the queue. */
const waitedSince = sql`coalesce(${job.waitingSince}, ${job.createdAt})`;

/**
 * Open, nobody's, and with nothing for the customer to choose: no offer waiting on a day still ahead, and
 * no re-offer of a given-back visit still to run (that comes first, reoffer.ts).
 */
function waitingFor(hours: number, now: Date): SQL {
  const since = new Date(now.getTime() - hours * 3_600_000);
  return and(
    eq(job.status, "pending"),
    isNull(job.landscaperId),
    isNull(job.reofferDueAt),
    sql`${waitedSince} <= ${since.toISOString()}::timestamptz`,
    sql`not exists (select 1 from ${jobOffer} o where o.job_id = ${job.id} and o.status = 'waiting'
      and o.scheduled_date >= ${todayInCharlotte(now)}::date)`,
  )!;
}

/** Claims one request meeting `where` with SKIP LOCKED (a second pass takes another) and runs `step` on it. */
async function eachClaimed(
  db: Db,
  where: SQL,
  step: (tx: Tx, current: JobRow) => Promise<void>,
): Promise<number> {
  let done = 0;
  for (; done < CLAIM; done++) {
    const claimed = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(job)
        .where(where)
        .orderBy(asc(waitedSince))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!current) return false;
      await step(tx, current);
      return true;
    });
    if (!claimed) break;
  }
  return done;
}

/**
 * 12 hours without an offer: the request is re-announced to the pros a step further out (wider-ring.ts),
 * those with room first. They see it in their new requests and may offer as if it were in their area
 * (job_reach); each is told once, and the customer is told what was done.
 */
async function reannounce(tx: Tx, env: Env, current: JobRow, now: Date) {
  const pros = await fartherPros(tx, current, now);
  const label = jobLabel(current.number);
  if (pros.length) {
    await tx
      .insert(jobReach)
      .values(pros.map((p) => ({ jobId: current.id, landscaperId: p.landscaperId })))
      .onConflictDoNothing();
    const day = formatLongDate([current.preferredDate, todayInCharlotte(now)].sort().at(-1)!);
    await notify(
      tx,
      pros.map((p) => ({
        userId: p.landscaperId,
        type: "job" as const,
        message: waitMessages.toFartherPro(label, current.zipCode, day),
        link: "/landscaper-dashboard",
      })),
    );
  }
  await move(tx, {
    current,
    action: "reannounce",
    actorId: null,
    set: { reannouncedAt: sql`now()` },
    alsoWhere: isNull(job.reannouncedAt),
    note: `No offer in ${REANNOUNCE_AFTER_HOURS} hours: told ${pros.length} more pro${pros.length === 1 ? "" : "s"} a step further out.`,
  });
  await tellRequester(
    tx,
    env,
    current,
    pros.length ? waitMessages.reannounced(label, pros.length) : waitMessages.reannouncedNobody(label),
  );
}

/** 24 hours without a pro: in our team's Needs a pro, the admins told once, and the customer told. */
async function flagNeedsPro(tx: Tx, env: Env, current: JobRow) {
  const label = jobLabel(current.number);
  await move(tx, {
    current,
    action: "flag_needs_pro",
    actorId: null,
    set: { needsProAt: sql`now()` },
    alsoWhere: isNull(job.needsProAt),
    note: `No pro in ${NEEDS_PRO_AFTER_HOURS} hours: in Needs a pro.`,
  });
  await notifyAdmins(tx, env, {
    type: "job",
    message: waitMessages.needsProAdmins(label),
    link: "/admin/needs-a-pro",
  });
  await tellRequester(tx, env, current, waitMessages.needsProCustomer(label));
}

/**
 * The 12 h / 24 h ladder of requests that wait (issue 38), a step of the scheduled pass. Each step is marked on
 * the job (`reannounced_at`, `needs_pro_at`) in the transaction that claimed it with SKIP LOCKED and does it,
 * so two passes at once do each step once. The clock counts from the request's creation, or from its latest
 * return to the queue (lifecycle.ts resets the ladder then).
 */
export async function runEscalation(options: EscalationOptions) {
  const now = options.now?.() ?? new Date();
  const reannounced = await eachClaimed(
    options.db,
    and(waitingFor(REANNOUNCE_AFTER_HOURS, now), isNull(job.reannouncedAt))!,
    (tx, current) => reannounce(tx, options.env, current, now),
  );
  const needsPro = await eachClaimed(
    options.db,
    and(waitingFor(NEEDS_PRO_AFTER_HOURS, now), isNotNull(job.reannouncedAt), isNull(job.needsProAt))!,
    (tx, current) => flagNeedsPro(tx, options.env, current),
  );
  return { reannounced, needsPro };
}
