import sharp from "sharp";

/** What a cleaned image is stored as. */
export type CleanImageType = "image/jpeg" | "image/png";

export interface CleanImage {
  data: Buffer;
  contentType: CleanImageType;
  width: number;
  height: number;
  /** The upload's EXIF block, read before it was dropped (a caller may want the capture time from it). */
  exif: Buffer | undefined;
}

// A decompression bomb (a tiny file that decodes to gigapixels) is refused before it is decoded.
const MAX_INPUT_PIXELS = 60_000_000;

/**
 * The one way an uploaded image reaches storage (quote photos, proof and message photos, landscapers' image
 * documents): decoded, turned upright by its EXIF orientation, fitted inside `maxEdge`, and written out anew
 * with no metadata at all (sharp keeps none unless asked), so the GPS position, the camera and its serial, the
 * owner's name and any ICC/XMP/IPTC payload never reach storage or the people the image is shown to. A PNG
 * stays a PNG when `keepPng` (a screenshot of a document keeps its sharp text); anything else becomes a JPEG.
 * Null when the bytes are not an image this server can decode (HEIC is not: the bundled libvips reads only
 * AVIF of the HEIF family) or decode past the pixel limit.
 */
export async function cleanImage(
  input: Buffer,
  options: { maxEdge: number; keepPng?: boolean },
): Promise<CleanImage | null> {
  try {
    const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const meta = await source().metadata();
    const png = options.keepPng === true && meta.format === "png";
    const fitted = source()
      .rotate()
      .resize({ width: options.maxEdge, height: options.maxEdge, fit: "inside", withoutEnlargement: true });
    const out = await (png
      ? fitted.png({ compressionLevel: 9 })
      : fitted.jpeg({ quality: 82, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    return {
      data: out.data,
      contentType: png ? "image/png" : "image/jpeg",
      width: out.info.width,
      height: out.info.height,
      exif: meta.exif,
    };
  } catch {
    return null;
  }
}
