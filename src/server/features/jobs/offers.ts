import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { distanceBand, MAX_WAITING_OFFERS, type OfferView, offerMessages } from "../../../shared/booking.js";
import { formatLongDate, todayInCharlotte } from "../../../shared/dates.js";
import { initialsOf, landscaperDisplayName } from "../../../shared/landscapers.js";
import type { FirmPrice } from "../../../shared/pricing.js";
import { isNewOnGreenScape } from "../../../shared/reliability.js";
import { noReviews } from "../../../shared/reviews.js";
import { formatCents, jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import { type DbOrTx, rowsOf, type Tx } from "../../db/client.js";
import { job, jobDecline, jobOffer, landscaper, zipCode } from "../../db/schema.js";
import { conflict } from "../../lib/errors.js";
import { enqueueEmailIfOptedIn } from "../../lib/outbox/enqueue.js";
import { greatCircleMiles, reliabilityOf } from "../landscapers/index.js";
import { notify } from "../notifications/index.js";
import { firmPriceColumns } from "../pricing/index.js";
import { reviewSummaries } from "../reviews/index.js";
import type { ActionOptions } from "./action-options.js";
import { customerDashboardUrl, servicesOf } from "./alerts.js";
import { assertAllowed, loadJob, recordEvent } from "./lifecycle.js";
import type { JobRow } from "./views.js";

/*
 * Several offers on one firm-priced request (issue 35, item 6). The request stays pending, in every area
 * pro's queue, while offers wait in job_offer; the customer books one (booking/offers.ts), and lifecycle.ts
 * closes the rest as the request leaves the queue. A request a pro prices (no firm price) keeps the old way:
 * the first pro to accept takes it and the customer approves.
 */

/**
 * A pro offers a day on an open firm-priced request, at the firm price (acceptJob has checked the pro, their
 * area and the price). The request's row is locked so two offers at once cannot pass the cap together.
 */
export async function makeOffer(
  tx: Tx,
  options: {
    env: Env;
    current: JobRow;
    landscaperId: string;
    profile: { businessName: string | null; fullName: string };
    date: string;
    price: { firstVisitCents: number; perVisitCents: number };
    /** The firm price offered: after the 7-day hold, the same answers on today's rate card. */
    firm: FirmPrice;
  },
): Promise<JobRow> {
  const { current, landscaperId } = options;
  const locked = await tx.select().from(job).where(eq(job.id, current.id)).for("update");
  assertAllowed("offer", locked[0] ?? current);
  // An offer whose day passed lapses: closed here, so it neither fills the cap nor blocks a new offer.
  await tx
    .update(jobOffer)
    .set({ status: "closed", closedAt: sql`now()` })
    .where(
      and(
        eq(jobOffer.jobId, current.id),
        eq(jobOffer.status, "waiting"),
        lt(jobOffer.scheduledDate, todayInCharlotte()),
      ),
    );
  const waiting = await tx
    .select({ landscaperId: jobOffer.landscaperId })
    .from(jobOffer)
    .where(and(eq(jobOffer.jobId, current.id), eq(jobOffer.status, "waiting")));
  if (waiting.some((row) => row.landscaperId === landscaperId)) throw conflict(offerMessages.already);
  if (waiting.length >= MAX_WAITING_OFFERS) throw conflict(offerMessages.full);
  // Priced again after its hold ran out (as accepting did): the request keeps the price now offered, so
  // every later offer and the booking state the same one.
  if (options.firm.heldUntil !== current.priceHeldUntil)
    await tx.update(job).set(firmPriceColumns(options.firm)).where(eq(job.id, current.id));
  await tx.insert(jobOffer).values({
    jobId: current.id,
    landscaperId,
    scheduledDate: options.date,
    firstVisitCents: options.price.firstVisitCents,
    perVisitCents: options.price.perVisitCents,
  });
  // An offer undoes the pro's own decline, as accepting did.
  await tx
    .delete(jobDecline)
    .where(and(eq(jobDecline.jobId, current.id), eq(jobDecline.landscaperId, landscaperId)));
  await recordEvent(tx, {
    jobId: current.id,
    action: "offer",
    actorId: landscaperId,
    fromStatus: current.status,
    note: `Offered ${formatLongDate(options.date)} at ${formatCents(options.price.firstVisitCents)}.`,
  });
  const name = landscaperDisplayName(options.profile);
  const label = jobLabel(current.number);
  await enqueueEmailIfOptedIn(tx, current.customerEmail, {
    template: "job_offer",
    name: current.customerName,
    landscaperName: name,
    services: servicesOf(current),
    price: formatCents(options.price.firstVisitCents),
    date: formatLongDate(options.date),
    jobNumber: label,
    offers: waiting.length + 1,
    dashboardUrl: customerDashboardUrl(options.env),
  });
  await notify(tx, [
    {
      userId: landscaperId,
      type: "job",
      message: `You offered ${formatLongDate(options.date)} for ${label}. Waiting for the customer's choice.`,
      link: "/landscaper-dashboard",
    },
    ...(current.customerId
      ? [
          {
            userId: current.customerId,
            type: "job" as const,
            message: `${name} offered ${formatLongDate(options.date)} for ${label}. Compare the offers and book one.`,
            link: "/dashboard/customer",
          },
        ]
      : []),
  ]);
  return current;
}

/** The pro takes their waiting offer back: the request stays open, and nothing counts on their record. */
export async function withdrawOffer(options: ActionOptions): Promise<JobRow> {
  const { db, principal } = options;
  return db.transaction(async (tx) => {
    const current = await loadJob(tx, options.jobId);
    const [withdrawn] = await tx
      .update(jobOffer)
      .set({ status: "withdrawn", closedAt: new Date() })
      .where(
        and(
          eq(jobOffer.jobId, current.id),
          eq(jobOffer.landscaperId, principal.userId),
          eq(jobOffer.status, "waiting"),
        ),
      )
      .returning();
    if (!withdrawn) throw conflict(offerMessages.noOffer);
    await recordEvent(tx, {
      jobId: current.id,
      action: "withdraw_offer",
      actorId: principal.userId,
      fromStatus: current.status,
      note: "A pro took their offer back.",
    });
    return current;
  });
}

/** Every waiting offer of these requests, oldest first, as their customer weighs them. */
export async function offersOf(
  db: DbOrTx,
  jobs: readonly Pick<JobRow, "id" | "zipCode">[],
): Promise<Map<string, Omit<OfferView, "cancellationFeeCents">[]>> {
  const byJob = new Map<string, Omit<OfferView, "cancellationFeeCents">[]>();
  const ids = jobs.map((j) => j.id);
  if (ids.length === 0) return byJob;
  const zipOf = new Map(jobs.map((j) => [j.id, j.zipCode]));
  const rows = await db
    .select({
      offerId: jobOffer.id,
      jobId: jobOffer.jobId,
      landscaperId: jobOffer.landscaperId,
      date: jobOffer.scheduledDate,
      firstVisitCents: jobOffer.firstVisitCents,
      perVisitCents: jobOffer.perVisitCents,
      createdAt: jobOffer.createdAt,
      businessName: landscaper.businessName,
      fullName: landscaper.fullName,
      baseZip: landscaper.zipCode,
    })
    .from(jobOffer)
    .innerJoin(landscaper, eq(landscaper.userId, jobOffer.landscaperId))
    // An offer whose day has passed cannot be booked: not shown (it lapses).
    .where(
      and(
        inArray(jobOffer.jobId, ids),
        eq(jobOffer.status, "waiting"),
        gte(jobOffer.scheduledDate, todayInCharlotte()),
      ),
    )
    .orderBy(asc(jobOffer.createdAt));
  if (rows.length === 0) return byJob;
  const records = await reliabilityOf(
    db,
    rows.map((r) => r.landscaperId),
  );
  const miles = await baseMiles(
    db,
    rows.map((r) => ({ from: r.baseZip, to: zipOf.get(r.jobId) ?? "" })),
  );
  const reviews = await reviewSummaries({ db, landscaperIds: rows.map((r) => r.landscaperId) });
  rows.forEach((r, index) => {
    const reliability = records.get(r.landscaperId)!;
    const list = byJob.get(r.jobId) ?? [];
    list.push({
      offerId: r.offerId,
      landscaperId: r.landscaperId,
      businessName: r.businessName,
      personName: r.fullName,
      initials: initialsOf(r.businessName || r.fullName),
      reliability,
      reviews: reviews.get(r.landscaperId) ?? noReviews,
      isNew: isNewOnGreenScape(reliability),
      distanceBand: distanceBand(miles[index] ?? null),
      perVisitCents: r.perVisitCents,
      firstVisitCents: r.firstVisitCents,
      quotedPerVisitCents: r.perVisitCents,
      date: r.date,
      createdAt: r.createdAt.toISOString(),
    });
    byJob.set(r.jobId, list);
  });
  return byJob;
}

/** Miles between pairs of ZIP centroids, in one statement (null where either has none). */
async function baseMiles(db: DbOrTx, pairs: readonly { from: string; to: string }[]) {
  const result = await db.execute(sql`
    select p.i, (select ${greatCircleMiles(
      { latitude: sql.raw("a.latitude"), longitude: sql.raw("a.longitude") },
      { latitude: sql.raw("b.latitude"), longitude: sql.raw("b.longitude") },
    )} from ${zipCode} a, ${zipCode} b where a.zip = p.from_zip and b.zip = p.to_zip) as miles
    from unnest(${sql.param(pairs.map((p) => p.from))}::text[], ${sql.param(pairs.map((p) => p.to))}::text[])
      with ordinality as p(from_zip, to_zip, i)
  `);
  const miles: (number | null)[] = [];
  for (const row of rowsOf<{ i: number | string; miles: unknown }>(result))
    miles[Number(row.i) - 1] = row.miles === null ? null : Number(row.miles);
  return miles;
}

/** In a pro's queue: their own waiting offer on each of these requests, and how many offers wait on each. */
export async function offerMarks(db: DbOrTx, landscaperId: string, jobIds: readonly string[]) {
  const marks = new Map<string, { mine: { date: string; createdAt: string } | null; count: number }>();
  if (jobIds.length === 0) return marks;
  const rows = await db
    .select({
      jobId: jobOffer.jobId,
      landscaperId: jobOffer.landscaperId,
      date: jobOffer.scheduledDate,
      createdAt: jobOffer.createdAt,
    })
    .from(jobOffer)
    .where(
      and(
        inArray(jobOffer.jobId, [...jobIds]),
        eq(jobOffer.status, "waiting"),
        gte(jobOffer.scheduledDate, todayInCharlotte()),
      ),
    );
  for (const row of rows) {
    const mark = marks.get(row.jobId) ?? { mine: null, count: 0 };
    mark.count += 1;
    if (row.landscaperId === landscaperId)
      mark.mine = { date: row.date, createdAt: row.createdAt.toISOString() };
    marks.set(row.jobId, mark);
  }
  return marks;
}
