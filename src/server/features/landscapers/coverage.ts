import { count, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { zipCode } from "../../db/schema.js";

/** Charlotte's metro spans both Carolinas: their ZIP centroids, from the offline `zipcodes` package. */
const coveredStates = new Set(["NC", "SC"]);

/** "25+ miles" on the form: a landscaper who picks it will drive further, so it covers 40 miles. */
export function effectiveRadiusMiles(travelRadius: number): number {
  return travelRadius >= 25 ? 40 : travelRadius;
}

/** A point in SQL: the latitude and longitude columns (or values) of a ZIP centroid. */
export interface SqlPoint {
  latitude: SQL | unknown;
  longitude: SQL | unknown;
}

/** Great-circle (haversine) distance in miles between two points, computed by the database. */
export function greatCircleMiles(a: SqlPoint, b: SqlPoint): SQL<number> {
  return sql<number>`(3958.8 * 2 * asin(sqrt(
    power(sin(radians(${b.latitude} - ${a.latitude}) / 2), 2) +
    cos(radians(${a.latitude})) * cos(radians(${b.latitude})) * power(sin(radians(${b.longitude} - ${a.longitude}) / 2), 2)
  )))`;
}

export async function ensureZipData(db: DbOrTx) {
  const [row] = await db.select({ n: count() }).from(zipCode);
  if ((row?.n ?? 0) > 0) return;
  const { default: zipcodes } = await import("zipcodes");
  const rows = Object.values(zipcodes.codes)
    .filter((z) => coveredStates.has(z.state) && /^\d{5}$/.test(z.zip))
    .map((z) => ({ zip: z.zip, city: z.city, state: z.state, latitude: z.latitude, longitude: z.longitude }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(zipCode)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

/** The centroid columns of a zip_code row under a raw-SQL alias. */
function point(alias: string): SqlPoint {
  return { latitude: sql.raw(`${alias}.latitude`), longitude: sql.raw(`${alias}.longitude`) };
}

/**
 * Every known ZIP within the radius of any listed ZIP (great-circle distance between centroids, in the
 * database), plus the listed ZIPs themselves even when they are unknown to the data set.
 */
export async function coveredZipCodes(db: DbOrTx, zips: string[], travelRadius: number): Promise<string[]> {
  if (zips.length === 0) return [];
  const radius = effectiveRadiusMiles(travelRadius);
  const result = await db.execute<{ zip: string }>(sql`
    select distinct z.zip
    from ${zipCode} z
    join ${zipCode} c on c.zip = any(${sql.param(zips)}::text[])
    where ${greatCircleMiles(point("c"), point("z"))} <= ${radius}
  `);
  const rows = rowsOf<{ zip: string }>(result);
  return [...new Set([...zips, ...rows.map((r) => r.zip)])].sort();
}

/** Distance in miles between two ZIP centroids, or null when one is unknown. */
export async function zipDistanceMiles(db: DbOrTx, a: string, b: string): Promise<number | null> {
  const result = await db.execute<{ miles: number }>(sql`
    select ${greatCircleMiles(point("x"), point("y"))} as miles
    from ${zipCode} x, ${zipCode} y where x.zip = ${a} and y.zip = ${b}
  `);
  const rows = rowsOf<{ miles: number }>(result);
  return rows[0] ? Number(rows[0].miles) : null;
}
