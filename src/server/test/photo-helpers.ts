import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { postMultipart } from "./landscaper-helpers.js";

/**
 * A real JPEG of `width`×`height` carrying EXIF as a phone writes it: the capture time, a GPS position and a
 * camera, so tests can see what the upload keeps (the time, in our database) and removes (all of it, from
 * the stored file).
 */
export async function cameraJpeg(
  options: { width?: number; height?: number; takenAt?: string; color?: string } = {},
): Promise<Buffer> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  return sharp({
    create: { width, height, channels: 3, background: options.color ?? "#2f7d32" },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: "TestCam", Model: "Phone 15", Artist: "Carlos" },
      IFD2: { DateTimeOriginal: options.takenAt ?? "2026:11:20 10:42:05" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "35/1 13/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "80/1 50/1 0/1",
      },
    })
    .toBuffer();
}

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
