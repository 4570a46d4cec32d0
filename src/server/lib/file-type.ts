/** Recognises an upload by its first bytes, never by its name or the browser's claimed type. */
export type SniffedType =
  | "image/jpeg"
  | "image/png"
  | "image/gif"
  | "image/webp"
  | "image/heic"
  | "application/pdf";

export function sniffFileType(buffer: Buffer): SniffedType | null {
  if (buffer.length < 12) return null;
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return "image/jpeg";
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  const head = buffer.subarray(0, 6).toString("latin1");
  if (head === "GIF87a" || head === "GIF89a") return "image/gif";
  if (
    buffer.subarray(0, 4).toString("latin1") === "RIFF" &&
    buffer.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "image/webp";
  }
  if (buffer.subarray(4, 8).toString("latin1") === "ftyp") {
    const brand = buffer.subarray(8, 12).toString("latin1");
    if (["heic", "heix", "mif1", "msf1", "hevc", "heim", "heis"].includes(brand)) return "image/heic";
  }
  if (buffer.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  return null;
}

export const extensionOf: Record<SniffedType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/heic": "heic",
  "application/pdf": "pdf",
};

/**
 * The name a stored file is shown and downloaded under: the uploader's name with the extension of the type
 * its bytes are, so "report.html" holding a PDF downloads as "report.pdf" and never opens as a web page.
 */
export function nameForType(name: string, type: SniffedType): string {
  const dot = name.lastIndexOf(".");
  const base = dot > 0 && name.length - dot <= 6 ? name.slice(0, dot) : name;
  return `${base || "document"}.${extensionOf[type]}`;
}

/** Images show in the page; a PDF is always downloaded, never rendered by the browser on our origin. */
export function dispositionFor(type: string): "inline" | "attachment" {
  return type.startsWith("image/") ? "inline" : "attachment";
}
