import type { FastifyRequest } from "fastify";
import { AppError, badRequest, payloadTooLarge } from "./errors.js";

export interface ParsedUpload {
  fieldname: string;
  filename: string;
  buffer: Buffer;
}

/**
 * Reads a multipart form into plain fields (repeated names become arrays) and at most `maxFiles` files,
 * refusing a file over `maxFileBytes` with 413 and a message the form can show.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { maxFileBytes: number; tooLargeMessage: string },
): Promise<{ fields: Record<string, string | string[]>; files: ParsedUpload[] }> {
  try {
    return await readParts(request, options);
  } catch (error) {
    if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === "number")
      throw error;
    // busboy's own parse errors (no boundary, a body cut short) are a malformed form, not a server fault.
    throw badRequest("The form could not be read. Please try again.");
  }
}

async function readParts(
  request: FastifyRequest,
  options: { maxFileBytes: number; tooLargeMessage: string },
): Promise<{ fields: Record<string, string | string[]>; files: ParsedUpload[] }> {
  const fields: Record<string, string | string[]> = {};
  const files: ParsedUpload[] = [];
  for await (const part of request.parts({
    limits: { fileSize: options.maxFileBytes, files: 3, fields: 50 },
  })) {
    if (part.type === "file") {
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
      const name = part.fieldname.replace(/\[\]$/, "");
      const existing = fields[name];
      if (existing === undefined) fields[name] = part.fieldname.endsWith("[]") ? [value] : value;
      else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  }
  return { fields, files };
}
