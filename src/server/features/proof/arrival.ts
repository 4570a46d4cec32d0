import {
  charlotteTime,
  formatCharlotteClock,
  formatLongDate,
  todayInCharlotte,
} from "../../../shared/dates.js";
import { jobLabel } from "../../../shared/services.js";
import { firstNameOf } from "../../../shared/session.js";
import type { Env } from "../../config/env.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { conflict, fieldInvalid, notFound } from "../../lib/errors.js";
import { type ActionOptions, actionTime, type JobRow, loadJob, move, tellPerson } from "../jobs/index.js";
import { findProfile } from "../landscapers/index.js";

/** When a field step happened on the phone (ISO), and the server's now (tests inject it). */
interface FieldTime {
  occurredAt?: string | undefined;
  now?: Date | undefined;
}

/** An ETA further away than this is not "on my way". */
const MAX_ETA_MS = 6 * 3_600_000;

/** "Carlos from Queen City Lawn Care" (or "Carlos" for a landscaper without a business name). */
async function whoIsComing(db: DbOrTx, landscaperId: string): Promise<string> {
  const profile = await findProfile(db, landscaperId);
  const first = firstNameOf(profile?.fullName);
  const business = profile?.businessName?.trim();
  return business ? `${first} from ${business}` : first;
}

/** Tells the visit's customer an arrival step by their channels, worded around who is coming. */
async function tellArrival(
  tx: Tx,
  env: Env,
  visit: JobRow,
  landscaperId: string,
  words: (who: string) => { message: string; subject: string },
) {
  const who = await whoIsComing(tx, landscaperId);
  await tellPerson(tx, env, {
    userId: visit.customerId,
    party: "customer",
    type: "arrival",
    jobNumber: jobLabel(visit.number),
    ...words(who),
  });
}

/** The job, if it is the caller's own scheduled visit and its day has come. */
async function ownVisit(db: DbOrTx, options: ActionOptions): Promise<JobRow> {
  const current = await loadJob(db, options.jobId);
  if (current.landscaperId !== options.principal.userId) throw notFound("Job not found.");
  if (current.status === "scheduled" && current.scheduledDate && current.scheduledDate > todayInCharlotte())
    throw conflict(
      `This visit is on ${formatLongDate(current.scheduledDate)}. Arrival updates open on the day of the visit.`,
    );
  return current;
}

/** When the landscaper expects to arrive: minutes from now, or a clock time today (Charlotte). */
export function etaFrom(input: { etaMinutes?: number | undefined; etaTime?: string | undefined }, now: Date) {
  if (input.etaMinutes !== undefined) return new Date(now.getTime() + input.etaMinutes * 60_000);
  const [hour, minute] = (input.etaTime ?? "").split(":").map(Number);
  const at = charlotteTime(todayInCharlotte(now), hour ?? 0, minute ?? 0);
  if (at.getTime() <= now.getTime()) throw fieldInvalid("etaTime", "Choose a time later than now.");
  if (at.getTime() - now.getTime() > MAX_ETA_MS)
    throw fieldInvalid("etaTime", "Choose a time within the next 6 hours.");
  return at;
}

/**
 * 'On my way' with an ETA (again to change the ETA, until arrival): the customer is told at once by their
 * channels ('Carlos from Queen City Lawn Care is on the way — arriving about 10:40 AM.').
 */
export async function markOnMyWay(
  options: ActionOptions & FieldTime & { etaMinutes?: number | undefined; etaTime?: string | undefined },
) {
  const { db, env, principal } = options;
  return db.transaction(async (tx) => {
    const current = await ownVisit(tx, options);
    if (current.arrivedAt) throw conflict("You have already marked your arrival for this visit.");
    // Sent later from a phone that was offline: the ETA counts from when the landscaper set off.
    const now = actionTime(options.occurredAt, { now: options.now ?? new Date() });
    const etaAt = etaFrom(options, now);
    const updated = await move(tx, {
      current,
      action: "on_my_way",
      actorId: principal.userId,
      set: { onTheWayAt: now, etaAt },
      note: `ETA ${formatCharlotteClock(etaAt)}`,
    });
    await tellArrival(tx, env, updated, principal.userId, (who) => ({
      message: `${who} is on the way — arriving about ${formatCharlotteClock(etaAt)}.`,
      subject: `${who} is on the way`,
    }));
    return updated;
  });
}

/** 'Arrived', and then 'Work started' (which also stands for the arrival if it was not marked). */
export async function markArrival(options: ActionOptions & FieldTime & { step: "arrived" | "start_work" }) {
  const { db, env, principal } = options;
  return db.transaction(async (tx) => {
    const current = await ownVisit(tx, options);
    // The phone's own time (issue 37), so on-time figures stay true; never before the step it follows.
    const now = actionTime(options.occurredAt, {
      now: options.now ?? new Date(),
      notBefore: options.step === "arrived" ? current.onTheWayAt : (current.arrivedAt ?? current.onTheWayAt),
    });
    const arrived = options.step === "arrived";
    if (arrived && current.arrivedAt) throw conflict("You have already marked your arrival for this visit.");
    if (!arrived && current.workStartedAt) throw conflict("You have already started the work on this visit.");
    const updated = await move(tx, {
      current,
      action: options.step,
      actorId: principal.userId,
      set: arrived ? { arrivedAt: now } : { workStartedAt: now, arrivedAt: current.arrivedAt ?? now },
    });
    await tellArrival(tx, env, updated, principal.userId, (who) =>
      arrived
        ? { message: `${who} has arrived (${formatCharlotteClock(now)}).`, subject: `${who} has arrived` }
        : {
            message: `${who} started the work (${formatCharlotteClock(now)}).`,
            subject: `${who} started the work`,
          },
    );
    return updated;
  });
}
