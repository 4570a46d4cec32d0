import { addressLine } from "../../../../shared/address";

/**
 * Google documents at most nine waypoints for a directions link (three in a phone's browser without the
 * Google Maps app; decision 026), so a longer day is split into legs that each end where the next begins.
 */
export const MAX_WAYPOINTS = 9;

export interface MapsLeg {
  /** 1-based stop numbers the link covers, first to last: "Stops 1–10", then "Stops 10–12" from stop 10. */
  fromStop: number;
  toStop: number;
  url: string;
}

/** A Maps URLs directions link (https://developers.google.com/maps/documentation/urls): no key needed. */
function directionsUrl(origin: string | null, stops: readonly string[]): string {
  const params = new URLSearchParams({ api: "1" });
  // Without an origin Google Maps starts from where the phone is.
  if (origin) params.set("origin", origin);
  params.set("destination", stops.at(-1)!);
  if (stops.length > 1) params.set("waypoints", stops.slice(0, -1).join("|"));
  params.set("travelmode", "driving");
  return `https://www.google.com/maps/dir/?${params.toString()}`;
}

/**
 * The day's directions in the shown order, from the landscaper's base address (or, without one, from
 * wherever the phone is): one link for up to ten stops, else consecutive legs, each starting at the stop the
 * previous one ended on.
 */
export function mapsLegs(
  base: string | null,
  visits: readonly { address: string; zipCode: string }[],
): MapsLeg[] {
  const stops = visits.map((visit) => addressLine(visit.address, visit.zipCode));
  const legs: MapsLeg[] = [];
  let origin = base;
  let from = 0;
  while (from < stops.length) {
    const to = Math.min(stops.length, from + MAX_WAYPOINTS + 1);
    legs.push({
      fromStop: from === 0 ? 1 : from,
      toStop: to,
      url: directionsUrl(origin, stops.slice(from, to)),
    });
    origin = stops[to - 1]!;
    from = to;
  }
  return legs;
}
