import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { DbOrTx } from "../../db/client.js";
import { parcelLot } from "../../db/schema.js";
import {
  normaliseAddress,
  ParcelLookupError,
  type ParcelLot,
  type ParcelProvider,
} from "../../lib/parcels/parcel-provider.js";

/** A match is good for half a year (lots rarely change); "no match" for a month (records get fixed). */
const MATCH_DAYS = 180;
const NO_MATCH_DAYS = 30;

export interface LotLookup {
  lot: ParcelLot | null;
  /** Where the answer came from: the cache, the provider, or nowhere (a failure, or no provider). */
  from: "cache" | "provider" | "none";
}

/**
 * The lot of an address for the quote form's size question: from the cache, else the provider (then cached).
 * A provider failure answers "none" and is logged; it never fails the quote.
 */
export async function lookupLot(options: {
  db: DbOrTx;
  provider: ParcelProvider;
  address: string;
  zipCode: string;
  now?: Date;
  log?: FastifyBaseLogger;
}): Promise<LotLookup> {
  const { db, provider } = options;
  const now = options.now ?? new Date();
  const normal = normaliseAddress(options.address);
  if (provider.name === "none" || !normal || !/^\d{5}$/.test(options.zipCode))
    return { lot: null, from: "none" };
  const key = `${normal}|${options.zipCode}`;
  const [cached] = await db.select().from(parcelLot).where(eq(parcelLot.addressKey, key));
  if (cached && cached.provider === provider.name) {
    const ageDays = (now.getTime() - cached.lookedUpAt.getTime()) / 86_400_000;
    if (ageDays < (cached.lotSqFt === null ? NO_MATCH_DAYS : MATCH_DAYS))
      return {
        lot: cached.lotSqFt === null ? null : { lotSqFt: cached.lotSqFt, source: cached.source ?? "" },
        from: "cache",
      };
  }
  let lot: ParcelLot | null;
  try {
    lot = await provider.lookup({ address: options.address, zipCode: options.zipCode });
  } catch (error) {
    if (!(error instanceof ParcelLookupError)) throw error;
    options.log?.warn({ reason: error.reason, err: error.message }, "parcel lookup failed");
    return { lot: null, from: "none" };
  }
  const row = {
    addressKey: key,
    lotSqFt: lot?.lotSqFt ?? null,
    source: lot?.source ?? null,
    provider: provider.name,
    lookedUpAt: now,
  };
  await db
    .insert(parcelLot)
    .values(row)
    .onConflictDoUpdate({
      target: parcelLot.addressKey,
      set: {
        lotSqFt: sql`excluded.lot_sq_ft`,
        source: sql`excluded.source`,
        provider: sql`excluded.provider`,
        lookedUpAt: sql`excluded.looked_up_at`,
      },
    });
  return { lot, from: "provider" };
}
