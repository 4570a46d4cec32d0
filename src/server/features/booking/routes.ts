import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  availabilityAnswerSchema,
  availabilitySchema,
  availableProsAnswerSchema,
  bookingAnswerSchema,
  bookOfferSchema,
  bookRequestSchema,
  prosQuerySchema,
  releaseBookingSchema,
} from "../../../shared/booking.js";
import { jobActionAnswerSchema } from "../../../shared/jobs.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { getPrincipal } from "../accounts/index.js";
import { jobParams, jobViewFor } from "../jobs/index.js";
import { landscaperNameOf } from "../landscapers/index.js";
import { askingFigures } from "./asking.js";
import { getAvailability, setAvailability } from "./availability.js";
import { bookRequest, prosForRequest } from "./book.js";
import { needsProRoutes } from "./needs-pro-routes.js";
import { bookOffer } from "./offers.js";
import { releaseBooking } from "./release.js";

const requestParams = z.object({ id: z.uuid({ message: "Request not found." }) });
const availabilityInput = defineInput({ body: availabilitySchema });
const prosInput = defineInput({ params: requestParams, query: prosQuerySchema });
const bookInput = defineInput({ params: requestParams, body: bookRequestSchema });
const releaseInput = defineInput({ params: jobParams, body: releaseBookingSchema });
const offerInput = defineInput({
  params: requestParams.extend({ offerId: z.uuid({ message: "Offer not found." }) }),
  body: bookOfferSchema,
});

/** Instant booking (issue 35): a pro's availability, the pros free for a request, booking one, releasing. */
export async function bookingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  await app.register(needsProRoutes);

  app.get(
    "/landscaper/availability",
    { config: { access: ["landscaper"] }, schema: answers(availabilityAnswerSchema) },
    async (request) => ({
      availability: await getAvailability(app.database.db, requirePrincipal(request).userId),
    }),
  );

  app.put(
    "/landscaper/availability",
    {
      config: { access: ["landscaper"], input: availabilityInput },
      schema: answers(availabilityAnswerSchema),
    },
    async (request) => {
      const { body } = availabilityInput.parse(request);
      const principal = requirePrincipal(request);
      return { availability: await setAvailability(app.database.db, principal.userId, body) };
    },
  );

  /** The quote's sender (its secret) or its customer: up to three pros free for it, best first. */
  app.get(
    "/quotes/:id/pros",
    { config: { access: "public", input: prosInput }, schema: answers(availableProsAnswerSchema) },
    async (request) => {
      const { params, query } = prosInput.parse(request);
      const principal = await getPrincipal(app, request);
      const { pros, zipCode, requested } = await prosForRequest({
        db: app.database.db,
        jobId: params.id,
        token: query.token,
        customerId: principal?.role === "customer" ? principal.userId : null,
        proSlug: query.pro,
      });
      // Asked only when there is nobody to book: then the page says who sees the request instead.
      const asking = pros.length
        ? { nearbyPros: 0, usualOfferHours: null }
        : await askingFigures(app.database.db, zipCode);
      return { pros, cancellationFeeCents: app.env.CANCELLATION_FEE_CENTS, ...asking, requested };
    },
  );

  app.post(
    "/quotes/:id/book",
    { config: { access: ["customer"], input: bookInput }, schema: answers(bookingAnswerSchema) },
    async (request) => {
      const { params, body } = bookInput.parse(request);
      const principal = requirePrincipal(request);
      await app.limit(request, policies.bookByAccount, principal.userId);
      const booked = await bookRequest({
        db: app.database.db,
        env: app.env,
        provider: app.paymentProvider,
        principal,
        jobId: params.id,
        token: body.token,
        landscaperId: body.landscaperId,
        date: body.date,
        cardId: body.cardId,
      });
      return {
        jobId: booked.id,
        jobNumber: booked.number,
        date: booked.scheduledDate!,
        landscaperName: (await landscaperNameOf(app.database.db, booked.landscaperId!)) ?? "Your pro",
        firstVisitCents: booked.quotedPriceCents ?? 0,
        perVisitCents: booked.firmPriceCents ?? booked.quotedPriceCents ?? 0,
        recurring: booked.seriesId !== null,
        confirmEmail: !principal.emailVerified,
      };
    },
  );

  /** The customer books one pro's offer on their open request; the other offers close. */
  app.post(
    "/jobs/:id/offers/:offerId/book",
    { config: { access: ["customer"], input: offerInput }, schema: answers(bookingAnswerSchema) },
    async (request) => {
      const { params, body } = offerInput.parse(request);
      const principal = requirePrincipal(request);
      await app.limit(request, policies.bookByAccount, principal.userId);
      const { job: booked, landscaperName } = await bookOffer({
        db: app.database.db,
        env: app.env,
        provider: app.paymentProvider,
        principal,
        jobId: params.id,
        offerId: params.offerId,
        cardId: body.cardId,
      });
      return {
        jobId: booked.id,
        jobNumber: booked.number,
        date: booked.scheduledDate!,
        landscaperName,
        firstVisitCents: booked.quotedPriceCents ?? 0,
        perVisitCents: booked.firmPriceCents ?? booked.quotedPriceCents ?? 0,
        recurring: booked.seriesId !== null,
        confirmEmail: !principal.emailVerified,
      };
    },
  );

  app.post(
    "/jobs/:id/release",
    { config: { access: ["landscaper"], input: releaseInput }, schema: answers(jobActionAnswerSchema) },
    async (request) => {
      const { params, body } = releaseInput.parse(request);
      const principal = requirePrincipal(request);
      await app.limit(request, policies.jobWithdrawByAccount, principal.userId);
      const { released, rebooked } = await releaseBooking({
        db: app.database.db,
        env: app.env,
        principal,
        jobId: params.id,
        reason: body.reason,
      });
      return {
        job: jobViewFor(principal, released),
        message: rebooked
          ? "Booking released. The next available pro is booked for the customer at the same price."
          : "Booking released. No other pro is free that day, so the customer chooses another day or cancels.",
      };
    },
  );
}
