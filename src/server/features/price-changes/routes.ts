import type { FastifyInstance } from "fastify";
import { jobActionAnswerSchema, MAX_PHOTO_BYTES } from "../../../shared/jobs.js";
import { askPriceChangeSchema } from "../../../shared/price-change.js";
import { photoFields, photoMessages } from "../../../shared/proof.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { readMultipart } from "../../lib/multipart.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { jobActionRoutes, jobInput, jobParams, jobViewFor } from "../jobs/index.js";
import { approvePriceChange, declinePriceChange } from "./answer.js";
import { askPriceChange, withdrawPriceChange } from "./ask.js";

// The ask is a form: the new price and the reason, and the photos as photo1…photo6 (the proof photos' fields).
const askInput = defineInput(
  { params: jobParams, body: askPriceChangeSchema },
  { multipart: { mode: "required", files: photoFields } },
);

/** A price change before the work (issue 34): the landscaper asks or takes it back, the customer answers. */
export async function priceChangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const jobAction = jobActionRoutes(fastify);

  app.post(
    "/jobs/:id/price-change",
    { config: { access: ["landscaper"], input: askInput }, schema: answers(jobActionAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      await app.limit(request, policies.priceChangeByAccount, principal.userId);
      const form = await readMultipart(request, {
        fileFields: photoFields,
        maxFileBytes: MAX_PHOTO_BYTES,
        tooLargeMessage: photoMessages.tooLarge,
      });
      const { params, body } = askInput.parse({ params: request.params, body: form.fields });
      const updated = await askPriceChange({
        db: app.database.db,
        env: app.env,
        principal,
        jobId: params.id,
        provider: app.paymentProvider,
        storage: app.storage,
        priceCents: body.price,
        reason: body.reason,
        files: form.files.map((file) => file.buffer),
      });
      return {
        job: jobViewFor(principal, updated),
        message: "Price change sent. Until the customer answers, the agreed price stands.",
      };
    },
  );
  jobAction(
    "/jobs/:id/price-change/withdraw",
    ["landscaper"],
    jobInput,
    (context) => withdrawPriceChange(context),
    "You took back the price change. The agreed price stands.",
    policies.priceChangeByAccount,
  );
  jobAction(
    "/jobs/:id/price-change/approve",
    ["customer"],
    jobInput,
    (context) => approvePriceChange(context),
    "New price approved: it is the agreed price now.",
    policies.priceChangeAnswerByAccount,
  );
  jobAction(
    "/jobs/:id/price-change/decline",
    ["customer"],
    jobInput,
    (context) => declinePriceChange(context),
    "Price change declined. The agreed price stands.",
    policies.priceChangeAnswerByAccount,
  );
}
