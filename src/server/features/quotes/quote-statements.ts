import { getTableColumns } from "drizzle-orm";
import { builtOnce, placeholders } from "../../db/built-once.js";
import { job, jobEvent } from "../../db/schema.js";

/**
 * The quote POST's two inserts, their text built once per process (db/built-once.ts): the busiest write
 * spent more of the server's time building the job insert than PostgreSQL spent running it (issue 34).
 */
const quoteJobKeys = [
  "seriesId",
  "seriesDate",
  "customerId",
  "customerName",
  "customerEmail",
  "customerPhone",
  "address",
  "zipCode",
  "selectedServices",
  "serviceType",
  "additionalNotes",
  "preferredDate",
  "photoKey",
  "photoContentType",
  "estimateLowCents",
  "estimateHighCents",
  "sizeTier",
  "grassHeight",
  "rateCardVersion",
  "firmPriceCents",
  "firstVisitSurchargeCents",
  "priceLines",
  "priceHeldUntil",
  "idempotencyKey",
  "bookingTokenHash",
] as const;

type JobRow = typeof job.$inferSelect;
type JobValues = Required<Pick<typeof job.$inferInsert, (typeof quoteJobKeys)[number]>>;

/** The new request; no row when its idempotency key is taken (another request with the key won). */
export const insertQuoteJob = builtOnce<JobRow, JobValues>(
  (db) =>
    db
      .insert(job)
      .values(placeholders(quoteJobKeys))
      .onConflictDoNothing({ target: job.idempotencyKey })
      .returning(),
  getTableColumns(job),
);

const eventKeys = ["jobId", "actorId", "fromStatus", "toStatus"] as const;

/** The request's first event, as any lifecycle move writes one. */
export const insertFirstEvent = builtOnce<
  never,
  Required<Pick<typeof jobEvent.$inferInsert, (typeof eventKeys)[number]>>
>((db) => db.insert(jobEvent).values(placeholders(eventKeys)));
