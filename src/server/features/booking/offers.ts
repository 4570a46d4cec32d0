import { and, eq } from "drizzle-orm";
import { bookingMessages, offerMessages } from "../../../shared/booking.js";
import { todayInCharlotte } from "../../../shared/dates.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import { jobOffer, landscaper } from "../../db/schema.js";
import { conflict, fieldInvalid, notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";
import { type JobRow, loadJob } from "../jobs/index.js";
import { cardToCharge, noCardMessage, type PaymentProvider } from "../payments/index.js";
import { recordedFirmPrice } from "../pricing/index.js";
import { bookWith, withHold } from "./book.js";

/**
 * The customer books one pro's offer on their open request (issue 35, item 6): that pro, that day, the price
 * they offered (the firm price). As an approval does, the card is held now when the visit is 6 days away or
 * fewer, else 2 days before; the other offers close as the request leaves the queue (jobs/lifecycle.ts). A
 * booking that fails releases its hold.
 */
export async function bookOffer(options: {
  db: Db;
  env: Env;
  provider: PaymentProvider;
  principal: Principal;
  jobId: string;
  offerId: string;
  cardId?: string | undefined;
  now?: Date;
}): Promise<{ job: JobRow; landscaperName: string }> {
  const { db, principal } = options;
  const money = { db, provider: options.provider, publicUrl: options.env.PUBLIC_URL };
  const request = await loadJob(db, options.jobId);
  if (request.customerId !== principal.userId) throw notFound("Request not found.");
  if (request.status !== "pending") throw conflict(bookingMessages.notPending);
  const firm = recordedFirmPrice(request);
  if (!firm) throw conflict(bookingMessages.noFirmPrice);
  const offer = await waitingOffer(db, options);
  if (offer.scheduledDate < todayInCharlotte(options.now)) throw conflict(offerMessages.dayPassed);
  const card = await cardToCharge(db, principal.userId, options.cardId);
  if (!card) throw fieldInvalid("card", noCardMessage);
  const price = { firstVisitCents: offer.firstVisitCents, perVisitCents: offer.perVisitCents };
  const hold = {
    request,
    firstVisitCents: price.firstVisitCents,
    customerId: principal.userId,
    cardId: card.id,
  };
  return withHold(money, { ...hold, date: offer.scheduledDate, now: options.now }, () =>
    db.transaction(async (tx) => {
      // The offer is still waiting (not taken back meanwhile), under its row lock.
      const [still] = await tx
        .select({ id: jobOffer.id })
        .from(jobOffer)
        .where(and(eq(jobOffer.id, offer.id), eq(jobOffer.status, "waiting")))
        .for("update");
      if (!still) throw conflict(offerMessages.gone);
      const booked = await bookWith(tx, {
        env: options.env,
        request: { ...(await loadJob(tx, request.id)), firm },
        landscaperId: offer.landscaperId,
        date: offer.scheduledDate,
        price,
        priceAdjustPercent: 0,
        customer: { id: principal.userId, email: principal.email, emailVerified: principal.emailVerified },
        actorId: principal.userId,
        fromOffer: true,
      });
      return { job: booked, landscaperName: offer.landscaperName };
    }),
  );
}

/** The offer, waiting on this request, from a pro who may still take work. */
async function waitingOffer(db: Db, options: { jobId: string; offerId: string }) {
  const [row] = await db
    .select({
      id: jobOffer.id,
      landscaperId: jobOffer.landscaperId,
      scheduledDate: jobOffer.scheduledDate,
      firstVisitCents: jobOffer.firstVisitCents,
      perVisitCents: jobOffer.perVisitCents,
      status: jobOffer.status,
      proStatus: landscaper.status,
      pausedAt: landscaper.pausedAt,
      businessName: landscaper.businessName,
      fullName: landscaper.fullName,
    })
    .from(jobOffer)
    .innerJoin(landscaper, eq(landscaper.userId, jobOffer.landscaperId))
    .where(and(eq(jobOffer.id, options.offerId), eq(jobOffer.jobId, options.jobId)));
  if (!row) throw notFound("Offer not found.");
  if (row.status !== "waiting") throw conflict(offerMessages.gone);
  if (row.proStatus !== "approved" || row.pausedAt) throw conflict(offerMessages.proUnavailable);
  return { ...row, landscaperName: landscaperDisplayName(row) };
}
