import { eq, sql } from "drizzle-orm";
import {
  adjustedCents,
  BOOKING_HORIZON_DAYS,
  bookingMessages,
  FIRST_DAYS_SHOWN,
  offerMessages,
  PROS_SHOWN,
} from "../../../shared/booking.js";
import { formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import type { FirmPrice } from "../../../shared/pricing.js";
import { formatCents, jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { Db, Tx } from "../../db/client.js";
import { job, landscaper } from "../../db/schema.js";
import { AppError, conflict, fieldInvalid, notFound } from "../../lib/errors.js";
import { matchesTokenHash } from "../../lib/secret-token.js";
import type { Principal } from "../accounts/index.js";
import { queueBookingConfirmation } from "../jobs/confirmation/index.js";
import { type JobRow, loadJob, move } from "../jobs/index.js";
import { notify } from "../notifications/index.js";
import {
  cardToCharge,
  holdJobPrice,
  holdsAtApproval,
  noCardMessage,
  type PaymentProvider,
  releaseHold,
} from "../payments/index.js";
import { firmPriceColumns, recordedFirmPrice } from "../pricing/index.js";
import { visibleBySlug } from "../profiles/index.js";
import { activateSeries, offerSeries } from "../series/index.js";
import { instantCandidates } from "./free-days.js";
import { declinedBy, priceAgreedBefore } from "./given-back.js";
import { availablePros } from "./matching.js";

export type BookableRequest = JobRow & {
  firm: FirmPrice;
  /** Pros who declined or released it: not offered it again. */
  exclude: string[];
  /**
   * Given back by a pro after the customer booked (released, withdrawn, missed): the price they agreed (the job's firm price now) stands
   * for whoever comes next, whatever that pro's own rate.
   */
  priceFixed: boolean;
};

/** A request the customer may book at once: theirs by the quote's secret or their account, pending, firm. */
export async function bookableRequest(
  db: Db | Tx,
  options: { jobId: string; token?: string | undefined; customerId?: string | null },
): Promise<BookableRequest> {
  const [row] = await db.select().from(job).where(eq(job.id, options.jobId));
  const owns =
    row &&
    ((options.token !== undefined && matchesTokenHash(options.token, row.bookingTokenHash)) ||
      (options.customerId != null && row.customerId === options.customerId));
  if (!row || !owns) throw notFound("Request not found.");
  if (row.status !== "pending") throw conflict(bookingMessages.notPending);
  const firm = recordedFirmPrice(row);
  if (!firm) throw conflict(bookingMessages.noFirmPrice);
  const priceFixed = await priceAgreedBefore(db, row.id);
  if (!priceFixed && firm.heldUntil < todayInCharlotte()) throw conflict(bookingMessages.priceExpired);
  return { ...row, firm, exclude: await declinedBy(db, row.id), priceFixed };
}

/**
 * The pros free for a request, for its sender (the quote's secret) or its customer. With `proSlug` (the profile
 * the customer came from, issue 36) that pro comes first when they can be booked for it, and the answer says
 * whether they are free on the day asked for, on other days only, or not at all.
 */
export async function prosForRequest(options: {
  db: Db;
  jobId: string;
  token?: string | undefined;
  customerId?: string | null;
  proSlug?: string | undefined;
  now?: Date;
}) {
  const request = await bookableRequest(options.db, options);
  const base = {
    db: options.db,
    zipCode: request.zipCode,
    services: request.selectedServices,
    wantedDate: request.preferredDate,
    price: request.firm,
    fixedPrice: request.priceFixed,
    now: options.now,
  };
  const wanted = options.proSlug ? await visibleBySlug(options.db, options.proSlug) : undefined;
  if (!wanted) {
    const pros = await availablePros({ ...base, exclude: request.exclude });
    return { pros, zipCode: request.zipCode, requested: null };
  }
  // A pro who declined or released this request is not offered it again, even from their profile.
  const [first] = request.exclude.includes(wanted.id)
    ? []
    : await availablePros({ ...base, exclude: request.exclude, only: [wanted.id], limit: 1 });
  const others = await availablePros({
    ...base,
    exclude: [...request.exclude, wanted.id],
    limit: first ? PROS_SHOWN - 1 : PROS_SHOWN,
  });
  const wantedDate = [request.preferredDate, todayInCharlotte(options.now)].sort().at(-1)!;
  const status = !first ? "not-bookable" : first.firstDays[0] === wantedDate ? "free" : "other-days";
  return {
    pros: first ? [first, ...others] : others,
    zipCode: request.zipCode,
    requested: {
      landscaperId: wanted.id,
      name: wanted.businessName ?? wanted.fullName,
      status,
      wantedDate,
    } as const,
  };
}

export interface BookOptions {
  db: Db;
  env: Env;
  provider: PaymentProvider;
  principal: Principal;
  jobId: string;
  /** The quote's secret: a request sent before the account existed is booked with it. */
  token?: string | undefined;
  /** The chosen pro ("Any available pro" is resolved on the screen, so the price is seen before booking). */
  landscaperId: string;
  date: string;
  cardId?: string | undefined;
  now?: Date;
}

/** A day that filled (or never was free): 409 with the pro's next free days, which the screen offers. */
function dayNotFree(nextDays: readonly string[]) {
  const message = bookingMessages.dayFilled(nextDays.map(formatLongDate));
  return new AppError(409, "day_filled", message, { date: message });
}

/**
 * Books the request with one pro on one day at the firm price, in one step (issue 35): the card is held now
 * when the visit is 6 days away or fewer (as an approval does), then, under the pro's row lock, the day is
 * checked free (a working weekday after their notice, fewer visits than they take) and the job is scheduled
 * with them. Two customers after a pro's last slot of a day: the second waits on the lock, finds the day
 * full and is answered 409 with the pro's next free days. A booking that fails releases its hold.
 */
export async function bookRequest(options: BookOptions): Promise<JobRow> {
  const { db, principal } = options;
  const money = { db, provider: options.provider, publicUrl: options.env.PUBLIC_URL };
  const request = await bookableRequest(db, {
    jobId: options.jobId,
    token: options.token,
    customerId: principal.userId,
  });
  const card = await cardToCharge(db, principal.userId, options.cardId);
  if (!card) throw fieldInvalid("card", noCardMessage);
  const pro = options.landscaperId;
  const [chosen] = await instantCandidates(db, {
    zipCode: request.zipCode,
    services: request.selectedServices,
    from: options.date,
    horizonDays: 1,
    maxDays: 1,
    only: [pro],
    now: options.now,
  });
  if (!chosen || request.exclude.includes(pro)) throw conflict(bookingMessages.notBookable);
  const percent = request.priceFixed ? 0 : chosen.priceAdjustPercent;
  const price = {
    perVisitCents: adjustedCents(request.firm.perVisitCents, percent),
    firstVisitCents: adjustedCents(request.firm.firstVisitCents, percent),
  };
  const hold = {
    request,
    firstVisitCents: price.firstVisitCents,
    customerId: principal.userId,
    cardId: card.id,
  };
  return withHold(money, { ...hold, date: options.date, now: options.now }, () =>
    db.transaction(async (tx) => {
      // The pro's row lock: bookings of one pro happen one at a time, so a day's last slot goes once.
      await tx
        .select({ id: landscaper.userId })
        .from(landscaper)
        .where(eq(landscaper.userId, pro))
        .for("update");
      const [free] = await instantCandidates(tx, {
        zipCode: request.zipCode,
        services: request.selectedServices,
        from: options.date,
        horizonDays: BOOKING_HORIZON_DAYS,
        maxDays: FIRST_DAYS_SHOWN + 1,
        only: [pro],
        now: options.now,
      });
      if (!free) throw conflict(bookingMessages.notBookable);
      if (free.freeDays[0] !== options.date) throw dayNotFree(free.freeDays.slice(0, FIRST_DAYS_SHOWN));
      return await bookWith(tx, {
        env: options.env,
        request,
        landscaperId: pro,
        date: options.date,
        price,
        priceAdjustPercent: percent,
        customer: { id: principal.userId, email: principal.email, emailVerified: principal.emailVerified },
        actorId: principal.userId,
      });
    }),
  );
}

/** What moving money needs (the payments feature's deps). */
type MoneyContext = Parameters<typeof holdJobPrice>[0];

/**
 * Runs a booking with the card hold an approval would place: now when the visit is 6 days away or fewer
 * (a refused card books nothing), else the payment pass holds it 2 days before. When nothing was booked (the
 * day filled, the offer was taken back, the request changed) the hold goes back.
 */
export async function withHold<T>(
  money: MoneyContext,
  options: {
    request: JobRow;
    firstVisitCents: number;
    customerId: string;
    cardId: string;
    date: string;
    now?: Date | undefined;
  },
  book: () => Promise<T>,
): Promise<T> {
  const { request } = options;
  const holds = holdsAtApproval(options.date, options.now);
  if (holds) {
    await holdJobPrice(money, {
      current: { ...request, quotedPriceCents: options.firstVisitCents },
      customerId: options.customerId,
      cardId: options.cardId,
    });
  }
  try {
    return await book();
  } catch (error) {
    if (holds && (await loadJob(money.db, request.id)).status !== "scheduled")
      await releaseHold(money, request.id);
    throw error;
  }
}

/**
 * Schedules a pending request with a pro at a price, in the caller's transaction: the booking itself, its
 * series (a recurring request books every visit), the pro's notice and the customer's confirmation email.
 */
export async function bookWith(
  tx: Tx,
  options: {
    env: Env;
    request: JobRow & { firm: FirmPrice };
    landscaperId: string;
    date: string;
    price: { perVisitCents: number; firstVisitCents: number };
    priceAdjustPercent: number;
    customer: { id: string; email: string; emailVerified: boolean } | null;
    actorId: string | null;
    /**
     * The customer booked a pro's own offer (issue 35, item 6): the pro chose that day, so there is no
     * 2-hour release (that is for a booking the pro did not see coming).
     */
    fromOffer?: boolean;
    /** Our team assigned the pro and they confirmed (issue 38): their choice too, so no 2-hour release. */
    assigned?: boolean;
  },
): Promise<JobRow> {
  const { request, price } = options;
  const firm: FirmPrice = {
    ...request.firm,
    perVisitCents: price.perVisitCents,
    firstVisitCents: price.firstVisitCents,
    firstVisitSurcharge: request.firm.firstVisitSurcharge
      ? { ...request.firm.firstVisitSurcharge, cents: price.firstVisitCents - price.perVisitCents }
      : null,
    lines:
      options.priceAdjustPercent === 0
        ? request.firm.lines
        : [
            ...request.firm.lines,
            {
              label: `The pro's own rate (${options.priceAdjustPercent > 0 ? "+" : "−"}${Math.abs(options.priceAdjustPercent)}%)`,
              cents: price.perVisitCents - request.firm.perVisitCents,
            },
          ],
  };
  const current = await loadJob(tx, request.id);
  const booked = await move(tx, {
    current,
    action: options.fromOffer ? "book_offer" : "book",
    actorId: options.actorId,
    set: {
      landscaperId: options.landscaperId,
      quotedPriceCents: price.firstVisitCents,
      ...firmPriceColumns(firm),
      scheduledDate: options.date,
      acceptedAt: sql`now()`,
      scheduledAt: new Date(),
      bookedInstantlyAt: options.fromOffer || options.assigned ? null : new Date(),
      // The account that booked owns the request, and its emails go to the address it signed up with.
      ...(options.customer
        ? { customerId: options.customer.id, customerEmail: options.customer.email.toLowerCase() }
        : {}),
    },
    raceMessage: bookingMessages.notPending,
  });
  if (booked.seriesId) {
    await offerSeries(tx, {
      visit: booked,
      landscaperId: options.landscaperId,
      priceCents: price.perVisitCents,
    });
    await activateSeries(tx, booked, todayInCharlotte());
  }
  await notify(tx, [
    {
      userId: options.landscaperId,
      type: "job",
      message: options.fromOffer
        ? offerMessages.chosen(jobLabel(booked.number), formatLongDate(options.date))
        : options.assigned
          ? `You confirmed ${jobLabel(booked.number)} on ${formatLongDate(options.date)} for ${formatCents(price.firstVisitCents)}: it is on your schedule.`
          : `New booking: ${jobLabel(booked.number)} on ${formatLongDate(options.date)} for ${formatCents(price.firstVisitCents)}. You can release it within 2 hours if you cannot do it.`,
      link: "/landscaper-dashboard?tab=schedule",
    },
  ]);
  await queueBookingConfirmation(tx, options.env, booked, {
    unconfirmedEmail: options.customer !== null && !options.customer.emailVerified,
  });
  return booked;
}
