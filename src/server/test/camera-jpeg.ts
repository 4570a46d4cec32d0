import sharp from "sharp";

/**
 * A real JPEG of `width`×`height` carrying EXIF as a phone writes it: the capture time, a GPS position and a
 * camera, so tests can see what the upload keeps (the time, in our database) and removes (all of it, from
 * the stored file). Server and browser tests alike: it needs nothing but sharp.
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
