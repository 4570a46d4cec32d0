import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { MAX_PHOTO_BYTES, quoteRequestSchema } from "../../../shared/jobs.js";
import { lotLookupAnswerSchema, lotLookupQuerySchema, tierForArea } from "../../../shared/pricing.js";
import { quoteAnswerSchema, servicePricesAnswerSchema } from "../../../shared/quotes.js";
import { repeatJobSchema } from "../../../shared/recurring.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { readMultipart } from "../../lib/multipart.js";
import { mailboxOf } from "../../lib/rate-limit/mailbox.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { getPrincipal } from "../accounts/index.js";
import { lookupLot } from "./parcel-lookup.js";
import { receiveQuote, repeatJob, servicePrices } from "./service.js";

// The same schema checks the JSON body and the text fields of the form that carries a photo.
const quoteInput = defineInput(
  { body: quoteRequestSchema },
  { multipart: { mode: "optional", files: ["photo"] } },
);

const lotInput = defineInput({ query: lotLookupQuerySchema });

const repeatInput = defineInput({
  params: z.object({ id: z.uuid({ message: "Job not found." }) }),
  body: repeatJobSchema,
});

export async function quoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  app.get(
    "/services/prices",
    { config: { access: "public" }, schema: answers(servicePricesAnswerSchema) },
    async () => ({ services: await servicePrices({ db: app.database.db }) }),
  );

  /** The quote form's size question: the lot from the parcel records, when there are any (issue 34). */
  app.get(
    "/quotes/lot",
    {
      config: { access: "public", input: lotInput, rateLimit: [policies.lotLookupByIp] },
      schema: answers(lotLookupAnswerSchema),
    },
    async (request) => {
      const { query } = lotInput.parse(request);
      const { lot } = await lookupLot({
        db: app.database.db,
        provider: app.parcelProvider,
        address: query.address,
        zipCode: query.zipCode,
        log: request.log,
      });
      return { lot: lot ? { ...lot, tier: tierForArea(lot.lotSqFt) } : null };
    },
  );

  /** The instant quote form: JSON, or multipart when a photo comes with it. */
  app.post(
    "/quotes",
    // The server's 1 MB body limit holds for a JSON quote; a form with a photo is limited by readMultipart
    // (one photo of at most 10 MB plus the text), which reads the stream itself.
    {
      config: { access: "public", input: quoteInput, rateLimit: [policies.quoteByIp] },
      schema: answers(quoteAnswerSchema),
    },
    async (request) => {
      let body: unknown = request.body;
      let photo: { buffer: Buffer } | undefined;
      if (request.isMultipart()) {
        const form = await readMultipart(request, {
          fileFields: quoteInput.multipart!.files,
          maxFileBytes: MAX_PHOTO_BYTES,
          tooLargeMessage: "The photo is larger than 10 MB. Please choose a smaller image.",
        });
        const services = form.fields.services;
        body = {
          ...form.fields,
          services: services === undefined ? [] : Array.isArray(services) ? services : [services],
        };
        photo = form.files.find((f) => f.fieldname === "photo");
      }
      const { body: input } = quoteInput.parse({ body });
      // Per email as well as per address: one address must not flood a stranger's inbox either.
      await app.limit(request, policies.quoteByEmail, mailboxOf(input.email));

      const principal = await getPrincipal(app, request);
      const { quote, stored } = await receiveQuote({
        db: app.database.db,
        env: app.env,
        storage: app.storage,
        input,
        customerId: principal?.role === "customer" ? principal.userId : null,
        photo,
      });
      // The honeypot caught a bot: it got the usual answer, and nothing was stored or sent.
      if (!stored) request.log.info("quote honeypot triggered; ignored");
      return { quote };
    },
  );

  /** A completed job's card: the same service again, once or on a schedule (issue 17). */
  app.post(
    "/jobs/:id/repeat",
    {
      config: { access: ["customer"], input: repeatInput, rateLimit: [policies.quoteByIp] },
      schema: answers(quoteAnswerSchema),
    },
    async (request) => {
      const { params, body } = repeatInput.parse(request);
      const principal = requirePrincipal(request);
      const quote = await repeatJob({
        db: app.database.db,
        env: app.env,
        customerId: principal.userId,
        jobId: params.id,
        frequency: body.frequency,
        preferredDate: body.preferredDate,
        idempotencyKey: body.idempotencyKey,
      });
      return { quote };
    },
  );
}
