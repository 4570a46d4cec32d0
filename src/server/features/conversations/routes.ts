import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { okMessageAnswerSchema } from "../../../shared/answers.js";
import {
  conversationAnswerSchema,
  conversationMessages,
  reportMessageSchema,
  sendMessageAnswerSchema,
  sendMessageSchema,
} from "../../../shared/conversations.js";
import { MAX_PHOTO_BYTES } from "../../../shared/jobs.js";
import { photoMessages } from "../../../shared/proof.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { readMultipart } from "../../lib/multipart.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { sendPhoto } from "../proof/index.js";
import {
  markConversationRead,
  readConversation,
  readMessageImage,
  reportMessage,
  sendMessage,
} from "./service.js";

const jobParams = z.object({ id: z.uuid({ message: "Job not found." }) });
const messageParams = jobParams.extend({ messageId: z.uuid({ message: "Message not found." }) });
const jobInput = defineInput({ params: jobParams });
const sendInput = defineInput(
  { params: jobParams, body: sendMessageSchema },
  { multipart: { mode: "optional", files: ["image"] } },
);
const reportInput = defineInput({ params: messageParams, body: reportMessageSchema });
const imageInput = defineInput({
  params: messageParams,
  query: z.object({ size: z.enum(["thumb", "full"]).default("full") }),
});
// Admins read every conversation and write in one while its job's problem report is open (the service says).
const parties = ["customer", "landscaper", "admin"] as const;

/** A job's conversation between its customer and its landscaper, with our team during a dispute. */
export async function conversationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const db = () => app.database.db;

  app.get(
    "/jobs/:id/messages",
    { config: { access: [...parties], input: jobInput }, schema: answers(conversationAnswerSchema) },
    async (request) =>
      readConversation({
        db: db(),
        principal: requirePrincipal(request),
        jobId: jobInput.parse(request).params.id,
      }),
  );

  app.post(
    "/jobs/:id/messages/read",
    { config: { access: [...parties], input: jobInput }, schema: answers(okMessageAnswerSchema) },
    async (request) => {
      await markConversationRead({
        db: db(),
        principal: requirePrincipal(request),
        jobId: jobInput.parse(request).params.id,
      });
      return { ok: true, message: "Marked as read." };
    },
  );

  app.post(
    "/jobs/:id/messages",
    { config: { access: [...parties], input: sendInput }, schema: answers(sendMessageAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      await app.limit(request, policies.messageByAccount, principal.userId);
      let body: unknown = request.body;
      let image: Buffer | undefined;
      if (request.isMultipart()) {
        const form = await readMultipart(request, {
          fileFields: ["image"],
          maxFileBytes: MAX_PHOTO_BYTES,
          tooLargeMessage: photoMessages.tooLarge,
        });
        body = form.fields;
        image = form.files.find((f) => f.fieldname === "image")?.buffer;
      }
      const { params, body: input } = sendInput.parse({ params: request.params, body: body ?? {} });
      const message = await sendMessage({
        db: db(),
        env: app.env,
        storage: app.storage,
        principal,
        jobId: params.id,
        body: input.body,
        image,
      });
      return { message };
    },
  );

  app.post(
    "/jobs/:id/messages/:messageId/report",
    { config: { access: [...parties], input: reportInput }, schema: answers(okMessageAnswerSchema) },
    async (request) => {
      const principal = requirePrincipal(request);
      await app.limit(request, policies.messageReportByAccount, principal.userId);
      const { params, body } = reportInput.parse(request);
      await reportMessage({
        db: db(),
        env: app.env,
        principal,
        jobId: params.id,
        messageId: params.messageId,
        reason: body.reason,
      });
      return { ok: true, message: conversationMessages.reported };
    },
  );

  app.get(
    "/jobs/:id/messages/:messageId/image",
    { config: { answer: "raw", access: [...parties], input: imageInput } },
    async (request, reply) => {
      const { params, query } = imageInput.parse(request);
      const file = await readMessageImage({
        db: db(),
        storage: app.storage,
        principal: requirePrincipal(request),
        jobId: params.id,
        messageId: params.messageId,
        size: query.size,
      });
      return sendPhoto(reply, file);
    },
  );
}
