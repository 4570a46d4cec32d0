import type { APIRequestContext } from "playwright-core";
import sharp from "sharp";

/**
 * A phone-like JPEG: a lawn-green picture carrying EXIF the way a camera writes it (capture time, GPS position,
 * camera make), so a test can check what the server keeps and what it removes.
 */
export async function cameraPhoto(options: { color?: string; takenAt?: string } = {}): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: options.color ?? "#2f7d32" } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: "TestCam", Model: "Phone 15" },
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

/** Uploads `count` photos of `kind` to a job as the signed-in person of `request` (a completion needs one). */
export async function uploadJobPhotos(
  request: APIRequestContext,
  jobId: string,
  options: { kind?: "before" | "after" | "problem"; count?: number } = {},
) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    kind: options.kind ?? "after",
  };
  for (let i = 1; i <= (options.count ?? 1); i++)
    multipart[`photo${i}`] = { name: `IMG_${i}.jpg`, mimeType: "image/jpeg", buffer: await cameraPhoto() };
  const response = await request.post(`/api/jobs/${jobId}/photos`, { multipart });
  if (response.status() !== 200)
    throw new Error(`photo upload: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { photos: { id: string; thumbUrl: string; fullUrl: string }[] };
}
