import { and, count, desc, eq, inArray } from "drizzle-orm";
import { addressLine } from "../../../shared/address.js";
import {
  addDaysIso,
  formatCharlotteDateTime,
  formatLongDate,
  todayInCharlotte,
} from "../../../shared/dates.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import {
  cardLabel,
  freeCancellationEnds,
  HOLD_DAYS_BEFORE_VISIT,
  LATE_CANCEL_HOURS,
  VISIT_START_HOUR,
} from "../../../shared/payments.js";
import { cadenceText, frequencyLabel, type SeriesFrequency, seriesLabel } from "../../../shared/recurring.js";
import { formatCents, jobLabel, withArticle } from "../../../shared/services.js";
import { firstNameOf } from "../../../shared/session.js";
import type { Env } from "../../config/env.js";
import type { DbOrTx } from "../../db/client.js";
import { jobEvent, payment, paymentMethod } from "../../db/schema.js";
import { findProfile } from "../landscapers/index.js";
import { cardToCharge } from "../payments/index.js";
import { seriesSummaries } from "../series/index.js";
import { servicesOf } from "./alerts.js";
import type { JobRow } from "./views.js";

/**
 * What a booked visit is, in the words of the booking email and the calendar file: each sentence is a rule
 * the code applies (the hold: payments/settlement/money.ts and the payment pass; the charge: work approval;
 * cancelling: jobs/customer-actions.ts; arrival: proof/arrival.ts), read from the job as it stands.
 */

/** Where the job's money stands: its latest price payment, or none yet (the pass holds it later). */
export type BookingMoney =
  | { state: "held" | "pending" | "captured" | "refused"; amountCents: number; card: string | null }
  | { state: "later"; defaultCard: string | null };

export interface BookingFacts {
  jobId: string;
  jobNumber: number;
  customerName: string;
  services: string;
  /** The visit's day, yyyy-mm-dd. */
  date: string;
  address: string;
  priceCents: number;
  landscaper: {
    /** "Queen City Lawn Care · Carlos Mendoza" */
    displayName: string;
    /** "Carlos from Queen City Lawn Care", as the arrival notices say it. */
    who: string;
    first: string;
  };
  series: { number: number; frequency: SeriesFrequency; weekday: number | null } | null;
  money: BookingMoney;
  cancellationFeeCents: number;
  approvalHours: number;
  dashboardUrl: string;
  /** How many times the visit's day was set (approval, a redo, a weather move): the calendar's SEQUENCE. */
  daySettings: number;
}

const moneyStates = { held: "held", pending: "pending", captured: "captured", failed: "refused" } as const;

async function moneyOf(db: DbOrTx, current: JobRow): Promise<BookingMoney> {
  const [latest] = await db
    .select({
      status: payment.status,
      amountCents: payment.amountCents,
      brand: paymentMethod.brand,
      last4: paymentMethod.last4,
    })
    .from(payment)
    .leftJoin(paymentMethod, eq(paymentMethod.id, payment.methodId))
    .where(and(eq(payment.jobId, current.id), eq(payment.kind, "job")))
    .orderBy(desc(payment.createdAt))
    .limit(1);
  // A hold released or lapsed is gone: the pass places a new one on the default card, as for none.
  if (latest && latest.status in moneyStates) {
    return {
      state: moneyStates[latest.status as keyof typeof moneyStates],
      amountCents: latest.amountCents,
      card: latest.brand && latest.last4 ? cardLabel({ brand: latest.brand, last4: latest.last4 }) : null,
    };
  }
  const card = current.customerId ? await cardToCharge(db, current.customerId) : null;
  return { state: "later", defaultCard: card ? cardLabel(card) : null };
}

/** Reads what the wording needs about a scheduled job (in the caller's transaction, when it has one). */
export async function bookingFacts(
  db: DbOrTx,
  env: Env,
  current: JobRow & { scheduledDate: string },
): Promise<BookingFacts> {
  const [profile, series, money, [settings]] = await Promise.all([
    current.landscaperId ? findProfile(db, current.landscaperId) : null,
    current.seriesId ? seriesSummaries(db, [current.seriesId]) : null,
    moneyOf(db, current),
    db
      .select({ n: count() })
      .from(jobEvent)
      .where(and(eq(jobEvent.jobId, current.id), inArray(jobEvent.toStatus, ["scheduled", "moved"]))),
  ]);
  const first = profile ? firstNameOf(profile.fullName) : "Your landscaper";
  const business = profile?.businessName?.trim();
  const summary = current.seriesId ? series?.get(current.seriesId) : undefined;
  return {
    jobId: current.id,
    jobNumber: current.number,
    customerName: current.customerName,
    services: servicesOf(current),
    date: current.scheduledDate,
    address: addressLine(current.address, current.zipCode),
    priceCents: current.quotedPriceCents ?? 0,
    landscaper: {
      displayName: profile ? landscaperDisplayName(profile) : "Your landscaper",
      who: business ? `${first} from ${business}` : first,
      first,
    },
    series: summary
      ? { number: summary.number, frequency: summary.frequency, weekday: summary.weekday }
      : null,
    money,
    cancellationFeeCents: env.CANCELLATION_FEE_CENTS,
    approvalHours: env.WORK_APPROVAL_HOURS,
    dashboardUrl: `${env.PUBLIC_URL}/dashboard/customer`,
    daySettings: Number(settings?.n ?? 0),
  };
}

/** The sentences, each true of what the code does for this job now. */
export interface BookingTerms {
  jobNumber: string;
  day: string;
  price: string;
  /** "No set time" and how the landscaper says when they come. */
  arrival: string;
  hold: string;
  charge: string;
  cancellation: string;
  /** A series' visit: the series, its cadence and its other visits. */
  series: string | null;
  /** What the calendar file holds, said in the email (`email`) or in the file itself (`file`). */
  calendar: { email: string; file: string };
}

function holdSentence(f: BookingFacts, today: string): string {
  const price = formatCents(f.priceCents);
  const money = f.money;
  const on = (card: string | null) => card ?? "your card";
  switch (money.state) {
    case "held":
      return `${formatCents(money.amountCents)} is held on ${on(money.card)}. A hold is not a charge.`;
    case "pending":
      return `A hold of ${formatCents(money.amountCents)} is being placed on ${on(money.card)}. A hold is not a charge.`;
    case "captured":
      return `${formatCents(money.amountCents)} was charged to ${on(money.card)}.`;
    case "refused":
      return `${money.card ? `${money.card} refused` : "Your card refused"} the hold of ${formatCents(money.amountCents)}. Add another card on your dashboard and the hold is tried again on it.`;
    case "later": {
      if (!money.defaultCard)
        return `Add a card on your dashboard: ${price} is held on it ${HOLD_DAYS_BEFORE_VISIT} days before the visit.`;
      const holdDay = addDaysIso(f.date, -HOLD_DAYS_BEFORE_VISIT);
      const when =
        holdDay > today
          ? `on ${formatLongDate(holdDay)}, ${HOLD_DAYS_BEFORE_VISIT} days before the visit`
          : "within the next few minutes";
      return `We'll hold ${price} on your default card (now ${money.defaultCard}) ${when}. A hold is not a charge.`;
    }
  }
}

function cancellationSentence(f: BookingFacts, now: Date): string {
  const { first } = f.landscaper;
  const cancelling = f.series ? "Skipping this visit" : "Cancelling";
  const underWay = `Once ${first} is on the way, the visit can no longer be ${f.series ? "skipped" : "cancelled"}.`;
  if (f.cancellationFeeCents === 0) return `${cancelling} is free, and any hold is released. ${underWay}`;
  const fee = `${withArticle(f.cancellationFeeCents)} cancellation fee, which goes to ${first}`;
  const freeUntil = freeCancellationEnds(f.date);
  if (now > freeUntil)
    return `The visit is less than ${LATE_CANCEL_HOURS} hours away, so ${cancelling.toLowerCase()} costs ${fee}. ${underWay}`;
  return `${cancelling} is free until ${formatCharlotteDateTime(freeUntil, "long")} (${LATE_CANCEL_HOURS} hours before ${VISIT_START_HOUR} AM on the visit's day), and any hold is released. After that it costs ${fee}. ${underWay}`;
}

function seriesSentence(f: BookingFacts): string | null {
  if (!f.series) return null;
  const { frequency, weekday } = f.series;
  const cadence =
    weekday === null ? frequencyLabel[frequency].toLowerCase() : cadenceText(frequency, weekday, f.date);
  return `This visit is part of ${seriesLabel(f.series.number)}: ${cadence}, ${formatCents(f.priceCents)} a visit, until you cancel. The visits after it are each held ${HOLD_DAYS_BEFORE_VISIT} days before their day and charged after you approve their work, with the same cancellation rule. You can skip a visit, or pause or cancel the series, from your dashboard.`;
}

export function bookingTerms(f: BookingFacts, now: Date = new Date()): BookingTerms {
  const { who, first } = f.landscaper;
  const price = formatCents(f.priceCents);
  return {
    jobNumber: jobLabel(f.jobNumber),
    day: formatLongDate(f.date),
    price: f.series ? `${price} a visit` : price,
    arrival: `There is no set arrival time: visits are booked by the day. When ${who} sets off, they send "On my way" with an arrival time, which you see on your dashboard and get by push, text or email as your notification settings say.`,
    hold: holdSentence(f, todayInCharlotte(now)),
    charge: `The price is charged only after the work. When ${first} marks it complete with photos, you approve it (your card is charged) or report a problem (nothing is charged until our team has looked); if you do neither within ${f.approvalHours} hours, it is approved and charged. You're never charged more than ${price} for the work unless you say yes to a higher final price.`,
    cancellation: cancellationSentence(f, now),
    series: seriesSentence(f),
    calendar: f.series
      ? {
          email:
            'The calendar file attached is this visit only: visits can be skipped, paused or moved for weather, and a file in your calendar can\'t follow those changes. Each visit on your dashboard has its own "Add to calendar".',
          file: 'This entry is this visit only: visits can be skipped, paused or moved for weather. Each visit on your GreenScape dashboard has its own "Add to calendar".',
        }
      : {
          email:
            'The calendar file attached adds the visit to your calendar. If the day changes, "Add to calendar" on your dashboard gives the updated entry.',
          file: 'If the day changes, "Add to calendar" on your GreenScape dashboard gives the updated entry.',
        },
  };
}
