import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  documentsAnswerSchema,
  documentTypeSchema,
  landscaperMessages,
  landscaperProfileAnswerSchema,
  landscaperProfileSchema,
  MAX_DOCUMENT_BYTES,
  submitAnswerSchema,
  uploadAnswerSchema,
} from "../../../shared/landscapers.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { dispositionFor } from "../../lib/file-type.js";
import { readMultipart } from "../../lib/multipart.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { pendingAreaChangeOf } from "./area-changes.js";
import { publicProfileRoutes } from "./public-profile-routes.js";
import {
  documentForDownload,
  findProfile,
  listDocuments,
  saveProfile,
  submitApplication,
  toDocumentView,
  toProfileView,
  uploadDocument,
} from "./service.js";

const profileInput = defineInput({ body: landscaperProfileSchema });
// The file is the form's only field; its type and size are checked from its bytes, not by a schema.
const uploadInput = defineInput(
  { params: z.object({ type: documentTypeSchema }) },
  { multipart: { mode: "required", files: ["file"] } },
);
const documentInput = defineInput({ params: z.object({ id: z.uuid({ message: "Document not found." }) }) });

/** RFC 6266 filename: an ASCII fallback plus the UTF-8 original. */
function contentDisposition(type: string, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${dispositionFor(type)}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Landscaper onboarding, credentials and profile routes. */
export async function landscaperRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const db = () => app.database.db;
  await publicProfileRoutes(fastify);

  app.get(
    "/landscaper/profile",
    { config: { access: ["landscaper"] }, schema: answers(landscaperProfileAnswerSchema) },
    async (request) => {
      const userId = requirePrincipal(request).userId;
      const row = await findProfile(db(), userId);
      return {
        profile: row ? toProfileView(row, await pendingAreaChangeOf(db(), userId)) : null,
      };
    },
  );

  app.put(
    "/landscaper/profile",
    {
      config: { access: ["landscaper"], input: profileInput },
      schema: answers(landscaperProfileAnswerSchema),
    },
    async (request) => {
      const { body: input } = profileInput.parse(request);
      const userId = requirePrincipal(request).userId;
      const row = await saveProfile({ db: db(), env: app.env, userId, input });
      const pending = await pendingAreaChangeOf(db(), userId);
      return {
        profile: toProfileView(row, pending),
        ...(pending ? { message: landscaperMessages.areaChangePending } : {}),
      };
    },
  );

  app.get(
    "/landscaper/documents",
    { config: { access: ["landscaper"] }, schema: answers(documentsAnswerSchema) },
    async (request) => {
      const userId = requirePrincipal(request).userId;
      const [documents, profile] = await Promise.all([
        listDocuments(db(), userId),
        findProfile(db(), userId),
      ]);
      return {
        documents: documents.map(toDocumentView),
        documentsSubmittedAt: profile?.documentsSubmittedAt?.toISOString() ?? null,
      };
    },
  );

  // One file per request, so the browser can report real upload progress for each picker.
  app.post(
    "/landscaper/documents/:type",
    { config: { access: ["landscaper"], input: uploadInput }, schema: answers(uploadAnswerSchema) },
    async (request) => {
      const { type } = uploadInput.parse(request).params;
      if (!request.isMultipart()) throw badRequest(landscaperMessages.noFile);
      const form = await readMultipart(request, {
        fileFields: uploadInput.multipart!.files,
        maxFileBytes: MAX_DOCUMENT_BYTES,
        tooLargeMessage: landscaperMessages.fileTooLarge,
      });
      const file = form.files.find((f) => f.fieldname === "file");
      if (!file) throw badRequest(landscaperMessages.noFile);
      const row = await uploadDocument({
        db: db(),
        storage: app.storage,
        userId: requirePrincipal(request).userId,
        documentType: type,
        file,
      });
      return { document: toDocumentView(row), message: "File uploaded successfully!" };
    },
  );

  app.post(
    "/landscaper/application/submit",
    { config: { access: ["landscaper"] }, schema: answers(submitAnswerSchema) },
    async (request) => {
      const row = await submitApplication({
        db: db(),
        env: app.env,
        userId: requirePrincipal(request).userId,
      });
      return { profile: toProfileView(row), message: landscaperMessages.submitted };
    },
  );

  // Private files: the owner or an admin; `signed-in` here, ownership is the service's check.
  app.get(
    "/documents/:id",
    { config: { answer: "raw", access: "signed-in", input: documentInput } },
    async (request, reply) => {
      const { id } = documentInput.parse(request).params;
      const document = await documentForDownload(db(), requirePrincipal(request), id);
      const file = await app.storage.get(document.storageKey);
      if (!file) throw notFound("Document not found.");
      reply.header("content-type", document.contentType);
      reply.header("content-length", file.size);
      reply.header("cache-control", "private, no-store");
      reply.header("content-disposition", contentDisposition(document.contentType, document.originalName));
      return reply.send(file.stream);
    },
  );
}
