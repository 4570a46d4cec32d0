import { improvePath, pathMiles } from "./route-search.js";

/** A map point, in degrees: a ZIP centroid today (no address carries its own point yet). */
export interface Point {
  latitude: number;
  longitude: number;
}

/** What the order needs of a visit: its job number (booking order and the last tie-break), its ZIP and point. */
export interface OrderStop {
  number: number;
  zipCode: string;
  /** Null when the visit has no point on our map. */
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
  /**
   * Straight-line miles of the mapped visits driven in the suggested order and in the booked order (by job
   * number, the order they were booked and are listed in elsewhere), unrounded, from the same start.
   */
  suggestedMiles: number;
  bookedMiles: number;
}

/** The earth's mean radius, as the database's great-circle distance uses it (landscapers/coverage.ts). */
const EARTH_RADIUS_MILES = 3958.8;

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
 * Node 0 is the start; nodes 1…n the mapped stops. Without a start point node 0 is a free start, nought miles
 * from every stop, so the same open-path search also picks where the day begins.
 */
function distanceMatrix(start: Point | null, points: readonly Point[]): number[][] {
  const nodes = points.length + 1;
  const matrix = Array.from({ length: nodes }, () => new Array<number>(nodes).fill(0));
  for (let i = 1; i < nodes; i++) {
    if (start) matrix[0]![i] = matrix[i]![0] = haversineMiles(start, points[i - 1]!);
    for (let j = i + 1; j < nodes; j++)
      matrix[i]![j] = matrix[j]![i] = haversineMiles(points[i - 1]!, points[j - 1]!);
  }
  return matrix;
}

/**
 * A suggested driving order for one day, an open path from `start` (the landscaper's base; the drive home
 * is not counted, as before): nearest neighbour, then 2-opt and Or-opt moves until none shortens the day
 * (route-search.ts). The booked order is improved the same way and the shorter of the two kept, so the
 * suggestion is never longer than the booked order. Ties (the same ZIP, equal distances) keep the fixed
 * order by ZIP then job number, so the same visits always come out in the same order whatever order they
 * came in. Visits without a point follow every mapped one (by ZIP and number) with no leg. Without a start
 * point the day starts where the search finds best, with no first leg.
 */
export function suggestDrivingOrder<T extends OrderStop>(
  start: Point | null,
  stops: readonly T[],
): DrivingOrder<T> {
  const sorted = [...stops].sort(byZipThenNumber);
  const mapped = sorted.filter((stop) => stop.point !== null);
  const matrix = distanceMatrix(
    start,
    mapped.map((stop) => stop.point!),
  );
  // Node i is mapped[i - 1]; the booked order is by job number.
  const booked = [
    0,
    ...mapped
      .map((stop, i) => ({ number: stop.number, node: i + 1 }))
      .sort((a, b) => a.number - b.number)
      .map((entry) => entry.node),
  ];
  const path = improvePath(matrix, booked);

  const legs: Leg<T>[] = [];
  for (let i = 1; i < path.length; i++) {
    const first = i === 1;
    legs.push({
      stop: mapped[path[i]! - 1]!,
      legMiles: first && !start ? null : tenth(matrix[path[i - 1]!]![path[i]!]!),
    });
  }
  for (const stop of sorted) if (stop.point === null) legs.push({ stop, legMiles: null });
  const totalMiles = tenth(legs.reduce((sum, leg) => sum + (leg.legMiles ?? 0), 0));
  return {
    legs,
    totalMiles,
    suggestedMiles: pathMiles(matrix, path),
    bookedMiles: pathMiles(matrix, booked),
  };
}
