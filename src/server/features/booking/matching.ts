import { sql } from "drizzle-orm";
import {
  type AvailablePro,
  adjustedCents,
  BOOKING_HORIZON_DAYS,
  distanceBand,
  FIRST_DAYS_SHOWN,
  PROS_SHOWN,
} from "../../../shared/booking.js";
import { todayInCharlotte } from "../../../shared/dates.js";
import { initialsOf } from "../../../shared/landscapers.js";
import { isNewOnGreenScape } from "../../../shared/reliability.js";
import { noReviews } from "../../../shared/reviews.js";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { job, zipCode as zipTable } from "../../db/schema.js";
import { greatCircleMiles, reliabilityOf } from "../landscapers/index.js";
import { reviewSummaries } from "../reviews/index.js";
import { instantCandidates } from "./free-days.js";
import { rank } from "./ranking.js";

export interface AvailableProsOptions {
  db: DbOrTx;
  zipCode: string;
  services: readonly string[];
  /** The customer's wanted day: pros are looked for from it (or today, when it has passed). */
  wantedDate: string;
  /** The request's firm price; each pro's own percentage moves it. */
  price: { perVisitCents: number; firstVisitCents: number };
  exclude?: readonly string[];
  /** Only these landscapers (the pro a customer came from); everyone when omitted. */
  only?: readonly string[];
  /** The price the customer already agreed (after a release): every pro comes at it. */
  fixedPrice?: boolean;
  /** Our team's assignment: the pro confirms it, so instant booking need not be on (free-days.ts). */
  confirmsThemselves?: boolean;
  limit?: number;
  now?: Date;
}

const point = (alias: string) => ({
  latitude: sql.raw(`${alias}.latitude`),
  longitude: sql.raw(`${alias}.longitude`),
});

/**
 * Each candidate's distance from the property: from their base ZIP, and from their nearest other visit on
 * their first free day (the route they already drive), both between ZIP centroids.
 */
async function distances(
  db: DbOrTx,
  zipCode: string,
  candidates: readonly { landscaperId: string; baseZip: string; day: string }[],
) {
  const result = await db.execute(sql`
    with c as (
      select * from unnest(
        ${sql.param(candidates.map((c) => c.landscaperId))}::text[],
        ${sql.param(candidates.map((c) => c.baseZip))}::text[],
        ${sql.param(candidates.map((c) => c.day))}::date[]
      ) as c(id, base_zip, day)
    )
    select c.id,
      (select ${greatCircleMiles(point("b"), point("p"))} from ${zipTable} b, ${zipTable} p
        where b.zip = c.base_zip and p.zip = ${zipCode}) as base_miles,
      (select min(${greatCircleMiles(point("v"), point("p"))})
        from ${job} j
        join ${zipTable} v on v.zip = j.zip_code
        join ${zipTable} p on p.zip = ${zipCode}
        where j.landscaper_id = c.id and j.scheduled_date = c.day
          and j.status in ('accepted', 'scheduled')) as visit_miles
    from c
  `);
  const byId = new Map<string, { baseMiles: number | null; nearestVisitMiles: number | null }>();
  for (const r of rowsOf<{ id: string; base_miles: unknown; visit_miles: unknown }>(result)) {
    byId.set(r.id, {
      baseMiles: r.base_miles === null ? null : Number(r.base_miles),
      nearestVisitMiles: r.visit_miles === null ? null : Number(r.visit_miles),
    });
  }
  return byId;
}

/**
 * The pros a customer may book at once for a request, best first (ranking.ts), each with their price for
 * this property and their first free days. Pros with no free day in the next three weeks are left out.
 */
export async function availablePros(options: AvailableProsOptions): Promise<AvailablePro[]> {
  const { db } = options;
  const today = todayInCharlotte(options.now);
  // The later of two yyyy-mm-dd dates (strings: Math.max would not do).
  const from = [options.wantedDate, today].sort().at(-1)!;
  const candidates = (
    await instantCandidates(db, {
      zipCode: options.zipCode,
      services: options.services,
      from,
      horizonDays: BOOKING_HORIZON_DAYS,
      maxDays: FIRST_DAYS_SHOWN,
      exclude: options.exclude,
      ...(options.only ? { only: options.only } : {}),
      confirmsThemselves: options.confirmsThemselves,
      now: options.now,
    })
  ).filter((c) => c.freeDays.length > 0);
  if (candidates.length === 0) return [];
  const ids = candidates.map((c) => c.landscaperId);
  // One after the other: in a transaction (a release's re-offer) both would share one connection anyway.
  const records = await reliabilityOf(db, ids, { now: options.now });
  const reviews = await reviewSummaries({ db, landscaperIds: ids, now: options.now });
  const miles = await distances(
    db,
    options.zipCode,
    candidates.map((c) => ({ landscaperId: c.landscaperId, baseZip: c.baseZip, day: c.freeDays[0]! })),
  );
  const ranked = rank(
    candidates.map((c) => ({
      ...c,
      // After a release every pro comes at the agreed price: their own rate does not rank them.
      priceAdjustPercent: options.fixedPrice ? 0 : c.priceAdjustPercent,
      firstDay: c.freeDays[0],
      reliability: records.get(c.landscaperId)!,
      baseMiles: miles.get(c.landscaperId)?.baseMiles ?? null,
      nearestVisitMiles: miles.get(c.landscaperId)?.nearestVisitMiles ?? null,
    })),
    options.limit ?? PROS_SHOWN,
  );
  return ranked.map(({ item, score, reason }) => {
    const percent = options.fixedPrice ? 0 : item.priceAdjustPercent;
    return {
      landscaperId: item.landscaperId,
      businessName: item.businessName,
      personName: item.fullName,
      initials: initialsOf(item.businessName || item.fullName),
      reliability: item.reliability,
      reviews: reviews.get(item.landscaperId) ?? noReviews,
      isNew: isNewOnGreenScape(item.reliability),
      distanceBand: distanceBand(item.baseMiles),
      perVisitCents: adjustedCents(options.price.perVisitCents, percent),
      firstVisitCents: adjustedCents(options.price.firstVisitCents, percent),
      quotedPerVisitCents: options.price.perVisitCents,
      priceAdjustPercent: percent,
      firstDays: item.freeDays,
      reason,
      score,
    };
  });
}
