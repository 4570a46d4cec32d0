import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  insuranceExpirySchema,
  MAX_PROFILE_PHOTO_BYTES,
  profileSettingsMessages,
  publicProfileSettingsAnswerSchema,
  publicProfileSettingsSchema,
} from "../../../shared/profile-settings.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { readMultipart } from "../../lib/multipart.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import {
  ownPhoto,
  profileSettingsOf,
  removeProfilePhoto,
  saveProfileSettings,
  setInsuranceExpiry,
  uploadProfilePhoto,
} from "./public-profile.js";

const settingsInput = defineInput({ body: publicProfileSettingsSchema });
const photoInput = defineInput({}, { multipart: { mode: "required", files: ["photo"] } });
const insuranceInput = defineInput({
  params: z.object({ id: z.string().max(64, { message: "Landscaper not found." }) }),
  body: insuranceExpirySchema,
});

/** The landscaper's own public-profile settings and photo, and the admin's entry of the insurance expiry. */
export async function publicProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const db = () => app.database.db;

  app.get(
    "/landscaper/public-profile",
    { config: { access: ["landscaper"] }, schema: answers(publicProfileSettingsAnswerSchema) },
    async (request) => ({ settings: await profileSettingsOf(db(), requirePrincipal(request).userId) }),
  );

  app.put(
    "/landscaper/public-profile",
    {
      config: { access: ["landscaper"], input: settingsInput },
      schema: answers(publicProfileSettingsAnswerSchema),
    },
    async (request) => {
      const { body } = settingsInput.parse(request);
      const settings = await saveProfileSettings({
        db: db(),
        userId: requirePrincipal(request).userId,
        input: body,
      });
      return {
        settings,
        message: settings.hidden ? profileSettingsMessages.hidden : profileSettingsMessages.saved,
      };
    },
  );

  app.post(
    "/landscaper/public-profile/photo",
    {
      config: { access: ["landscaper"], input: photoInput },
      schema: answers(publicProfileSettingsAnswerSchema),
    },
    async (request) => {
      photoInput.parse(request);
      if (!request.isMultipart()) throw badRequest(profileSettingsMessages.noPhoto);
      const form = await readMultipart(request, {
        fileFields: photoInput.multipart!.files,
        maxFileBytes: MAX_PROFILE_PHOTO_BYTES,
        tooLargeMessage: profileSettingsMessages.photoTooLarge,
      });
      const file = form.files.find((f) => f.fieldname === "photo");
      if (!file) throw badRequest(profileSettingsMessages.noPhoto);
      const settings = await uploadProfilePhoto({
        db: db(),
        storage: app.storage,
        userId: requirePrincipal(request).userId,
        file,
      });
      return { settings, message: profileSettingsMessages.photoSaved };
    },
  );

  app.delete(
    "/landscaper/public-profile/photo",
    { config: { access: ["landscaper"] }, schema: answers(publicProfileSettingsAnswerSchema) },
    async (request) => {
      const settings = await removeProfilePhoto({
        db: db(),
        storage: app.storage,
        userId: requirePrincipal(request).userId,
      });
      return { settings, message: profileSettingsMessages.photoRemoved };
    },
  );

  // The owner's view of their photo, shown in the settings even while the profile is hidden.
  app.get(
    "/landscaper/public-profile/photo",
    { config: { answer: "raw", access: ["landscaper"] } },
    async (request, reply) => {
      const photo = await ownPhoto(db(), requirePrincipal(request).userId);
      const file = await app.storage.get(photo.key);
      if (!file) throw notFound("No photo.");
      reply.header("content-type", photo.contentType);
      reply.header("content-length", file.size);
      reply.header("cache-control", "private, no-cache");
      return reply.send(file.stream);
    },
  );

  app.put(
    "/admin/landscapers/:id/insurance",
    {
      config: { access: ["admin"], input: insuranceInput },
      schema: answers(publicProfileSettingsAnswerSchema),
    },
    async (request) => {
      const { params, body } = insuranceInput.parse(request);
      const settings = await setInsuranceExpiry({
        db: db(),
        principal: requirePrincipal(request),
        landscaperId: params.id,
        expiresOn: body.expiresOn,
      });
      return {
        settings,
        message: body.expiresOn
          ? "Insurance expiry saved."
          : "Insurance expiry cleared: the profile shows no Insured badge.",
      };
    },
  );
}
