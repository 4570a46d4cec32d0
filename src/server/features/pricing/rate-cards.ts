import { desc, eq, getTableColumns, lte, sql } from "drizzle-orm";
import { addDaysIso, todayInCharlotte } from "../../../shared/dates.js";
import {
  type FirmPrice,
  type GrassHeight,
  isSizeTier,
  PRICE_HOLD_DAYS,
  priceQuote,
  type RateCard,
} from "../../../shared/pricing.js";
import type { Frequency } from "../../../shared/recurring.js";
import type { ServiceId } from "../../../shared/services.js";
import { builtOnce } from "../../db/built-once.js";
import type { DbOrTx } from "../../db/client.js";
import { type job, rateCard } from "../../db/schema.js";

type RateCardRow = typeof rateCard.$inferSelect;

const cardOf = (row: RateCardRow): RateCard => ({
  version: row.version,
  effectiveFrom: row.effectiveFrom,
  ...row.card,
});

/**
 * The card in force on `day` (Charlotte): of the versions effective on or before it, the one with the latest
 * date (the newer version on a tie), so a card published ahead for a later date waits for that date.
 */
// Built once (db/built-once.ts): every quote reads it, inside its transaction.
const cardInForce = builtOnce<RateCardRow, { day: string }>(
  (db) =>
    db
      .select()
      .from(rateCard)
      .where(lte(rateCard.effectiveFrom, sql.placeholder("day")))
      .orderBy(desc(rateCard.effectiveFrom), desc(rateCard.version))
      .limit(1),
  getTableColumns(rateCard),
);

export async function rateCardOn(db: DbOrTx, day: string = todayInCharlotte()): Promise<RateCard> {
  const [row] = await cardInForce.run(db, { day });
  // Migration 0025 writes version 1, effective long before any quote: no row means a broken database.
  if (!row) throw new Error(`No rate card is in force on ${day}.`);
  return cardOf(row);
}

/** One published version, as a quote that used it recorded it. */
export async function rateCardVersion(db: DbOrTx, version: number): Promise<RateCard | null> {
  const [row] = await db.select().from(rateCard).where(eq(rateCard.version, version)).limit(1);
  return row ? cardOf(row) : null;
}

export interface PricedAnswers {
  services: readonly ServiceId[];
  sizeTier: string | null;
  frequency: Frequency;
  grassHeight: string | null;
}

/**
 * The firm price of a request's answers on `card`, held `PRICE_HOLD_DAYS` from `today`; null when the size is
 * not a tier (not sure, over an acre): a landscaper then prices the request.
 */
export function firmPriceOf(
  answers: PricedAnswers,
  card: RateCard,
  today: string = todayInCharlotte(),
): FirmPrice | null {
  if (!isSizeTier(answers.sizeTier)) return null;
  const breakdown = priceQuote(
    {
      services: answers.services,
      tier: answers.sizeTier,
      frequency: answers.frequency,
      grassHeight: (answers.grassHeight ?? "normal") as GrassHeight,
    },
    card,
  );
  return { ...breakdown, heldUntil: addDaysIso(today, PRICE_HOLD_DAYS) };
}

type FirmPriceColumns = Pick<
  typeof job.$inferSelect,
  "rateCardVersion" | "firmPriceCents" | "firstVisitSurchargeCents" | "priceLines" | "priceHeldUntil"
>;

/** What a job keeps of its firm price (all null for a request a landscaper prices). */
export function firmPriceColumns(price: FirmPrice | null): FirmPriceColumns {
  return {
    rateCardVersion: price?.rateCardVersion ?? null,
    firmPriceCents: price?.perVisitCents ?? null,
    firstVisitSurchargeCents: price ? price.firstVisitCents - price.perVisitCents : null,
    priceLines: price ? { lines: price.lines, firstVisitSurcharge: price.firstVisitSurcharge } : null,
    priceHeldUntil: price?.heldUntil ?? null,
  };
}

/** The firm price a job recorded, lines and all, as the quote showed it; null for one a landscaper prices. */
export function recordedFirmPrice(row: FirmPriceColumns): FirmPrice | null {
  if (row.firmPriceCents === null || row.rateCardVersion === null) return null;
  return {
    perVisitCents: row.firmPriceCents,
    firstVisitCents: row.firmPriceCents + (row.firstVisitSurchargeCents ?? 0),
    lines: row.priceLines?.lines ?? [],
    firstVisitSurcharge: row.priceLines?.firstVisitSurcharge ?? null,
    rateCardVersion: row.rateCardVersion,
    heldUntil: row.priceHeldUntil ?? "",
  };
}

/**
 * The firm price a landscaper takes with a request (issue 34): the recorded one while it is held; after the
 * hold, the same answers on the card then in force (the customer still approves the offer before anything is
 * booked). Null for a request a landscaper prices.
 */
export async function firmPriceAtAccept(
  db: DbOrTx,
  row: FirmPriceColumns & Pick<typeof job.$inferSelect, "selectedServices" | "sizeTier" | "grassHeight">,
  frequency: Frequency,
  today: string = todayInCharlotte(),
): Promise<FirmPrice | null> {
  const recorded = recordedFirmPrice(row);
  if (!recorded || today <= recorded.heldUntil) return recorded;
  return firmPriceOf(
    { ...row, services: row.selectedServices as ServiceId[], frequency },
    await rateCardOn(db, today),
    today,
  );
}
