import type { APIRequestContext } from "playwright-core";
import { cameraJpeg } from "../../../src/server/test/camera-jpeg";

/** A phone-sized photo as a camera writes it (EXIF and all, see cameraJpeg): what a person picks to upload. */
export function cameraPhoto(options: { color?: string; takenAt?: string } = {}): Promise<Buffer> {
  return cameraJpeg({ width: 1600, height: 1200, ...options });
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
