import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { okAnswerSchema } from "../../../shared/answers.js";
import { MAX_PHOTO_BYTES } from "../../../shared/jobs.js";
import {
  photoFields,
  photoMessages,
  photosAnswerSchema,
  photoUploadFieldsSchema,
} from "../../../shared/proof.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { readMultipart } from "../../lib/multipart.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { claimFieldKey, fieldKeyOf, jobParams } from "../jobs/index.js";
import { setGalleryConsent } from "./gallery-consent.js";
import { addPhotos, readPhoto, removePhoto } from "./photos.js";
import { sendPhoto } from "./process-photo.js";
import { visitRoutes } from "./visit-routes.js";

const photoParams = jobParams.extend({ photoId: z.uuid({ message: "Photo not found." }) });
const uploadInput = defineInput(
  { params: jobParams, body: photoUploadFieldsSchema },
  { multipart: { mode: "required", files: photoFields } },
);
const photoInput = defineInput({ params: photoParams });
const consentInput = defineInput({
  params: jobParams,
  body: z.object({ show: z.boolean({ message: "Choose whether your photos may be shown." }) }),
});
const readInput = defineInput({
  params: photoParams,
  query: z.object({ size: z.enum(["thumb", "full"]).default("full") }),
});

/** A job's proof-of-work photos: for its customer, its assigned landscaper and admins only. */
export async function proofRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  await visitRoutes(fastify);

  app.post(
    "/jobs/:id/photos",
    {
      config: { access: ["customer", "landscaper"], input: uploadInput },
      schema: answers(photosAnswerSchema),
    },
    async (request) => {
      const principal = requirePrincipal(request);
      await app.limit(request, policies.photoUploadByAccount, principal.userId);
      const form = await readMultipart(request, {
        fileFields: photoFields,
        maxFileBytes: MAX_PHOTO_BYTES,
        tooLargeMessage: photoMessages.tooLarge,
      });
      const { params, body } = uploadInput.parse({ params: request.params, body: form.fields });
      // Photos taken offline are sent later with a key (issue 37): a repeat adds them only once.
      const key = fieldKeyOf(request);
      const claim = { userId: principal.userId, action: "/jobs/:id/photos", jobId: params.id };
      const { photos, repeated } = await addPhotos({
        db: app.database.db,
        storage: app.storage,
        principal,
        jobId: params.id,
        kind: body.kind,
        files: form.files.map((f) => f.buffer),
        claim: key === undefined ? undefined : (tx) => claimFieldKey(tx, { ...claim, key }),
      });
      const added = form.files.length;
      const noun = added === 1 ? "photo" : "photos";
      return { photos, message: repeated ? "These photos were already added." : `${added} ${noun} added.` };
    },
  );

  app.delete(
    "/jobs/:id/photos/:photoId",
    {
      config: { access: ["customer", "landscaper"], input: photoInput },
      schema: answers(photosAnswerSchema),
    },
    async (request) => {
      const { params } = photoInput.parse(request);
      const photos = await removePhoto({
        db: app.database.db,
        storage: app.storage,
        principal: requirePrincipal(request),
        jobId: params.id,
        photoId: params.photoId,
      });
      return { photos, message: "Photo removed." };
    },
  );

  // The customer's yes or no to showing this job's after-photos in the landscaper's public gallery.
  app.post(
    "/jobs/:id/gallery-consent",
    { config: { access: ["customer"], input: consentInput }, schema: answers(okAnswerSchema) },
    async (request) => {
      const { params, body } = consentInput.parse(request);
      const message = await setGalleryConsent({
        db: app.database.db,
        principal: requirePrincipal(request),
        jobId: params.id,
        show: body.show,
      });
      return { ok: true, message };
    },
  );

  app.get(
    "/jobs/:id/photos/:photoId",
    { config: { answer: "raw", access: "signed-in", input: readInput } },
    async (request, reply) => {
      const { params, query } = readInput.parse(request);
      const file = await readPhoto({
        db: app.database.db,
        storage: app.storage,
        principal: requirePrincipal(request),
        jobId: params.id,
        photoId: params.photoId,
        size: query.size,
      });
      return sendPhoto(reply, file);
    },
  );
}
