import type { FastifyRequest } from "fastify";
import { AppError, badRequest, payloadTooLarge } from "./errors.js";

export interface ParsedUpload {
  fieldname: string;
  filename: string;
  buffer: Buffer;
}

export interface MultipartOptions {
  /** The file fields the route reads: any other file is refused, and each takes one file. */
  fileFields: readonly string[];
  maxFileBytes: number;
  tooLargeMessage: string;
}

/** The text a form may carry beside its files (all text fields together, names included). */
export const MAX_FORM_TEXT_BYTES = 256 * 1024;
/** One text field: more than any of the forms' fields holds (the schemas' text cap is 10,000 characters). */
const MAX_FIELD_BYTES = 64 * 1024;

export const multipartMessages = {
  textTooLarge: "This form has more text than it can take. Please shorten it and try again.",
  unexpectedFile: (field: string) => `This form does not take a file named "${field.slice(0, 40)}".`,
  oneFilePerField: "Please send one file at a time.",
  tooManyFiles: "Too many files in one request.",
} as const;

/**
 * Reads a multipart form into plain fields (repeated names become arrays) and its files: only the route's file
 * fields, one file each, every file at most `maxFileBytes` and the whole request at most one file per field
 * plus 256 KB of text (a file over the limit gets 413 and a message the form can show).
 */
export async function readMultipart(
  request: FastifyRequest,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string | string[]>; files: ParsedUpload[] }> {
  // The body limit does not reach a multipart stream, so the declared length is checked here first...
  const maxTotal = options.maxFileBytes * options.fileFields.length + MAX_FORM_TEXT_BYTES;
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > maxTotal) throw payloadTooLarge(options.tooLargeMessage);
  try {
    return await readParts(request, options);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") throw badRequest(multipartMessages.oneFilePerField);
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw badRequest(multipartMessages.tooManyFiles);
    if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === "number")
      throw error;
    // busboy's own parse errors (no boundary, a body cut short) are a malformed form, not a server fault.
    throw badRequest("The form could not be read. Please try again.");
  }
}

async function readParts(
  request: FastifyRequest,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string | string[]>; files: ParsedUpload[] }> {
  const fields: Record<string, string | string[]> = {};
  const files: ParsedUpload[] = [];
  const allowed = new Set(options.fileFields);
  const seen = new Set<string>();
  // A chunked body declares no length: the text is counted as it arrives, so at most 256 KB (plus the one
  // field being read, itself at most 64 KB) is ever held, whatever the number of fields.
  let textBytes = 0;
  for await (const part of request.parts({
    // ...and the parser never takes more than one file per declared field, nor more text than a form has.
    limits: {
      fileSize: options.maxFileBytes,
      files: options.fileFields.length,
      fields: 50,
      fieldSize: MAX_FIELD_BYTES,
      parts: 50 + options.fileFields.length,
    },
  })) {
    if (part.type === "file") {
      // Refused before a byte of it is stored: a stranger's file field, or a second file for one field.
      if (!allowed.has(part.fieldname)) throw badRequest(multipartMessages.unexpectedFile(part.fieldname));
      if (seen.has(part.fieldname)) throw badRequest(multipartMessages.oneFilePerField);
      seen.add(part.fieldname);
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
          throw payloadTooLarge(options.tooLargeMessage);
        throw error;
      }
      if (part.file.truncated) throw payloadTooLarge(options.tooLargeMessage);
      if (buffer.length > 0) files.push({ fieldname: part.fieldname, filename: part.filename, buffer });
    } else {
      const value = String(part.value ?? "");
      textBytes += Buffer.byteLength(value) + Buffer.byteLength(part.fieldname);
      // A field cut at 64 KB is refused, not read as its first 64 KB.
      if (part.valueTruncated || textBytes > MAX_FORM_TEXT_BYTES)
        throw payloadTooLarge(multipartMessages.textTooLarge);
      const name = part.fieldname.replace(/\[\]$/, "");
      const existing = fields[name];
      if (existing === undefined) fields[name] = part.fieldname.endsWith("[]") ? [value] : value;
      else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  }
  return { fields, files };
}
