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
  /** A JPEG fitted inside `thumbEdge`, when asked for, made from the same decoded pixels. */
  thumb?: Buffer;
}

// A decompression bomb (a tiny file that decodes to gigapixels) is refused before it is decoded.
const MAX_INPUT_PIXELS = 60_000_000;

/**
 * mozjpeg's trellis quantisation and quantisation table, without its search for the best progressive scan
 * split (`optimiseScans`): on 12 MP photos fitted to 2,048 px the search was a quarter to a half of the
 * encoder's time and saved 1–2.5% of the file; the pixels are the same (docs/performance.md "Slow actions").
 */
const jpegOptions = (quality: number) => ({ quality, mozjpeg: true, optimiseScans: false }) as const;

const inside = (edge: number) =>
  ({ width: edge, height: edge, fit: "inside", withoutEnlargement: true }) as const;

/**
 * The one way an uploaded image reaches storage (quote photos, proof and message photos, landscapers' image
 * documents): decoded, turned upright by its EXIF orientation, fitted inside `maxEdge`, and written out anew
 * with no metadata at all (sharp keeps none unless asked), so the GPS position, the camera and its serial, the
 * owner's name and any ICC/XMP/IPTC payload never reach storage or the people the image is shown to. A PNG
 * stays a PNG when `keepPng` (a screenshot of a document keeps its sharp text); anything else becomes a JPEG.
 * With `thumbEdge`, a thumbnail JPEG comes from the same decoded pixels, encoded beside the image (the upload
 * is decoded once, not the stored JPEG a second time). Null when the bytes are not an image this server can
 * decode (HEIC is not: the bundled libvips reads only AVIF of the HEIF family) or decode past the pixel limit.
 */
export async function cleanImage(
  input: Buffer,
  options: { maxEdge: number; keepPng?: boolean; thumbEdge?: number },
): Promise<CleanImage | null> {
  try {
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const meta = await source.metadata();
    const png = options.keepPng === true && meta.format === "png";
    const fitted = source.rotate().resize(inside(options.maxEdge));
    if (png || options.thumbEdge === undefined) {
      const out = await (png ? fitted.png({ compressionLevel: 9 }) : fitted.jpeg(jpegOptions(82))).toBuffer({
        resolveWithObject: true,
      });
      return {
        data: out.data,
        contentType: png ? "image/png" : "image/jpeg",
        width: out.info.width,
        height: out.info.height,
        exif: meta.exif,
      };
    }
    const pixels = await fitted.raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = pixels.info;
    const decoded = () => sharp(pixels.data, { raw: { width, height, channels } });
    const [data, thumb] = await Promise.all([
      decoded().jpeg(jpegOptions(82)).toBuffer(),
      decoded().resize(inside(options.thumbEdge)).jpeg(jpegOptions(75)).toBuffer(),
    ]);
    return { data, contentType: "image/jpeg", width, height, exif: meta.exif, thumb };
  } catch {
    return null;
  }
}
