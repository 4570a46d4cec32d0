import { and, asc, eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { formatLongDate } from "../../../shared/dates.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import { cardLabel } from "../../../shared/payments.js";
import { formatCents, jobLabel, serviceName } from "../../../shared/services.js";
import { site } from "../../../shared/site.js";
import type { DbOrTx } from "../../db/client.js";
import { job, landscaper, payment, paymentMethod } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";

/** What a receipt says: the job, who did it, and what was charged for it. */
export interface ReceiptData {
  jobNumber: string;
  customerName: string;
  address: string;
  services: string[];
  serviceDate: string;
  landscaperName: string;
  priceCents: number;
  tipCents: number;
  refundedCents: number;
  totalCents: number;
  card: string | null;
  chargedAt: Date;
}

/** The receipt of a job whose price was charged; 404 while nothing has been charged. */
export async function receiptData(db: DbOrTx, jobId: string): Promise<ReceiptData> {
  const [row] = await db
    .select({ job, businessName: landscaper.businessName, fullName: landscaper.fullName })
    .from(job)
    .leftJoin(landscaper, eq(landscaper.userId, job.landscaperId))
    .where(eq(job.id, jobId));
  if (!row) throw notFound("Job not found.");
  const payments = await db
    .select({ payment, brand: paymentMethod.brand, last4: paymentMethod.last4 })
    .from(payment)
    .leftJoin(paymentMethod, eq(paymentMethod.id, payment.methodId))
    .where(and(eq(payment.jobId, jobId), eq(payment.status, "captured")))
    .orderBy(asc(payment.capturedAt));
  const priceRows = payments.filter((p) => p.payment.kind === "job" || p.payment.kind === "extra");
  if (priceRows.length === 0 || row.job.status !== "completed")
    throw notFound("There is no receipt for this job yet.");
  const sum = (rows: typeof payments, pick: (p: (typeof payments)[number]["payment"]) => number) =>
    rows.reduce((total, r) => total + pick(r.payment), 0);
  const priceCents = sum(priceRows, (p) => p.capturedCents);
  const tipCents = sum(
    payments.filter((p) => p.payment.kind === "tip"),
    (p) => p.capturedCents,
  );
  const refundedCents = sum(payments, (p) => p.refundedCents);
  const first = priceRows[0]!;
  return {
    jobNumber: jobLabel(row.job.number),
    customerName: row.job.customerName,
    address: row.job.address,
    services: row.job.selectedServices.map(serviceName),
    serviceDate: row.job.scheduledDate ?? row.job.preferredDate,
    landscaperName:
      landscaperDisplayName({ businessName: row.businessName, fullName: row.fullName }) || "Your landscaper",
    priceCents,
    tipCents,
    refundedCents,
    totalCents: priceCents + tipCents - refundedCents,
    card: first.brand && first.last4 ? cardLabel({ brand: first.brand, last4: first.last4 }) : null,
    chargedAt: first.payment.capturedAt ?? first.payment.updatedAt,
  };
}

/** The receipt as a one-page PDF: itemised services, price, tip, refunds, total, date, landscaper, job number. */
export function receiptPdf(data: ReceiptData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      margin: 56,
      // Small enough either way; uncompressed, its text can be checked by tests and search tools.
      compress: false,
      info: { Title: `Receipt ${data.jobNumber}`, Author: site.name },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    const green = "#166534";
    const grey = "#475569";
    doc.fillColor(green).font("Helvetica-Bold").fontSize(20).text(site.name);
    doc
      .fillColor(grey)
      .font("Helvetica")
      .fontSize(10)
      .text(`${site.area} · ${site.phone} · ${site.supportEmail}`);
    doc.moveDown(1.5);
    doc.fillColor("#0f172a").font("Helvetica-Bold").fontSize(16).text(`Receipt for ${data.jobNumber}`);
    doc.moveDown(0.5);
    const fact = (label: string, value: string) => {
      doc.font("Helvetica").fontSize(11).fillColor(grey).text(`${label}: `, { continued: true });
      doc.fillColor("#0f172a").text(value);
    };
    fact("Customer", data.customerName);
    fact("Property", data.address);
    fact("Service date", formatLongDate(data.serviceDate));
    fact("Landscaper", data.landscaperName);
    fact(
      "Charged",
      data.chargedAt.toLocaleDateString("en-US", { timeZone: "America/New_York", dateStyle: "long" }),
    );
    if (data.card) fact("Card", data.card);
    doc.moveDown(1);

    const left = doc.page.margins.left;
    const right = doc.page.width - doc.page.margins.right;
    const line = (label: string, amount: string, bold = false) => {
      const y = doc.y;
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(11)
        .fillColor("#0f172a");
      doc.text(label, left, y, { width: right - left - 120 });
      doc.text(amount, right - 120, y, { width: 120, align: "right" });
      doc.moveDown(0.3);
    };
    doc.font("Helvetica-Bold").fontSize(11).fillColor(grey).text("Services", left);
    doc.moveDown(0.3);
    for (const service of data.services) line(`• ${service}`, "");
    doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor("#e2e8f0").stroke();
    doc.moveDown(0.5);
    line("Price for the work", formatCents(data.priceCents));
    line("Tip (100% to your landscaper)", formatCents(data.tipCents));
    if (data.refundedCents) line("Refunded", `-${formatCents(data.refundedCents)}`);
    doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor("#e2e8f0").stroke();
    doc.moveDown(0.5);
    line("Total paid", formatCents(data.totalCents), true);
    doc.moveDown(2);
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(grey)
      .text(
        `Thank you for booking with ${site.name}. Questions about this receipt: ${site.supportEmail}.`,
        left,
        doc.y,
        { width: right - left },
      );
    doc.end();
  });
}
