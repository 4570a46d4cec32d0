import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import { z } from "zod";
import { okMessageAnswerSchema } from "../../../shared/answers.js";
import {
  addCardSchema,
  cardAnswerSchema,
  cardSetupAnswerSchema,
  earningsAnswerSchema,
  paymentMethodsAnswerSchema,
  payoutAccountAnswerSchema,
} from "../../../shared/payments.js";
import { job } from "../../db/schema.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { jobInput } from "../jobs/index.js";
import {
  addTestCard,
  finishCardSetup,
  listCards,
  removeCard,
  setDefaultCard,
  startCardSetup,
  toCardView,
} from "./cards.js";
import { jobMoneyRoutes } from "./job-money-routes.js";
import { earningsOf, setUpPayoutAccount } from "./payouts.js";
import { StripeProvider } from "./providers/index.js";
import { receiptData, receiptPdf } from "./receipt.js";
import { statementRoutes } from "./statement-routes.js";
import { applyStripeEvent } from "./webhooks.js";

const cardParams = z.object({ id: z.uuid({ message: "Card not found." }) });
const cardInput = defineInput({ params: cardParams });
const addCardInput = defineInput({ body: addCardSchema });
const confirmCardInput = defineInput({
  body: z.object({
    setupIntentId: z
      .string()
      .max(100, { message: "That card setup is not valid.", abort: true })
      .regex(/^seti_[A-Za-z0-9]+$/, { message: "That card setup is not valid." }),
  }),
});

/** A customer's saved cards (profile → Payment methods, and the booking approval dialog). */
export async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  await jobMoneyRoutes(fastify);
  await statementRoutes(fastify);
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

  // Stripe mode: the browser's Payment Element saves the card with Stripe; we keep what it saved.
  app.post(
    "/payments/cards/setup",
    { config: { access: ["customer"] }, schema: answers(cardSetupAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      await app.limit(request, policies.addCardByAccount, principal.userId);
      const setup = await startCardSetup({
        db: db(),
        provider: app.paymentProvider,
        userId: principal.userId,
      });
      return { clientSecret: setup.clientSecret, publishableKey: app.env.STRIPE_PUBLISHABLE_KEY ?? "" };
    },
  );

  app.post(
    "/payments/cards/confirm",
    { config: { access: ["customer"], input: confirmCardInput }, schema: answers(cardAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      const { body } = confirmCardInput.parse(request);
      const card = await finishCardSetup({
        db: db(),
        provider: app.paymentProvider,
        userId: principal.userId,
        setupIntentId: body.setupIntentId,
      });
      return { card: toCardView(card), message: "Card saved." };
    },
  );

  // Stripe's webhook: the raw body is what its signature covers, so this route reads it unparsed.
  await app.register(async (hooks) => {
    // The app's JSON parser (lib/json-body.ts) is inherited; this scope replaces it with a raw one.
    hooks.removeContentTypeParser("application/json");
    hooks.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    hooks.post(
      "/payments/stripe/webhook",
      {
        // Stripe's events carry whole objects (a charge with its invoice): more than a form, and signed.
        bodyLimit: 1024 * 1024,
        config: { access: "public", rateLimit: [policies.stripeWebhookByIp] },
        schema: answers(z.object({ received: z.boolean(), outcome: z.string() })),
      },
      async (request) => {
        const provider = app.paymentProvider;
        const secret = app.env.STRIPE_WEBHOOK_SECRET;
        if (!(provider instanceof StripeProvider) || !secret) throw notFound("Stripe is not in use here.");
        const signature = request.headers["stripe-signature"];
        if (typeof signature !== "string" || !Buffer.isBuffer(request.body))
          throw badRequest("The Stripe signature is missing.");
        let event: Stripe.Event;
        try {
          event = provider.stripe.webhooks.constructEvent(request.body, signature, secret);
        } catch {
          throw badRequest("The Stripe signature does not match.");
        }
        const outcome = await applyStripeEvent({ db: db(), provider, publicUrl: app.env.PUBLIC_URL, event });
        return { received: true, outcome };
      },
    );
  });

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
