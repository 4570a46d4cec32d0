import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import {
  proProfileAnswerSchema,
  proSearchSchema,
  prosAnswerSchema,
  reviewPageSchema,
  reviewsPageSchema,
  slugSchema,
} from "../../../shared/profiles.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { defineInput } from "../../lib/route-input.js";
import { galleryPhotoFile, listPros, profilePhotoFile, proProfile, proReviews } from "./reads.js";

const slugParams = z.object({ slug: slugSchema });
const listInput = defineInput({ query: proSearchSchema });
const profileInput = defineInput({ params: slugParams });
const reviewsInput = defineInput({ params: slugParams, query: reviewPageSchema });
const photoInput = defineInput({
  params: slugParams,
  // The version in the photo's address only keeps a new photo from an old cache; it is not read.
  query: z.object({ v: z.string().max(40).optional() }),
});
const galleryInput = defineInput({
  params: slugParams.extend({ photoId: z.uuid({ message: "Photo not found." }) }),
  query: z.object({ size: z.enum(["thumb", "full"]).default("full") }),
});

/** Public answers may be kept a minute by browsers and shared caches: a new review shows within it. */
const PUBLIC_CACHE = "public, max-age=60";

function sendImage(reply: FastifyReply, file: { stream: NodeJS.ReadableStream; size: number }, type: string) {
  reply.header("content-type", type);
  reply.header("content-length", file.size);
  // Public, but short: a profile hidden or a consent withdrawn is gone from caches within the hour.
  reply.header("cache-control", "public, max-age=3600");
  reply.header("content-disposition", "inline");
  reply.header("x-content-type-options", "nosniff");
  return reply.send(file.stream);
}

/** Public pro profiles (issue 36): anyone may read them, signed in or not; they write nothing. */
export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const db = () => app.database.db;

  app.get(
    "/pros",
    { config: { access: "public", input: listInput }, schema: answers(prosAnswerSchema) },
    async (request, reply) => {
      const { query } = listInput.parse(request);
      reply.header("cache-control", PUBLIC_CACHE);
      return listPros({ db: db(), search: query });
    },
  );

  app.get(
    "/pros/:slug",
    { config: { access: "public", input: profileInput }, schema: answers(proProfileAnswerSchema) },
    async (request, reply) => {
      const { params } = profileInput.parse(request);
      reply.header("cache-control", PUBLIC_CACHE);
      return { profile: await proProfile({ db: db(), slug: params.slug }) };
    },
  );

  app.get(
    "/pros/:slug/reviews",
    { config: { access: "public", input: reviewsInput }, schema: answers(reviewsPageSchema) },
    async (request, reply) => {
      const { params, query } = reviewsInput.parse(request);
      reply.header("cache-control", PUBLIC_CACHE);
      return proReviews({ db: db(), slug: params.slug, page: query.page });
    },
  );

  app.get(
    "/pros/:slug/photo",
    { config: { answer: "raw", access: "public", input: photoInput } },
    async (request, reply) => {
      const { params } = photoInput.parse(request);
      const file = await profilePhotoFile({ db: db(), storage: app.storage, slug: params.slug });
      return sendImage(reply, file, file.contentType);
    },
  );

  app.get(
    "/pros/:slug/gallery/:photoId",
    { config: { answer: "raw", access: "public", input: galleryInput } },
    async (request, reply) => {
      const { params, query } = galleryInput.parse(request);
      const file = await galleryPhotoFile({
        db: db(),
        storage: app.storage,
        slug: params.slug,
        photoId: params.photoId,
        size: query.size,
      });
      return sendImage(reply, file, "image/jpeg");
    },
  );
}
