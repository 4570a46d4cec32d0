import { randomUUID } from "node:crypto";
import type { DocumentType } from "../../../shared/landscapers.js";
import * as s from "../schema.js";
import { hasDemoDocuments } from "./demo-fixtures.js";
import type { DemoContext, DemoLandscaper } from "./demo-people.js";
import type { DemoPhotoStore } from "./proof/demo-photos.js";

/**
 * The demo landscapers' application documents (issue 33 review: pending applicants read "submitted" over
 * empty slots). Every landscaper who submitted has an ID and an insurance certificate on file, stored through
 * the app's Storage as an upload is (`documents/<user>/<type>-<id>.pdf`); Lily Chen, pending, has sent
 * nothing yet (`hasDemoDocuments`), so her upload page and the admin's review both say so. The files are one-page PDFs marked as
 * demo documents, written here (no files in the repository).
 */

const titles: Record<DocumentType, string> = {
  id_proof: "Driver license (demo)",
  insurance: "Certificate of liability insurance (demo)",
  certifications: "NC pesticide applicator license (demo)",
};

/** PDF text needs ( ) and \ escaped. */
const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** A valid one-page PDF (Helvetica, US Letter) with a title and a few lines. */
export function demoPdf(title: string, lines: string[]): Buffer {
  const text = [`BT /F1 18 Tf 72 720 Td (${pdfText(title)}) Tj ET`]
    .concat(lines.map((line, i) => `BT /F1 12 Tf 72 ${684 - i * 20} Td (${pdfText(line)}) Tj ET`))
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** Writes the files and their rows; the keys go on `photos.written`, so a failed seed removes them. */
export async function seedDemoDocuments(
  { tx }: DemoContext,
  landscapers: readonly DemoLandscaper[],
  photos: DemoPhotoStore | null,
) {
  if (!photos) return;
  for (const l of landscapers) {
    if (!hasDemoDocuments(l.name, true)) continue;
    const types: DocumentType[] = l.business
      ? ["id_proof", "insurance", "certifications"]
      : ["id_proof", "insurance"];
    for (const documentType of types) {
      const data = demoPdf(titles[documentType], [
        `Issued to: ${l.name}${l.business ? `, ${l.business}` : ""}`,
        "Charlotte, NC",
        "A GreenScape Charlotte demo file: not a real document.",
      ]);
      const key = `documents/${l.id}/${documentType}-${randomUUID()}.pdf`;
      await photos.storage.put(key, data);
      photos.written.push(key);
      await tx.insert(s.landscaperDocument).values({
        userId: l.id,
        documentType,
        storageKey: key,
        originalName: `${documentType.replace("_", "-")}.pdf`,
        contentType: "application/pdf",
        sizeBytes: data.length,
        uploadedAt: new Date(l.createdAt.getTime() + 6 * 3_600_000),
      });
    }
  }
}
