import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { addressLine } from "../../../shared/address.js";
import { formatLongDate } from "../../../shared/dates.js";
import { type QuoteRequest, quoteRequestSchema } from "../../../shared/jobs.js";
import { firmPriceText, isSizeTier } from "../../../shared/pricing.js";
import { PHOTO_MAX_EDGE } from "../../../shared/proof.js";
import {
  photoMessages,
  type QuoteSummary,
  quoteMessages,
  type ServicePrice,
} from "../../../shared/quotes.js";
import { formatRange, jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { job, jobSeries, servicePrice } from "../../db/schema.js";
import { badRequest, conflict, notFound, unsupportedFile } from "../../lib/errors.js";
import { extensionOf, sniffFileType } from "../../lib/file-type.js";
import { cleanImage } from "../../lib/images.js";
import { enqueueEmails } from "../../lib/outbox/enqueue.js";
import { newSecretToken } from "../../lib/secret-token.js";
import type { Storage } from "../../lib/storage.js";
import { servicesOf } from "../jobs/index.js";
import { raiseJobAlert } from "../notifications/index.js";
import { firmPriceColumns, firmPriceOf, rateCardOn, recordedFirmPrice } from "../pricing/index.js";
import { insertFirstEvent, insertQuoteJob } from "./quote-statements.js";

/** The instant estimate of the ticked services, from the price table (a service not in it is refused). */
async function estimateFor(db: DbOrTx, serviceIds: string[]) {
  const rows = await db.select().from(servicePrice).where(inArray(servicePrice.serviceId, serviceIds));
  if (rows.length !== new Set(serviceIds).size) throw badRequest("Please select at least one service.");
  return {
    lowCents: rows.reduce((sum, r) => sum + r.lowCents, 0),
    highCents: rows.reduce((sum, r) => sum + r.highCents, 0),
  };
}

/** The price table admins keep, in catalogue order, as GET /api/services/prices answers it. */
export async function servicePrices({ db }: { db: Db }): Promise<ServicePrice[]> {
  const rows = await db.select().from(servicePrice).orderBy(servicePrice.sortOrder);
  return rows.map((r) => ({
    id: r.serviceId,
    name: r.name,
    description: r.description,
    lowCents: r.lowCents,
    highCents: r.highCents,
  }));
}

export interface SubmitQuoteOptions {
  db: Db;
  env: Env;
  input: QuoteRequest;
  customerId: string | null;
  photo?: { key: string; contentType: string } | undefined;
}

/**
 * Whether a request under a used idempotency key is that key's own retry: the same details (a retry or double
 * click sends the very same form) and, when signed in, the same customer. Anyone else holding the key (it
 * travels in logs, proxies, a shared computer's history) would otherwise be answered with the first
 * requester's name, email and address.
 */
function isRetryOf(row: typeof job.$inferSelect, input: QuoteRequest, customerId: string | null): boolean {
  if (customerId !== null && row.customerId !== customerId) return false;
  return (
    row.customerName === input.fullName &&
    row.customerEmail === input.email.toLowerCase() &&
    row.customerPhone === input.phone &&
    row.address === input.address &&
    row.zipCode === input.zipCode &&
    row.preferredDate === input.preferredDate &&
    (row.additionalNotes ?? "") === (input.additionalNotes || "") &&
    (row.seriesId === null) === (input.frequency === "one_time") &&
    row.sizeTier === input.sizeTier &&
    row.grassHeight === input.grassHeight &&
    row.selectedServices.join("\n") === input.services.join("\n")
  );
}

/** The job a used key already created, if this request is its retry; a 409 for anyone else. */
function retried(row: typeof job.$inferSelect, input: QuoteRequest, customerId: string | null) {
  if (!isRetryOf(row, input, customerId)) throw conflict(quoteMessages.idempotencyKeyReused);
  return { job: row, created: false };
}

/**
 * Creates a pending job with its estimate, first event, emails and alerts, all in one transaction.
 * The same idempotency key always answers the same job to its own retries (a double click or a retry creates
 * one), and 409 to a request with other details or from another customer.
 */
export async function submitQuote(options: SubmitQuoteOptions) {
  // The secret that lets this sender book the request at once (issue 35); a retry gets a new one, which
  // replaces the first: the retry is the same sender.
  const secret = newSecretToken();
  const answer = await createQuoteJob(options, secret.hash);
  if (!answer.created)
    await options.db.update(job).set({ bookingTokenHash: secret.hash }).where(eq(job.id, answer.job.id));
  return { ...answer, bookingToken: secret.token };
}

async function createQuoteJob(
  { db, env, input, customerId, photo }: SubmitQuoteOptions,
  bookingTokenHash: string,
) {
  if (input.idempotencyKey) {
    const [existing] = await db.select().from(job).where(eq(job.idempotencyKey, input.idempotencyKey));
    if (existing) return retried(existing, input, customerId);
  }
  return db.transaction(async (tx) => {
    // The server prices the answers itself (a client never sends a price), on the card in force today; a
    // request without a size tier has no firm price, so it need not read the card.
    const price = isSizeTier(input.sizeTier) ? firmPriceOf(input, await rateCardOn(tx)) : null;
    // With a firm price the estimate is that price: every screen that shows an estimate shows it.
    const estimate = price
      ? { lowCents: price.perVisitCents, highCents: price.perVisitCents }
      : await estimateFor(tx, input.services);
    // Who asked and for what: the job and, for a recurring request, its series keep the same.
    const request = {
      customerId,
      customerName: input.fullName,
      customerEmail: input.email.toLowerCase(),
      customerPhone: input.phone,
      address: input.address,
      zipCode: input.zipCode,
      selectedServices: input.services,
      serviceType: input.services.join(", "),
      additionalNotes: input.additionalNotes || null,
    };
    // A recurring request is a series whose first visit is this job: the queue shows it as the request.
    const [series] =
      input.frequency === "one_time"
        ? []
        : await tx
            .insert(jobSeries)
            .values({
              ...request,
              frequency: input.frequency,
              startDate: input.preferredDate,
            })
            .returning({ id: jobSeries.id });
    const [created] = await insertQuoteJob.run(tx, {
      seriesId: series?.id ?? null,
      seriesDate: series ? input.preferredDate : null,
      ...request,
      preferredDate: input.preferredDate,
      photoKey: photo?.key ?? null,
      photoContentType: photo?.contentType ?? null,
      estimateLowCents: estimate.lowCents,
      estimateHighCents: estimate.highCents,
      sizeTier: input.sizeTier ?? null,
      grassHeight: input.grassHeight ?? null,
      ...firmPriceColumns(price),
      idempotencyKey: input.idempotencyKey ?? null,
      bookingTokenHash,
    });
    if (!created) {
      // Lost a race with the same key: the other request created the job (and its series).
      if (series) await tx.delete(jobSeries).where(eq(jobSeries.id, series.id));
      const [existing] = await tx.select().from(job).where(eq(job.idempotencyKey, input.idempotencyKey!));
      return retried(existing!, input, customerId);
    }
    await insertFirstEvent.run(tx, {
      jobId: created.id,
      actorId: customerId,
      fromStatus: null,
      toStatus: "pending",
    });

    const label = jobLabel(created.number);
    const estimateText = formatRange(estimate.lowCents, estimate.highCents);
    const firmPrice = price
      ? `${firmPriceText(price, input.frequency)} · held until ${formatLongDate(price.heldUntil)}`
      : undefined;
    const date = formatLongDate(input.preferredDate);
    const shared = {
      services: servicesOf(created),
      address: addressLine(input.address, input.zipCode),
      date,
    };
    await enqueueEmails(tx, [
      {
        to: created.customerEmail,
        input: {
          template: "quote_received",
          name: input.fullName,
          ...shared,
          estimate: estimateText,
          firmPrice,
          jobNumber: label,
        },
      },
      {
        to: env.TEAM_EMAIL,
        input: {
          template: "job_request",
          name: input.fullName,
          email: created.customerEmail,
          phone: input.phone,
          ...shared,
          estimate: estimateText,
          firmPrice,
          jobNumber: label,
          adminUrl: `${env.PUBLIC_URL}/admin/jobs`,
        },
      },
    ]);

    // One alert for the job, however many landscapers serve the ZIP: each sees it in their bell (those
    // approved, not paused and covering the ZIP) and gets it live, by push or by text (decision record 013).
    await raiseJobAlert(tx, {
      jobId: created.id,
      zipCode: input.zipCode,
      message: `New job request in ${input.zipCode}: ${servicesOf(created)} (${date}).`,
      link: "/landscaper-dashboard",
    });
    return { job: created, created: true };
  });
}

/** The quote as the thank-you page shows it, with its firm price as the request recorded it. */
function summaryOf(row: typeof job.$inferSelect): QuoteSummary {
  return {
    id: row.id,
    number: row.number,
    fullName: row.customerName,
    email: row.customerEmail,
    services: row.selectedServices,
    address: row.address,
    zipCode: row.zipCode,
    preferredDate: row.preferredDate,
    estimateLowCents: row.estimateLowCents,
    estimateHighCents: row.estimateHighCents,
    price: recordedFirmPrice(row),
  };
}

export interface ReceiveQuoteOptions {
  db: Db;
  env: Env;
  storage: Storage;
  input: QuoteRequest;
  /** The signed-in customer who asked, or null for a visitor (linked later by email confirmation). */
  customerId: string | null;
  photo?: { buffer: Buffer } | undefined;
}

/**
 * The instant quote form's whole rule: a filled honeypot gets the usual answer and nothing else; a photo must
 * really be an image and is stored before the job; the job is created once per idempotency key, and a photo
 * left over by a failure or a retry is deleted.
 */
export async function receiveQuote(
  options: ReceiveQuoteOptions,
): Promise<{ quote: QuoteSummary; stored: boolean }> {
  const { input, storage } = options;
  if (input.website.trim() !== "") {
    return {
      stored: false,
      quote: {
        id: randomUUID(),
        number: 0,
        fullName: input.fullName,
        email: input.email,
        services: input.services,
        address: input.address,
        zipCode: input.zipCode,
        preferredDate: input.preferredDate,
        estimateLowCents: 0,
        estimateHighCents: 0,
        price: null,
        bookingToken: newSecretToken().token,
      },
    };
  }

  let photo: { key: string; contentType: string } | undefined;
  if (options.photo) {
    const type = sniffFileType(options.photo.buffer);
    if (!type || type === "application/pdf") throw unsupportedFile(photoMessages.notAnImage);
    // Re-encoded like every stored image: the EXIF a phone writes (where the yard is, the camera) is dropped.
    const image = await cleanImage(options.photo.buffer, { maxEdge: PHOTO_MAX_EDGE });
    if (!image) throw unsupportedFile(photoMessages.unreadable);
    photo = { key: `jobs/${randomUUID()}.${extensionOf[image.contentType]}`, contentType: image.contentType };
    await storage.put(photo.key, image.data);
  }
  try {
    const {
      job: row,
      created,
      bookingToken,
    } = await submitQuote({
      db: options.db,
      env: options.env,
      input,
      customerId: options.customerId,
      photo,
    });
    // A retried request already stored its photo with the first job; drop the duplicate file.
    if (!created && photo) await storage.delete(photo.key);
    return { quote: { ...summaryOf(row), bookingToken }, stored: true };
  } catch (error) {
    if (photo) await storage.delete(photo.key);
    throw error;
  }
}

/**
 * The same service again, from a completed job's card: a new request (one visit, or a series) with the job's
 * details, as if the customer had filled the quote form with them.
 */
export async function repeatJob(options: {
  db: Db;
  env: Env;
  customerId: string;
  jobId: string;
  frequency: QuoteRequest["frequency"];
  preferredDate: string;
  idempotencyKey?: string | undefined;
}) {
  const [source] = await options.db.select().from(job).where(eq(job.id, options.jobId));
  if (!source || source.customerId !== options.customerId) throw notFound("Job not found.");
  if (source.status !== "completed") throw conflict("Only a completed job can be booked again.");
  const input = quoteRequestSchema.parse({
    fullName: source.customerName,
    email: source.customerEmail,
    phone: source.customerPhone,
    address: source.address,
    zipCode: source.zipCode,
    services: source.selectedServices,
    preferredDate: options.preferredDate,
    additionalNotes: source.additionalNotes ?? "",
    frequency: options.frequency,
    // The lawn is the same lawn, kept since the last visit: priced again on today's card, at normal height.
    sizeTier: source.sizeTier ?? undefined,
    grassHeight: "normal",
    idempotencyKey: options.idempotencyKey,
  });
  const { job: created } = await submitQuote({
    db: options.db,
    env: options.env,
    input,
    customerId: options.customerId,
  });
  return summaryOf(created);
}
