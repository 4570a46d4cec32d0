import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { okMessageAnswerSchema } from "../../../shared/answers.js";
import {
  addCardSchema,
  cardAnswerSchema,
  earningsAnswerSchema,
  paymentMethodsAnswerSchema,
  payoutAccountAnswerSchema,
} from "../../../shared/payments.js";
import { job } from "../../db/schema.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { notFound } from "../../lib/errors.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { addTestCard, listCards, removeCard, setDefaultCard, toCardView } from "./cards.js";
import { earningsOf, setUpPayoutAccount } from "./payouts.js";
import { receiptData, receiptPdf } from "./receipt.js";

const cardParams = z.object({ id: z.uuid({ message: "Card not found." }) });
const cardInput = defineInput({ params: cardParams });
const addCardInput = defineInput({ body: addCardSchema });
const jobInput = defineInput({ params: z.object({ id: z.uuid({ message: "Job not found." }) }) });

/** A customer's saved cards (profile → Payment methods, and the booking approval dialog). */
export async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const db = () => app.database.db;

  app.get(
    "/payments/cards",
    { config: { access: ["customer"] }, schema: answers(paymentMethodsAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      const cards = await listCards(db(), principal.userId);
      return {
        cards: cards.map(toCardView),
        mode: app.paymentProvider.name,
        cancellationFeeCents: app.env.CANCELLATION_FEE_CENTS,
      };
    },
  );

  app.post(
    "/payments/cards",
    { config: { access: ["customer"], input: addCardInput }, schema: answers(cardAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      const { body } = addCardInput.parse(request);
      await app.limit(request, policies.addCardByAccount, principal.userId);
      const card = await addTestCard({
        db: db(),
        provider: app.paymentProvider,
        userId: principal.userId,
        input: body,
      });
      return { card: toCardView(card), message: "Card saved." };
    },
  );

  app.post(
    "/payments/cards/:id/default",
    { config: { access: ["customer"], input: cardInput }, schema: answers(cardAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      const { params } = cardInput.parse(request);
      const card = await setDefaultCard(db(), principal.userId, params.id);
      return { card: toCardView(card), message: "Bookings will be held on this card." };
    },
  );

  // The landscaper's Earnings tab, and setting up where they are paid.
  app.get(
    "/landscaper/earnings",
    { config: { access: ["landscaper"] }, schema: answers(earningsAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      return earningsOf({
        db: db(),
        userId: principal.userId,
        now: new Date(),
        schedule: { day: app.env.PAYOUT_DAY, hour: app.env.PAYOUT_HOUR },
        mode: app.paymentProvider.name,
      });
    },
  );

  app.post(
    "/landscaper/payout-account",
    { config: { access: ["landscaper"] }, schema: answers(payoutAccountAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      const account = await setUpPayoutAccount({
        db: db(),
        provider: app.paymentProvider,
        userId: principal.userId,
        returnUrl: `${app.env.PUBLIC_URL}/landscaper-dashboard?tab=earnings`,
      });
      return {
        ...account,
        message: account.ready
          ? "Payouts are set up. Your balance is paid every week."
          : "Finish setting up payouts with our payment partner.",
      };
    },
  );

  // A job's receipt, as a PDF: its customer and admins.
  app.get(
    "/jobs/:id/receipt",
    { config: { answer: "raw", access: ["customer", "admin"], input: jobInput } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { params } = jobInput.parse(request);
      const [owner] = await db()
        .select({ customerId: job.customerId })
        .from(job)
        .where(eq(job.id, params.id));
      if (!owner || (!principal.isAdmin && owner.customerId !== principal.userId))
        throw notFound("Job not found.");
      const data = await receiptData(db(), params.id);
      const pdf = await receiptPdf(data);
      reply.header("content-type", "application/pdf");
      reply.header("content-disposition", `attachment; filename="receipt-${data.jobNumber}.pdf"`);
      reply.header("cache-control", "private, no-store");
      return reply.send(pdf);
    },
  );

  app.delete(
    "/payments/cards/:id",
    { config: { access: ["customer"], input: cardInput }, schema: answers(okMessageAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      const { params } = cardInput.parse(request);
      await removeCard({
        db: db(),
        userId: principal.userId,
        cardId: params.id,
        // A booking still to be paid: approved or waiting for approval, or done and not yet approved.
        needsCard: async (tx) => {
          const rows = await tx
            .select({ id: job.id })
            .from(job)
            .where(
              and(
                eq(job.customerId, principal.userId),
                or(
                  inArray(job.status, ["accepted", "scheduled"]),
                  and(eq(job.status, "completed"), isNull(job.workApprovedAt)),
                ),
              ),
            )
            .limit(1);
          return rows.length > 0;
        },
      });
      return { ok: true, message: "Card removed." };
    },
  );
}
