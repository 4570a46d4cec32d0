/** A ZIP centroid, in degrees. */
export interface Point {
  latitude: number;
  longitude: number;
}

/** What the order needs of a visit: its job number (the last tie-break), its ZIP and that ZIP's centroid. */
export interface OrderStop {
  number: number;
  zipCode: string;
  /** Null when the ZIP has no centroid in our data. */
  point: Point | null;
}

export interface Leg<T> {
  stop: T;
  /** Miles from the previous stop (from the start for the first), to a tenth; null when an end is unknown. */
  legMiles: number | null;
}

export interface DrivingOrder<T> {
  legs: Leg<T>[];
  /** The sum of the legs as shown (each to a tenth), to a tenth. */
  totalMiles: number;
}

/** The earth's mean radius, as the database's great-circle distance uses it (landscapers/coverage.ts). */
const EARTH_RADIUS_MILES = 3958.8;
/** Distances closer than this are a tie (the same ZIP twice, or floating-point noise). */
const TIE_MILES = 1e-9;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) miles between two points: the same formula as the database's greatCircleMiles. */
export function haversineMiles(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const tenth = (miles: number) => Math.round(miles * 10) / 10;

/** The fixed order ties fall back on: ZIP, then job number (both unique together). */
function byZipThenNumber(a: OrderStop, b: OrderStop): number {
  return a.zipCode < b.zipCode ? -1 : a.zipCode > b.zipCode ? 1 : a.number - b.number;
}

/**
 * A suggested driving order for one day: nearest neighbour from `start` (the landscaper's base ZIP), each
 * next stop the closest unvisited one to the current stop; ties (the same ZIP, equal distances) go to the
 * lower ZIP, then the lower job number, so the same visits always come out in the same order whatever order
 * they came in. Visits whose ZIP has no centroid follow every mapped one (by ZIP and number) with no leg.
 * Without a start point the day starts at the first mapped visit in that fixed order, with no first leg.
 */
export function suggestDrivingOrder<T extends OrderStop>(
  start: Point | null,
  stops: readonly T[],
): DrivingOrder<T> {
  const sorted = [...stops].sort(byZipThenNumber);
  const remaining = sorted.filter((stop) => stop.point !== null);
  const legs: Leg<T>[] = [];
  let here = start;
  while (remaining.length > 0) {
    let best = 0;
    let bestMiles = here ? haversineMiles(here, remaining[0]!.point!) : null;
    if (here) {
      for (let i = 1; i < remaining.length; i++) {
        const miles = haversineMiles(here, remaining[i]!.point!);
        if (miles < bestMiles! - TIE_MILES) {
          best = i;
          bestMiles = miles;
        }
      }
    }
    const [next] = remaining.splice(best, 1);
    legs.push({ stop: next!, legMiles: bestMiles === null ? null : tenth(bestMiles) });
    here = next!.point;
  }
  for (const stop of sorted) if (stop.point === null) legs.push({ stop, legMiles: null });
  const totalMiles = tenth(legs.reduce((sum, leg) => sum + (leg.legMiles ?? 0), 0));
  return { legs, totalMiles };
}
