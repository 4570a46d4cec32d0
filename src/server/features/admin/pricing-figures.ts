import { and, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { AnalyticsRange } from "../../../shared/admin.js";
import { addDaysIso, BUSINESS_TIME_ZONE, todayInCharlotte } from "../../../shared/dates.js";
import { sizeTiers } from "../../../shared/pricing.js";
import type { PricingFigures } from "../../../shared/pricing-admin.js";
import type { DbOrTx } from "../../db/client.js";
import { job } from "../../db/schema.js";
import { toNumber } from "./query-helpers.js";

const midnight = (isoDate: string) => sql`(${isoDate}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

/**
 * The firm price's figures over the last `range` days (Charlotte), from requests that recorded a size answer
 * (every quote since issue 34; older requests and generated series visits have none). A price change counts
 * once per job, whether asked before the work (job_price_change) or as a final price above the agreed one.
 */
export async function pricingFigures(options: {
  db: DbOrTx;
  range: AnalyticsRange;
  now?: Date;
}): Promise<PricingFigures> {
  const today = todayInCharlotte(options.now);
  const window = and(
    isNotNull(job.sizeTier),
    gte(job.createdAt, midnight(addDaysIso(today, -(options.range - 1)))),
    lt(job.createdAt, midnight(addDaysIso(today, 1))),
  );
  const [totals] = await options.db
    .select({
      quotes: sql<number>`count(*)`,
      firmQuotes: sql<number>`count(*) filter (where ${job.firmPriceCents} is not null)`,
      takenFirm: sql<number>`count(*) filter (where ${job.firmPriceCents} is not null and ${job.acceptedAt} is not null)`,
      // Before the work (job_price_change, one row per ask) or at completion (a final price above the agreed).
      // `job.id` written out: drizzle leaves a single-table select's columns unqualified, and inside the
      // subquery "id" would name job_price_change's own.
      requested: sql<number>`count(*) filter (where ${job.firmPriceCents} is not null and (${job.requestedPriceCents} is not null
        or exists (select 1 from job_price_change c where c.job_id = job.id)))`,
      approved: sql<number>`count(*) filter (where ${job.firmPriceCents} is not null and (${job.priceIncreaseApprovedAt} is not null
        or exists (select 1 from job_price_change c where c.job_id = job.id and c.status = 'approved')))`,
    })
    .from(job)
    .where(window);
  const tiers = await options.db
    .select({
      tier: job.sizeTier,
      quotes: sql<number>`count(*)`,
      average: sql<number>`round(avg(${job.firmPriceCents}))`,
    })
    .from(job)
    .where(window)
    .groupBy(job.sizeTier);
  const byTier = new Map(tiers.map((row) => [row.tier, row]));
  return {
    range: options.range,
    quotes: toNumber(totals?.quotes),
    firmQuotes: toNumber(totals?.firmQuotes),
    takenFirm: toNumber(totals?.takenFirm),
    priceChangesRequested: toNumber(totals?.requested),
    priceChangesApproved: toNumber(totals?.approved),
    // Every answer, the two without a firm price last: how many customers could not say their lot's size.
    byTier: [
      ...sizeTiers.map((tier) => ({ id: tier.id as string, label: tier.label })),
      { id: "not_sure", label: "Not sure" },
      { id: "large", label: "Over 1 acre, or commercial" },
    ].map((tier) => ({
      tier: tier.id,
      label: tier.label,
      quotes: toNumber(byTier.get(tier.id)?.quotes),
      averageCents: toNumber(byTier.get(tier.id)?.average),
    })),
  };
}
