import { eq } from "drizzle-orm";
import {
  addDaysIso,
  formatCharlotteDateTime,
  formatLongDate,
  todayInCharlotte,
} from "../../../shared/dates.js";
import {
  DAY_REQUEST_ANSWER_HOURS,
  dayRequestAnswerBy,
  seriesLabel,
  seriesMessages,
  weekdayNames,
} from "../../../shared/recurring.js";
import { jobSeries } from "../../db/schema.js";
import { conflict, fieldInvalid } from "../../lib/errors.js";
import { tellPerson } from "../jobs/index.js";
import { notifyAdmins } from "../notifications/index.js";
import { applyWeekday, changeSeries, releaseSeries, type SeriesOptions } from "./actions.js";
import { dayRequestLapsed } from "./day-requests.js";
import { keptSentence } from "./generation.js";
import { firstOnWeekday } from "./rule.js";

/*
 * A series' weekday is part of what the landscaper agreed to (issue 33): the customer asks for another day,
 * the visits stay where they are until the landscaper answers. Yes moves them; no puts the series back in the
 * queue asking for the new day, for another landscaper to offer (the customer was told so when asking, and
 * may withdraw the request until the answer comes).
 */

const plural = (weekday: number) => `${weekdayNames[weekday]}s`;

/** The customer asks to move the visits to another weekday. */
export function requestWeekday(options: SeriesOptions & { weekday: number }) {
  return changeSeries(options, "customer", async (tx, series, now) => {
    if (series.status !== "active") throw conflict(seriesMessages.notActive);
    if (series.weekday === options.weekday)
      throw fieldInvalid("weekday", `The visits are already on ${plural(options.weekday)}.`);
    if (series.requestedWeekday === options.weekday)
      throw conflict(
        `You have already asked for ${plural(options.weekday)}; your landscaper hasn't answered yet.`,
      );
    await tx
      .update(jobSeries)
      .set({ requestedWeekday: options.weekday, weekdayRequestedAt: now })
      .where(eq(jobSeries.id, series.id));
    const label = seriesLabel(series.number);
    const from = plural(series.weekday!);
    const to = plural(options.weekday);
    const answerBy = formatCharlotteDateTime(dayRequestAnswerBy(now));
    await tellPerson(tx, options.env, {
      userId: series.landscaperId,
      party: "landscaper",
      type: "job",
      jobNumber: label,
      message: `${series.customerName} asks to move ${label} from ${from} to ${to}. Agree or decline at the top of your job queue by ${answerBy}; until you answer, the visits stay on ${from}, and unanswered by then the request lapses and they stay.`,
      subject: `${label}: ${series.customerName} asks for ${to}`,
      more: [
        `If you decline, the series goes back to the queue for ${to} for another landscaper, and its visits leave your schedule (those under way stay).`,
      ],
      link: "/landscaper-dashboard",
    });
    return {
      queued: [],
      message: `Your landscaper has been asked to move the visits to ${to} and has until ${answerBy} to answer. Until they answer, your visits stay on ${from}; if they don't answer by then, the request lapses and they stay. If they can't do ${to}, they leave the series: your visits on ${from} are cancelled (nothing is charged for them) and the series goes back to the queue for ${to}, where other landscapers offer a price for you to approve. To keep ${from} with them, withdraw the request before they answer.`,
    };
  });
}

/** The customer takes back a day request the landscaper hasn't answered: the visits stay as they are. */
export function withdrawWeekdayRequest(options: SeriesOptions) {
  return changeSeries(options, "customer", async (tx, series) => {
    if (series.requestedWeekday === null) throw conflict("There is no request for another day to withdraw.");
    await tx
      .update(jobSeries)
      .set({ requestedWeekday: null, weekdayRequestedAt: null })
      .where(eq(jobSeries.id, series.id));
    const label = seriesLabel(series.number);
    await tellPerson(tx, options.env, {
      userId: series.landscaperId,
      party: "landscaper",
      type: "job",
      jobNumber: label,
      message: `${series.customerName} withdrew the request to move ${label} to ${plural(series.requestedWeekday)}: the visits stay on ${plural(series.weekday!)}.`,
      subject: `${label} stays on ${plural(series.weekday!)}`,
      link: "/landscaper-dashboard",
    });
    return { queued: [], message: `Request withdrawn: your visits stay on ${plural(series.weekday!)}.` };
  });
}

/** The landscaper answers the customer's request for another weekday. */
export function answerWeekdayRequest(options: SeriesOptions & { agree: boolean }) {
  return changeSeries(options, "landscaper", async (tx, series, now) => {
    if (series.status !== "active") throw conflict(seriesMessages.notActive);
    const wanted = series.requestedWeekday;
    if (wanted === null) throw conflict("The customer withdrew the request; the visits stay as they are.");
    // Past its answer-by time an ask has lapsed, even before the scheduled pass clears it.
    if (dayRequestLapsed(series.weekdayRequestedAt, now))
      throw conflict(
        `The request lapsed: it had to be answered within ${DAY_REQUEST_ANSWER_HOURS / 24} days. The visits stay as they are.`,
      );
    const label = seriesLabel(series.number);
    const to = plural(wanted);
    if (options.agree) {
      const { queued, kept, startDate } = await applyWeekday(tx, series, {
        weekday: wanted,
        actorId: options.principal.userId,
        provider: options.provider.name,
        now,
      });
      await tellPerson(tx, options.env, {
        userId: series.customerId,
        party: "customer",
        type: "job",
        jobNumber: label,
        message: `Your landscaper agreed: ${label} is now on ${to}, from ${formatLongDate(startDate)}.${keptSentence(kept)}`,
        subject: `${label} moves to ${to}`,
      });
      return {
        queued,
        message: `${label} is now on ${to}, from ${formatLongDate(startDate)}. The customer has been told.`,
      };
    }
    // The first new weekday with 48 hours' notice: what the request in the queue asks for.
    const startDate = firstOnWeekday(addDaysIso(todayInCharlotte(now), 2), wanted);
    const reason = `Could not move to ${to}`;
    const queued = await releaseSeries(tx, series, {
      actorId: options.principal.userId,
      reason,
      provider: options.provider.name,
      now,
      startDate,
      cancelReason: reason,
    });
    await tellPerson(tx, options.env, {
      userId: series.customerId,
      party: "customer",
      type: "job",
      jobNumber: label,
      message: `Your landscaper can't come on ${to}, so ${label} is back in the queue for ${to}, from ${formatLongDate(startDate)}: landscapers who serve your ZIP can offer, and you approve the one you want. Nothing is charged for the visits that were cancelled.`,
      subject: `${label} is back in the queue for ${to}`,
    });
    await notifyAdmins(tx, options.env, {
      type: "job",
      message: `A landscaper declined to move ${label} (${series.customerName}) to ${to}; it is back in the queue.`,
      link: "/admin/jobs",
    });
    return {
      queued,
      message: `You declined ${to}: ${label} is back in the queue and off your schedule. The customer has been told.`,
    };
  });
}
