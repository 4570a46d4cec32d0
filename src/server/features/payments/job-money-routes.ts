import type { FastifyInstance } from "fastify";
import { approveWorkSchema, refundJobSchema } from "../../../shared/jobs.js";
import { payoutRunAnswerSchema } from "../../../shared/payments.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { jobActionRoutes, jobInput, jobParams } from "../jobs/index.js";
import { payNowMessage } from "./pay-now-message.js";
import { waitingBalances } from "./payouts.js";
import { chargeReportedWork, refundJob, releaseReportedPayment } from "./settlement/admin-money.js";
import { runPayouts } from "./settlement/payment-pass.js";
import { approveWork } from "./settlement/work-approval.js";

const approveWorkInput = defineInput({ params: jobParams, body: approveWorkSchema });
const refundInput = defineInput({ params: jobParams, body: refundJobSchema });

/** A job's money once the work is done: the customer's approval, our team's refunds and releases, payouts. */
export async function jobMoneyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const jobAction = jobActionRoutes(fastify);

  jobAction(
    "/jobs/:id/approve-work",
    ["customer"],
    approveWorkInput,
    (context, { body }) =>
      approveWork({ ...context, acceptNewPrice: body.acceptNewPrice, showPhotos: body.showPhotos }),
    "Thanks! The work is approved and your card has been charged.",
  );

  // Our team, on a job's money.
  jobAction(
    "/admin/jobs/:id/refund",
    ["admin"],
    refundInput,
    (context, { body }) => refundJob({ ...context, amountCents: body.amount, reason: body.reason }),
    "Refunded. The customer has been emailed.",
  );
  jobAction(
    "/admin/jobs/:id/charge-reported",
    ["admin"],
    jobInput,
    (context) => chargeReportedWork(context),
    "The work is approved and the customer charged.",
  );
  jobAction(
    "/admin/jobs/:id/release-payment",
    ["admin"],
    jobInput,
    (context) => releaseReportedPayment(context),
    "The hold is cancelled; the customer is not charged.",
  );

  // "Pay out now": today's run for every ready payout account, outside the weekly schedule.
  app.post(
    "/admin/payouts/run",
    { config: { access: ["admin"] }, schema: answers(payoutRunAnswerSchema) },
    async (request) => {
      const schedule = { day: app.env.PAYOUT_DAY, hour: app.env.PAYOUT_HOUR };
      const now = new Date();
      const report = await runPayouts({
        db: app.database.db,
        provider: app.paymentProvider,
        publicUrl: app.env.PUBLIC_URL,
        log: app.log,
        now: () => now,
        schedule,
        env: app.env,
        payNow: true,
        auditActor: requirePrincipal(request),
      });
      const waiting = await waitingBalances(app.database.db, now, schedule);
      return { ...report, waiting, message: payNowMessage(report, waiting) };
    },
  );
}
