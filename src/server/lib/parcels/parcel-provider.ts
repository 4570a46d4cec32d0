import { z } from "zod";

/**
 * Where a property's lot size comes from, behind one interface (issue 34): the embedded default knows nothing
 * (the customer's own answer stands); an ArcGIS REST adapter asks a county or state parcel layer. A lookup only
 * pre-selects the size the customer confirms; it never blocks a quote.
 */
export interface ParcelQuery {
  /** The street address as typed ("600 East Blvd"). */
  address: string;
  zipCode: string;
}

export interface ParcelLot {
  /** The lot's area in square feet, rounded. */
  lotSqFt: number;
  /** Shown beside it: "From county records". */
  source: string;
}

export interface ParcelProvider {
  readonly name: string;
  /** The lot, or null when the records have no single match. Throws `ParcelLookupError` when the service fails. */
  lookup(query: ParcelQuery): Promise<ParcelLot | null>;
}

export class ParcelLookupError extends Error {
  constructor(
    message: string,
    readonly reason: "timeout" | "http" | "malformed" | "service" | "too_large",
  ) {
    super(message);
    this.name = "ParcelLookupError";
  }
}

/** The embedded default: no parcel data, so the customer's own answer is the only one. */
export const noParcels: ParcelProvider = { name: "none", lookup: async () => null };

/**
 * "600 east blvd." → "600 EAST BLVD": upper case, punctuation dropped, spaces collapsed. The cache key and the
 * form a parcel layer's address field is compared in. Longer than 200 characters is refused before any pattern.
 */
export function normaliseAddress(address: string): string | null {
  if (address.length > 200) return null;
  const normal = address
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, " ")
    .replace(/ +/g, " ")
    .trim();
  return normal.length >= 3 ? normal : null;
}

export const SQ_FT_PER_ACRE = 43_560;

/** The settings of the ArcGIS adapter (env PARCEL_ARCGIS_*). */
export const arcgisParcelConfigSchema = z.object({
  /** The layer's URL, e.g. https://…/FeatureServer/0; `/query` is appended. */
  url: z.url(),
  addressField: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/),
  zipField: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/)
    .optional(),
  areaField: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/),
  areaUnit: z.enum(["acres", "sqft"]),
  timeoutMs: z.number().int().min(100).max(30_000),
  /** Shown to the customer beside the size. */
  source: z.string().min(1).max(60),
});
export type ArcgisParcelConfig = z.infer<typeof arcgisParcelConfigSchema>;
