import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { MAX_PHOTO_BYTES, quoteRequestSchema } from "../../../shared/jobs.js";
import {
  photoMessages,
  type QuoteAnswer,
  quoteAnswerSchema,
  servicePricesAnswerSchema,
} from "../../../shared/quotes.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { unsupportedFile } from "../../lib/errors.js";
import { extensionOf, sniffFileType } from "../../lib/file-type.js";
import { readMultipart } from "../../lib/multipart.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { getPrincipal } from "../accounts/principal.js";
import { priceTable, submitQuote } from "../jobs/service.js";

// The same schema checks the JSON body and the text fields of the form that carries a photo.
const quoteInput = defineInput(
  { body: quoteRequestSchema },
  { multipart: { mode: "optional", files: ["photo"] } },
);

export async function quoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  app.get(
    "/services/prices",
    { config: { access: "public" }, schema: answers(servicePricesAnswerSchema) },
    async () => {
      const rows = await priceTable(app.database.db);
      return {
        services: rows.map((r) => ({
          id: r.serviceId,
          name: r.name,
          description: r.description,
          lowCents: r.lowCents,
          highCents: r.highCents,
        })),
      };
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
      await app.limit(request, policies.quoteByEmail, input.email);

      if (input.website.trim() !== "") {
        // The honeypot caught a bot: the normal success answer, nothing stored, nothing sent.
        request.log.info("quote honeypot triggered; ignored");
        return {
          quote: {
            id: randomUUID(),
            number: 0,
            fullName: input.fullName,
            email: input.email,
            services: input.services,
            address: input.address,
            zipCode: input.zipCode,
            preferredDate: input.preferredDate,
            estimateLowCents: 0,
            estimateHighCents: 0,
          },
        } satisfies QuoteAnswer;
      }

      let stored: { key: string; contentType: string } | undefined;
      if (photo) {
        const type = sniffFileType(photo.buffer);
        if (!type || type === "application/pdf") throw unsupportedFile(photoMessages.notAnImage);
        stored = { key: `jobs/${randomUUID()}.${extensionOf[type]}`, contentType: type };
        await app.storage.put(stored.key, photo.buffer);
      }

      const principal = await getPrincipal(app, request);
      try {
        const { job, created } = await submitQuote({
          db: app.database.db,
          env: app.env,
          input,
          customerId: principal?.role === "customer" ? principal.userId : null,
          photo: stored,
        });
        // A retried request already stored its photo with the first job; drop the duplicate file.
        if (!created && stored) await app.storage.delete(stored.key);
        return {
          quote: {
            id: job.id,
            number: job.number,
            fullName: job.customerName,
            email: job.customerEmail,
            services: job.selectedServices,
            address: job.address,
            zipCode: job.zipCode,
            preferredDate: job.preferredDate,
            estimateLowCents: job.estimateLowCents,
            estimateHighCents: job.estimateHighCents,
          },
        } satisfies QuoteAnswer;
      } catch (error) {
        if (stored) await app.storage.delete(stored.key);
        throw error;
      }
    },
  );
}
