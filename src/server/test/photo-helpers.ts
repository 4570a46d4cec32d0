import type { FastifyInstance } from "fastify";
import { cameraJpeg } from "./camera-jpeg.js";
import { postMultipart } from "./landscaper-helpers.js";

export { cameraJpeg };

/** The assigned landscaper uploads photos of a kind (one 'after' photo by default: what completing needs). */
export async function addPhotos(
  app: FastifyInstance,
  cookie: string,
  jobId: string,
  options: { kind?: "before" | "after" | "problem"; count?: number } = {},
) {
  const files = await Promise.all(Array.from({ length: options.count ?? 1 }, () => cameraJpeg()));
  const response = await postMultipart(
    app,
    `/api/jobs/${jobId}/photos`,
    [
      { name: "kind", value: options.kind ?? "after" },
      ...files.map((value, i) => ({
        name: `photo${i + 1}`,
        value,
        filename: `IMG_${i + 1}.jpg`,
        contentType: "image/jpeg",
      })),
    ],
    cookie,
  );
  if (response.statusCode !== 200)
    throw new Error(`Photo upload failed: ${response.statusCode} ${response.body}`);
  return response.json() as { photos: { id: string; kind: string; thumbUrl: string; fullUrl: string }[] };
}
